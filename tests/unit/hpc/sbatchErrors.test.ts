/** sbatch's refusals as SLURM prints them (sources in tests/fixtures/slurm/README.md), each named by the argument to fix. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { InfraError, InputError } from '../../../tools/errors.ts';
import { resourceRequests, sbatchError } from '../../../tools/hpc/sbatchErrors.ts';

const LOOPBACK = 'loopback cluster, slurm-wlm 22.05.8, 2026-12-01';
const RECORDED = 'as WenzhuoXu/slurm-mcp recorded on CMU TRACE (SLURM 22.05.11), the lines sbatch prints without --test-only';
const ERRNO = "SLURM's own error string (src/common/slurm_errno.c)";
const fixture = (name: string) => readFileSync(new URL(`../../fixtures/slurm/${name}`, import.meta.url), 'utf8');

const SCRIPT = '#!/bin/bash\n#SBATCH --job-name=x\n#SBATCH --time=02:00:00\n#SBATCH --cpus-per-task=64\n#SBATCH --gres=gpu:nosuchgpu:1\necho hi\n';

const CASES: Array<{ stderr: string; source: string; field: string; says: RegExp }> = [
  { stderr: fixture('loopback/sbatch-bad-partition.err'), source: LOOPBACK, field: 'partition', says: /partition does not exist/ },
  { stderr: fixture('loopback/sbatch-bad-gres.err'), source: LOOPBACK, field: 'gres', says: /GPU/ },
  { stderr: fixture('loopback/sbatch-too-much-memory.err'), source: LOOPBACK, field: 'memory', says: /memory/ },
  { stderr: fixture('loopback/sbatch-bad-time.err'), source: LOOPBACK, field: 'time_limit', says: /time limit/ },
  {
    stderr: "sbatch: error: QOSMaxWallDurationPerJobLimit\nsbatch: error: Batch job submission failed: Job violates accounting/QOS policy (job submit limit, user's size and/or time limits)\n",
    source: RECORDED,
    field: 'time_limit',
    says: /time limit is over/,
  },
  { stderr: 'sbatch: error: Batch job submission failed: Requested node configuration is not available\n', source: RECORDED, field: 'resources', says: /asks for --cpus-per-task=64 --gres=gpu:nosuchgpu:1/ },
  { stderr: 'sbatch: error: Batch job submission failed: Invalid account or account/partition combination specified\n', source: ERRNO, field: 'account', says: /account/ },
  { stderr: 'sbatch: error: Batch job submission failed: Invalid qos specification\n', source: ERRNO, field: 'qos', says: /QOS/ },
  {
    stderr: "sbatch: error: AssocMaxSubmitJobLimit\nsbatch: error: Batch job submission failed: Job violates accounting/QOS policy (job submit limit, user's size and/or time limits)\n",
    source: ERRNO,
    field: 'account',
    says: /at one of its limits/,
  },
  {
    stderr: "sbatch: error: QOSMaxSubmitJobPerUserLimit\nsbatch: error: Batch job submission failed: Job violates accounting/QOS policy (job submit limit, user's size and/or time limits)\n",
    source: ERRNO,
    field: 'qos',
    says: /QOS refuses/,
  },
  { stderr: 'sbatch: error: Batch job submission failed: More processors requested than permitted\n', source: ERRNO, field: 'cpus', says: /CPUs/ },
];

describe('sbatch refusals', () => {
  it.each(CASES.map((c) => [c.field, c.source, c] as const))('%s (%s)', (_field, _source, c) => {
    const err = sbatchError('ci', 1, c.stderr, SCRIPT);
    expect(err).toBeInstanceOf(InputError);
    expect((err as InputError).field).toBe(c.field);
    expect(err.message).toMatch(c.says);
    expect(err.message).toContain(c.stderr.trim().split('\n').at(-1)!.replace(/^sbatch: error: /, ''));
    expect(err.hint).toBeTruthy();
  });

  it('a controller that does not answer is the one retryable infrastructure error; an unknown refusal stays an unretried InfraError', () => {
    const down = sbatchError('ci', 1, 'sbatch: error: Batch job submission failed: Unable to contact slurm controller (connect failure)\n');
    expect(down).toBeInstanceOf(InfraError);
    expect((down as InfraError).retryable).toBe(true);
    const odd = sbatchError('ci', 1, 'sbatch: error: Batch job submission failed: Something SLURM 30 says\n');
    expect(odd).toBeInstanceOf(InfraError);
    expect((odd as InfraError).retryable).toBe(false);
  });

  it('reads the resource requests of a job script', () => {
    expect(resourceRequests(SCRIPT)).toEqual(['--cpus-per-task=64', '--gres=gpu:nosuchgpu:1']);
  });
});
