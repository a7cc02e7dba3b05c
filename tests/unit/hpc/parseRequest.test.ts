/** The offline HPC planner's reading of requests: both benchmark phrasings, follow-ups, and routing. */
import { describe, expect, it } from 'vitest';
import { hpcMentionedAt, parseHpcRequest } from '../../../agents/specialists/hpc/parseRequest.ts';

describe('HPC request parsing', () => {
  it('natural phrasing: all four steps on the default cluster', () => {
    const r = parseHpcRequest('train a cGAN on beams2d for 2 epochs with seed 3 on the cluster and tell me how good it is', ['ci', 'local']);
    expect(r).toMatchObject({ algo: 'cgan', epochs: 2, seed: 3, scale: 'small', template: 'engiai', where: 'default' });
    expect(r.steps).toMatchObject({ generate: true, submit: true, wait: true, evaluate: true, fetch: true });
  });

  it('explicit phrasing, a named cluster, diffusion, paper scale, EngiOpt, samples', () => {
    const r = parseHpcRequest('Generate the SLURM script for a diffusion model on beams2d, 5 epochs, seed 7, paper scale with EngiOpt on the ci cluster, submit it, wait, evaluate with 20 samples', ['ci', 'local']);
    expect(r).toMatchObject({ algo: 'diffusion', epochs: 5, seed: 7, scale: 'paper', template: 'engiopt', where: 'ci', nSamples: 20 });
    expect(r.steps).toMatchObject({ generate: true, submit: true, wait: true, evaluate: true });
  });

  it('only the script when only the script is asked for; follow-ups about the latest job', () => {
    const g = parseHpcRequest('write a slurm script for a cgan on beams2d with 3 epochs', []);
    expect(g.steps).toMatchObject({ generate: true, submit: false, wait: false, evaluate: false });
    expect(parseHpcRequest('how is my job doing?', []).steps.status).toBe(true);
    expect(parseHpcRequest('cancel the job', []).steps.cancel).toBe(true);
    expect(parseHpcRequest('train a GAN locally for 1 epoch', ['ci', 'local']).where).toBe('local');
  });

  it('routes training and cluster requests to the HPC agent, not design optimization', () => {
    expect(hpcMentionedAt('train a cGAN on beams2d for 2 epochs with seed 3 on the cluster and evaluate it')).toBe(0);
    expect(hpcMentionedAt('Generate the script, submit it, wait, evaluate')).toBeGreaterThan(0);
    expect(hpcMentionedAt('Optimize a Beams2D beam with volfrac 0.4, forcedist 0.65 and rmin 4')).toBe(-1);
  });
});
