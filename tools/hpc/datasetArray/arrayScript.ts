/**
 * The job script of a dataset job array: task i runs `engiai dataset generate` with the person's
 * request restricted to `--shard i/K`, into `<base>/shards/i/` (a resumable dataset folder of its own),
 * with its log in `shard-<i>.out` beside the script and "<exit status> <array job id>" in the shard's
 * `exit_code`. Built from validated values only, every value quoted; the set-up lines and the engiai
 * command are the person's cluster configuration.
 */
import type { ClusterSettings } from '../../../config/schema.ts';
import { InputError } from '../../errors.ts';
import { assertMatches, quote, SLURM_NAME } from '../shellQuote.ts';
import { SHARDS_DIR } from '../slurmArray.ts';

export interface ArrayScriptSpec {
  problem: string;
  source: { grid: string } | { n: number; seed: number };
  /** Fixed condition values of the request (field name → value). */
  overrides: Record<string, number | boolean | string>;
  /** K: the array's shard count. */
  shards: number;
  /** The shard indices this submission runs. */
  tasks: number[];
  /** The dataset's key and this submission's attempt number (for the comment line). */
  key: string;
  attempt: number;
}

const FIELD = /^[a-z][a-z0-9_]{0,63}$/;
const PROBLEM = /^[a-z][a-z0-9_-]{0,63}$/;

/** The request's condition flags, as `engiai dataset generate` parses them back (`--max-iter=15`). */
export function overrideFlags(overrides: ArrayScriptSpec['overrides']): string[] {
  return Object.keys(overrides)
    .sort()
    .map((name) => {
      const v = overrides[name];
      assertMatches('condition', name, FIELD, 'a condition field name');
      if (typeof v === 'number' && !Number.isFinite(v)) throw new InputError(`${name} must be a finite number, got ${v}`, { field: name });
      if (typeof v !== 'number' && typeof v !== 'boolean') throw new InputError(`${name}: only numbers and booleans can be passed to a job, got ${JSON.stringify(v)}`, { field: name });
      return `--${name.replace(/_/g, '-')}=${String(v)}`;
    });
}

/** `0-3,5,7-8` for SLURM's --array. */
export function arraySpec(tasks: number[]): string {
  const sorted = [...new Set(tasks)].sort((a, b) => a - b);
  if (!sorted.length || sorted.some((t) => !Number.isInteger(t) || t < 0)) throw new InputError(`array tasks must be non-negative integers, got ${JSON.stringify(tasks)}`, { field: 'shards' });
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(i === j ? String(sorted[i]) : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

export function arrayScript(spec: ArrayScriptSpec, cluster: ClusterSettings, engiaiCommand: string): string {
  const problem = assertMatches('problem', spec.problem, PROBLEM, 'a problem id');
  if (!Number.isInteger(spec.shards) || spec.shards < 1 || spec.tasks.some((t) => t >= spec.shards)) throw new InputError(`tasks ${JSON.stringify(spec.tasks)} are not shards of ${spec.shards}`, { field: 'shards' });
  const source = 'grid' in spec.source ? ['--grid', assertMatches('grid', spec.source.grid, FIELD, 'a grid name')] : ['--n', String(spec.source.n), '--seed', String(spec.source.seed)];
  const partition = cluster.partition && assertMatches('partition', cluster.partition, SLURM_NAME, 'a SLURM partition name');
  const words = ['dataset', 'generate', problem, ...source, ...overrideFlags(spec.overrides), '--workers', String(cluster.cpus)].map(quote).join(' ');
  return [
    '#!/bin/bash',
    `#SBATCH --job-name=engiai-dataset-${problem}`,
    '#SBATCH --output=shard-%a.out',
    '#SBATCH --error=shard-%a.out',
    '#SBATCH --open-mode=append',
    `#SBATCH --array=${arraySpec(spec.tasks)}`,
    '#SBATCH --nodes=1',
    '#SBATCH --ntasks=1',
    `#SBATCH --cpus-per-task=${cluster.cpus}`,
    ...(partition ? [`#SBATCH --partition=${partition}`] : []),
    `# EngiAI dataset ${spec.key}, attempt ${spec.attempt}: ${problem} ${JSON.stringify(spec.source)} in ${spec.shards} shard(s).`,
    '# Generated from validated values; the set-up lines below come from the cluster configuration.',
    'set -euo pipefail',
    'SHARD="${SLURM_ARRAY_TASK_ID:?this script runs as a SLURM array task}"',
    `OUT="$(cd .. && pwd -P)/${SHARDS_DIR}/$SHARD"`,
    'mkdir -p "$OUT"',
    'rm -f "$OUT/exit_code"',
    `trap 'echo "$? \${SLURM_ARRAY_JOB_ID:-0}" > "$OUT/exit_code"' EXIT`,
    `echo "[shard] $SHARD/${spec.shards} started $(date -u +%Y-%m-%dT%H:%M:%SZ) on $(hostname) as job \${SLURM_ARRAY_JOB_ID:-?}_$SHARD"`,
    '# --- cluster set-up ---',
    ...cluster.setup,
    '# --- end of set-up ---',
    `engiai() { ${engiaiCommand} "$@"; }`,
    `engiai ${words} --shard "$SHARD/${spec.shards}" --out "$OUT" --json > "$OUT/result.json"`,
    'echo "[shard] finished $(date -u +%Y-%m-%dT%H:%M:%SZ)"',
    '',
  ].join('\n');
}
