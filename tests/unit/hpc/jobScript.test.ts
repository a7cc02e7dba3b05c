/** The job scripts: valid bash, the requested values in the right flags, the cluster's set-up lines, EngiOpt's commands. */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { clusterSchema, hpcSettingsSchema } from '../../../config/schema.ts';
import { InputError } from '../../../tools/errors.ts';
import { jobScript, type TrainJobSpec } from '../../../tools/hpc/jobScript.ts';

const settings = hpcSettingsSchema.parse({});
const cluster = clusterSchema.parse({ executor: 'slurm', host: 'login.hpc', user: 'me', keyFile: '~/.ssh/id', partition: 'gpu', setup: ['module load nodejs/20', 'source ~/venv/bin/activate'] });
const spec: TrainJobSpec = { template: 'engiai', algo: 'cgan', problem: 'beams2d', epochs: 2, seed: 3, scale: 'small', timeLimit: '01:30:00', cpus: 4, nSamples: 50 };
const bashOk = (text: string) => execFileSync('bash', ['-n'], { input: text, encoding: 'utf8' });

describe('job scripts', () => {
  it('native template: SBATCH header, set-up lines, dataset generated once under a lock, then engiai train', () => {
    const s = jobScript(spec, cluster, settings.datasets, '0123456789abcdef', 'engiai');
    bashOk(s.text);
    expect(s.text).toMatch(/^#!\/bin\/bash\n#SBATCH --job-name=engiai-cgan-beams2d-s3\n/);
    for (const l of ['#SBATCH --output=job.out', '#SBATCH --time=01:30:00', '#SBATCH --cpus-per-task=4', '#SBATCH --partition=gpu', 'module load nodejs/20', 'source ~/venv/bin/activate', 'flock 9']) expect(s.text).toContain(l);
    expect(s.text).toContain("engiai dataset generate 'beams2d' '--n' '200' '--seed' '0' --nelx 50 --nely 25 --max-iter 100 --workers 4");
    expect(s.text).toContain("engiai train --algo 'cgan' --problem 'beams2d' --epochs 2 --seed 3 --scale 'small' --data \"$DATA\" --out model");
    expect(s.text.indexOf('module load')).toBeLessThan(s.text.indexOf('engiai train'));
    expect(s.outputs).toEqual(['model']);
    expect(s.datasetDir).toBe('../datasets/beams2d-n200-seed0-50x25-it100');
  });

  it('paper scale uses the EngiBench grid; EngiOpt template runs its own training and evaluation', () => {
    expect(jobScript({ ...spec, scale: 'paper' }, cluster, settings.datasets, '0123456789abcdef', 'engiai').text).toContain("'--grid' 'engibench' --nelx 100 --nely 50");
    const e = jobScript({ ...spec, template: 'engiopt', algo: 'diffusion' }, cluster, settings.datasets, '0123456789abcdef', 'engiai');
    bashOk(e.text);
    expect(e.text).toContain("python -m engiopt.diffusion_2d_cond.diffusion_2d_cond --problem-id 'beams2d' --seed 3 --n-epochs 2 --track --save-model");
    expect(e.text).toContain("python -m engiopt.diffusion_2d_cond.evaluate_diffusion_2d_cond --problem-id 'beams2d' --seed 3 --n-samples 50 --output-csv metrics.csv");
    expect(e.outputs).toEqual(['metrics.csv']);
  });

  it('refuses an invalid time limit or partition even if a caller skipped the schema', () => {
    expect(() => jobScript({ ...spec, timeLimit: '1h; reboot' }, cluster, settings.datasets, '0123456789abcdef', 'engiai')).toThrow(InputError);
    expect(() => jobScript({ ...spec, partition: 'x y' }, cluster, settings.datasets, '0123456789abcdef', 'engiai')).toThrow(InputError);
  });
});
