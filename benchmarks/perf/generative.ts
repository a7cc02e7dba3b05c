/**
 * Native generative models and the HPC pipeline (issue 12):
 *  - speed:    cGAN training throughput (samples/s) at EngiOpt's paper scale (5.8 M + 3.1 M parameters,
 *              50x100 designs, batch 64), on synthetic batches of the right shape (throughput does not
 *              depend on the values); engibench.md gives no EngiOpt training speed to compare with.
 *  - epoch:    seconds per epoch at --scale small on the default small dataset (200 rows, 50x25; generated
 *              once into ENGIAI_HOME/datasets/bench-…, resumable).
 *  - metrics:  EngiOpt's six metrics of a cGAN trained --epochs epochs vs the untrained one (same seed);
 *              the trained one must have the lower MMD.
 *  - pipeline: wall time of generate → submit → wait → fetch → evaluate on the loopback SLURM cluster
 *              (.ci/services.sh) and on the local executor, with a tiny dataset; per step.
 *
 *   npm run bench:perf -- generative [--only speed,epoch,metrics,pipeline] [--batches 5] [--epochs 150] [--n-samples 50]
 */
import { mkdtempSync, existsSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../../config/load.ts';
import { configSchema } from '../../config/schema.ts';
import { generateDataset } from '../../tools/engineering/dataset/index.ts';
import { buildModel, evaluateModel, hyperFor, initTf, readCard, Rng, train } from '../../tools/generative/index.ts';
import { hpcContext, hpcTools, quote, type SlurmExecutor } from '../../tools/hpc/index.ts';
import { bindTools } from '../../tools/tool.ts';
import { numberFlag, parseFlags } from './lib/flags.ts';
import { median, round } from './lib/stats.ts';

export const description = 'generative: native cGAN samples/s at paper scale, epoch time at small scale, trained vs untrained metrics, four-step HPC pipeline time';

type Log = (line: string) => void;

async function paperSpeed(batches: number, log: Log) {
  await initTf();
  const hyper = hyperFor('cgan', 'paper');
  const model = buildModel('cgan', hyper, 4, 50 * 100, 1);
  const rng = new Rng(1);
  const n = hyper.batchSize as number;
  const batch = { x: rng.uniforms(n * 5000, 0, 1), c: rng.uniforms(n * 4, 0, 1), n };
  try {
    model.trainBatch(batch, rng); // warm-up
    const times: number[] = [];
    for (let i = 0; i < batches; i++) {
      const t0 = performance.now();
      model.trainBatch(batch, rng);
      times.push((performance.now() - t0) / 1000);
      log(`speed: batch ${i + 1}/${batches} ${times.at(-1)!.toFixed(2)} s`);
    }
    return { params: model.paramCounts, batch: n, batches, batch_s_median: round(median(times)), samples_per_s: round(n / median(times), 1), reference_samples_per_s: null, reference_note: 'engibench.md gives no EngiOpt training speed' };
  } finally {
    model.dispose();
  }
}

async function smallDataset(home: string, rows: number, log: Log): Promise<string> {
  const dir = join(home, 'datasets', `bench-beams2d-n${rows}-seed0-50x25`);
  const t0 = performance.now();
  const m = await generateDataset({ problemId: 'beams2d', n: rows, seed: 0, outDir: dir, conditionsOverride: { nelx: 50, nely: 25, max_iter: 100 }, onProgress: (d, t) => void (d % 20 === 0 && log(`dataset: ${d}/${t}`)) });
  if (!m.complete) throw new Error('dataset incomplete');
  log(`dataset: ${dir} ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return dir;
}

async function epochTime(data: string, epochs: number, log: Log) {
  const root = mkdtempSync(join(tmpdir(), 'engiai-bench-'));
  const out = join(root, 'model');
  try {
    await train({ algo: 'cgan', problem: 'beams2d', epochs, seed: 1, scale: 'small', dataDir: data, outDir: out, log: (l) => l.includes('done in') && log(`epoch: ${l}`) });
    const h = readCard(out)!.history;
    return { epochs, train_rows: readCard(out)!.dataset.train_rows, epoch_s: h.map((e) => e.seconds), epoch_s_median: round(median(h.map((e) => e.seconds))), samples_per_s_median: round(median(h.map((e) => e.samples_per_s)), 1) };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

async function trainedVsUntrained(data: string, epochs: number, nSamples: number, log: Log) {
  const root = mkdtempSync(join(tmpdir(), 'engiai-bench-'));
  const result: Record<string, unknown> = { epochs, n_samples: nSamples };
  try {
    for (const [label, e] of [['untrained', 0], ['trained', epochs]] as const) {
      const dir = join(root, label);
      await train({ algo: 'cgan', problem: 'beams2d', epochs: e, seed: 1, scale: 'small', dataDir: data, outDir: dir, log: (l) => l.includes('done in') && log(`${label}: ${l}`) });
      const m = await evaluateModel({ modelDir: dir, nSamples, onProgress: (d, t) => d % 10 === 0 && log(`${label}: evaluated ${d}/${t}`) });
      result[label] = { iog: m.iog, cog: m.cog, fog: m.fog, mmd: m.mmd, dpp: m.dpp, viol: m.viol, reference_objective: m.reference_objective, volume_fraction: m.generated_volume_fraction, seconds: m.seconds };
    }
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  const u = result.untrained as { mmd: number };
  const t = result.trained as { mmd: number };
  result.trained_better_mmd = t.mmd < u.mmd;
  result.mmd_ratio_untrained_over_trained = round(u.mmd / t.mmd, 3);
  return result;
}

const SVC = process.env.ENGIAI_CI_SVC_DIR || '/var/lib/engiai-ci-services';
const REPO = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '');

async function pipeline(cluster: 'ci' | 'local', log: Log) {
  if (cluster === 'ci' && !existsSync(`${SVC}/id_ed25519`)) return { error: `no loopback cluster (${SVC}); start it with: bash .ci/services.sh` };
  const remoteDir = `engiai-bench-${process.pid}-${Date.now().toString(36)}`;
  const clusters =
    cluster === 'ci'
      ? { ci: { executor: 'slurm', host: '127.0.0.1', port: 2222, user: 'ciuser', keyFile: `${SVC}/id_ed25519`, knownHostsFile: `${SVC}/known_hosts`, partition: 'debug', remoteDir, command: `${quote(process.execPath)} ${quote(`${REPO}/cli/bin.js`)}`, cpus: 1 } }
      : { local: { executor: 'local' } };
  const config = configSchema.parse({
    home: mkdtempSync(join(tmpdir(), 'engiai-bench-hpc-')),
    hpc: { clusters, datasets: { small: { rows: 24, seed: 0, nelx: 20, nely: 10, maxIter: 20 } }, evaluation: { nSamples: 10 }, pollSeconds: 0.25 },
  });
  const ctx = hpcContext(config);
  const tools = new Map(bindTools(hpcTools, ctx).map((t) => [t.name, t]));
  const steps: Record<string, number> = {};
  const call = async (name: string, args: Record<string, unknown> = {}) => {
    const t = tools.get(name)!;
    const t0 = performance.now();
    const r = await t.run(t.schema.parse(args), { askHuman: async () => 'yes', threadId: 'bench' });
    steps[name] = round((performance.now() - t0) / 1000, 3);
    log(`pipeline ${cluster}: ${name} ${steps[name]} s`);
    return r.result;
  };
  try {
    const t0 = performance.now();
    await call('generate_slurm_script', { algo: 'cgan', epochs: 2, seed: 3 });
    await call('submit_job');
    const w = await call('wait_for_job');
    await call('fetch_job_output');
    const m = await call('evaluate_model');
    return { total_s: round((performance.now() - t0) / 1000, 3), steps, state: w.state, mmd: m.mmd, dataset: '24 rows 20x10, 20 iterations (generated by the first job)', epochs: 2, n_samples: 10 };
  } finally {
    if (cluster === 'ci') await (ctx.executor('ci') as SlurmExecutor).ssh.exec(`rm -rf -- ${quote(remoteDir)}`).catch(() => {});
    ctx.close();
    rmSync(config.home, { recursive: true, force: true });
  }
}

export async function run(argv: string[], log: Log): Promise<object> {
  const { flags } = parseFlags(argv);
  const only = new Set(String(flags.only ?? 'speed,epoch,metrics,pipeline').split(','));
  const out: Record<string, unknown> = { machine: `${process.platform} node ${process.version}` };
  if (only.has('speed')) out.paper_speed = await paperSpeed(numberFlag(flags, 'batches', 5, { integer: true, min: 1 }), log);
  if (only.has('epoch') || only.has('metrics')) {
    const data = await smallDataset(loadConfig().home, numberFlag(flags, 'rows', 200, { integer: true, min: 8 }), log);
    if (only.has('epoch')) out.small_epoch = await epochTime(data, 5, log);
    if (only.has('metrics')) out.trained_vs_untrained = await trainedVsUntrained(data, numberFlag(flags, 'epochs', 150, { integer: true, min: 1 }), numberFlag(flags, 'n-samples', 50, { integer: true, min: 2 }), log);
  }
  if (only.has('pipeline')) out.pipeline = { slurm: await pipeline('ci', log), local: await pipeline('local', log) };
  return out;
}
