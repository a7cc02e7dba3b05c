/** The Benchmarks page's calls to /api/bench (run directories under the allowed benchmark folders). */
import type { AgentEvent } from './types.ts';

export interface BenchCell {
  model: string;
  n: number;
  problem?: string;
  style?: string;
  prompt?: string;
  condition?: string;
  /** Workflow: the prompt paraphrase set (main | held-out). */
  paraphrases?: string;
  [metric: string]: unknown;
}

export interface BenchRunRow {
  id: string;
  suite: string;
  createdAt: string;
  configHash: string;
  config: Record<string, unknown>;
  gitSha: string;
  gitDirty: boolean;
  summary: { cells?: BenchCell[]; n?: number; [k: string]: unknown } | null;
  hasReport: boolean;
}

export interface BenchRunDetail {
  id: string;
  manifest: { suite: string; configHash: string; createdAt: string; gitSha: string; gitDirty: boolean };
  summary: BenchRunRow['summary'];
  trials: Record<string, unknown>[];
  figures: string[];
}

export interface BenchTrial {
  header: { trialId: string; model: string; seed: number; suite: string; configHash: string; gitSha: string };
  end: { status: string; durationMs: number; error?: { message: string } };
  sample: Record<string, unknown> | null;
  score: Record<string, unknown> | null;
  events: AgentEvent[];
}

const get = async <T>(path: string): Promise<T> => {
  const res = await fetch(path);
  if (!res.ok) throw new Error(((await res.json().catch(() => ({}))) as { error?: string }).error ?? `request failed (${res.status})`);
  return (await res.json()) as T;
};

export const benchApi = {
  runs: () => get<{ runs: BenchRunRow[] }>('/api/bench/runs').then((r) => r.runs),
  run: (id: string) => get<BenchRunDetail>(`/api/bench/runs/${encodeURIComponent(id)}`),
  trial: (id: string, trial: string) => get<BenchTrial>(`/api/bench/runs/${encodeURIComponent(id)}/trials/${encodeURIComponent(trial)}`),
  fileUrl: (id: string, rel: string) => `/api/bench/runs/${encodeURIComponent(id)}/files/${rel.split('/').map(encodeURIComponent).join('/')}`,
};

