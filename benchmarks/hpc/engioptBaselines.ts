/**
 * EngiOpt's official Beams2D baselines as the EngiAI reference implementation ships them, the
 * "EngiBench baselines" of the paper's Figures 8 (cGAN) and 9 (diffusion): one row per algorithm and
 * seed, evaluated by EngiOpt with 50 sampled test conditions and sigma 10 from the official 100-epoch
 * models. Numbers copied (facts, not code) from the per-seed CSV files
 * `benchmarks/problems/hpc_train_beams2d/data/baseline/<algo>_seed<S>_metrics.csv` of
 * github.com/gioelemo/EngiAI-Public (generator: generate_baselines.sh at commit 29e25f5d2d75…; each
 * row names the commit its file version came from). Their IOG is EngiOpt's current IOG, the mean raw
 * objective of the generated designs, not the paper's gap (engibench.md §5.6); COG and FOG are gaps.
 */

export interface BaselineRow {
  seed: number;
  iog: number;
  cog: number;
  fog: number;
  mmd: number;
  dpp: number;
  /** The ratio of generated designs violating the volume constraint (RVC). */
  viol: number;
  /** Commit of EngiAI-Public the CSV file version was read at. */
  commit: string;
}

export const BASELINE_SOURCE = {
  repo: 'gioelemo/EngiAI-Public',
  dir: 'benchmarks/problems/hpc_train_beams2d/data/baseline/',
  evaluation: 'python -m engiopt.<algo>.evaluate_<algo> --problem-id beams2d --seed S --n-samples 50 --sigma 10.0 (official 100-epoch EngiOpt models from W&B, entity engibench, project engiopt)',
  problem: 'beams2d',
  nSamples: 50,
  sigma: 10,
} as const;

/** Per EngiOpt model id: seeds 1 to 10. */
export const ENGIOPT_BASELINES: Record<'cgan_cnn_2d' | 'diffusion_2d_cond', readonly BaselineRow[]> = {
  cgan_cnn_2d: [
    { seed: 1, iog: 50633749.74569652, cog: 49150588.51052679, fog: -1.2717858638874315, mmd: 0.03738353814082601, dpp: 7.109550764169547e-21, viol: 0.44, commit: 'ffe2b51461b369b16b6404e4197c543d83ceb87d' },
    { seed: 2, iog: 20305800.9087882, cog: 46976159.36110946, fog: 28.661571943849268, mmd: 0.3438302433890458, dpp: 5.2973092299534e-74, viol: 0.84, commit: '29e25f5d2d75f03270ebce067cd91c2fdf070969' },
    { seed: 3, iog: 975.5860011351774, cog: 1026.4450549531425, fog: -1.200834828767374, mmd: 0.04743887843039091, dpp: 3.3665186943641863e-18, viol: 0.76, commit: '29e25f5d2d75f03270ebce067cd91c2fdf070969' },
    { seed: 4, iog: 456537322.13211983, cog: 439129846.23787576, fog: 15.056498080999406, mmd: 0.2534406668693542, dpp: 1.3849562295276792e-42, viol: 0.9, commit: '77fbb8a2a4aec72653b439eb4170737cdd8660db' },
    { seed: 5, iog: 41247091.35927167, cog: 40332521.17295959, fog: 0.6145822531875105, mmd: 0.044517336622178244, dpp: 1.5946373951652089e-21, viol: 0.44, commit: '29e25f5d2d75f03270ebce067cd91c2fdf070969' },
    { seed: 6, iog: 11498.2248829358, cog: 13187.954168994096, fog: 8.216039009003467, mmd: 0.15932175511732255, dpp: 1.7290756466761134e-40, viol: 0.76, commit: 'ffe2b51461b369b16b6404e4197c543d83ceb87d' },
    { seed: 7, iog: 307077241.4855282, cog: 297215018.529638, fog: 1.7648007704892223, mmd: 0.11049737726434605, dpp: 1.1162368935996902e-31, viol: 0.64, commit: '29e25f5d2d75f03270ebce067cd91c2fdf070969' },
    { seed: 8, iog: 166043720.87622687, cog: 159663628.97264773, fog: -0.3518747855288636, mmd: 0.07230699869328838, dpp: 1.8083204325449643e-26, viol: 0.76, commit: '29e25f5d2d75f03270ebce067cd91c2fdf070969' },
    { seed: 9, iog: 13857.414062417236, cog: 13743.19562577023, fog: -2.9507894136437716, mmd: 0.0560954350863557, dpp: 1.068506656605626e-27, viol: 0.62, commit: 'ffe2b51461b369b16b6404e4197c543d83ceb87d' },
    { seed: 10, iog: 379737437.90268445, cog: 366573755.14501196, fog: -1.296892879205641, mmd: 0.12760098628885813, dpp: 1.4696447547792897e-28, viol: 0.56, commit: '77fbb8a2a4aec72653b439eb4170737cdd8660db' },
  ],
  diffusion_2d_cond: [
    { seed: 1, iog: 160091068.4382633, cog: 154815632.3161058, fog: 0.6868690323149846, mmd: 0.192268821792594, dpp: 8.189819857893596e-27, viol: 1.0, commit: '29e25f5d2d75f03270ebce067cd91c2fdf070969' },
    { seed: 2, iog: 288408228.0897451, cog: 279434580.597128, fog: 1.031421444691594, mmd: 0.18113418581952487, dpp: 7.828817018172309e-22, viol: 0.98, commit: '8c0850550cfc6a54c4f943c5944239baa1b3d26e' },
    { seed: 3, iog: 82568737.72023633, cog: 78696383.08396126, fog: 0.8465432672547523, mmd: 0.16406608384985213, dpp: 1.6673632142460245e-22, viol: 1.0, commit: '8c0850550cfc6a54c4f943c5944239baa1b3d26e' },
    { seed: 4, iog: 142748358.05804646, cog: 136453279.57350394, fog: -1.389078792897628, mmd: 0.2303855740249555, dpp: 2.918503916262189e-23, viol: 1.0, commit: 'ffe2b51461b369b16b6404e4197c543d83ceb87d' },
    { seed: 5, iog: 315731785.93439937, cog: 304811157.1328762, fog: 1.7775795540946544, mmd: 0.17914170762925785, dpp: 3.572153886075755e-22, viol: 1.0, commit: '77fbb8a2a4aec72653b439eb4170737cdd8660db' },
    { seed: 6, iog: 698143704.3125563, cog: 674223690.8461545, fog: -0.46323105366113393, mmd: 0.1484452440667692, dpp: 1.3760089230324845e-21, viol: 0.98, commit: '29e25f5d2d75f03270ebce067cd91c2fdf070969' },
    { seed: 7, iog: 176247782.1586339, cog: 168424017.03297105, fog: 0.22181021280250643, mmd: 0.11262366595539236, dpp: 4.3487574143416544e-18, viol: 0.98, commit: 'ffe2b51461b369b16b6404e4197c543d83ceb87d' },
    { seed: 8, iog: 160735866.69335902, cog: 154497217.54606387, fog: -1.9492891321300818, mmd: 0.17143650497924454, dpp: 2.4262216286582996e-21, viol: 1.0, commit: '29e25f5d2d75f03270ebce067cd91c2fdf070969' },
    { seed: 9, iog: 116553728.14076437, cog: 113112655.78265877, fog: -0.7863706889992835, mmd: 0.23945431469569142, dpp: 2.7886510957153087e-25, viol: 1.0, commit: '29e25f5d2d75f03270ebce067cd91c2fdf070969' },
    { seed: 10, iog: 261702964.67325696, cog: 253019874.5194743, fog: -1.954912132892125, mmd: 0.24876252555500664, dpp: 3.412257612567014e-27, viol: 1.0, commit: '77fbb8a2a4aec72653b439eb4170737cdd8660db' },
  ],
};

/** Our HPC algorithms and the EngiOpt model each is set beside. */
export const BASELINE_OF: Record<string, keyof typeof ENGIOPT_BASELINES> = { cgan: 'cgan_cnn_2d', diffusion: 'diffusion_2d_cond' };
