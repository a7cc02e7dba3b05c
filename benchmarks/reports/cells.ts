/**
 * The cells of a report over one or more runs (pure): scored trials grouped by problem, style,
 * agent or model, prompt set and configuration hash, so runs of different settings are never pooled
 * under one name; a trial id counts once per cell (a copy of a trial from a rerun of the same
 * configuration is dropped and listed, so pass^k never takes copies for seeds). Scores come
 * through an accessor, so one grouping serves every score object a trial carries (a protocol's,
 * a suite's). Each cell gets a display label, unique among the cells of its problem and style.
 */
import type { Block } from './document.ts';
import { summarize, type MetricSummary } from './reportModel.ts';

export interface CellKey {
  problem: string;
  style: string;
  /** The agent or model the trial ran. */
  agent: string;
  /** The run configuration's hash (run.json, trace header). */
  configHash: string;
  /** The prompt set (e.g. the workflow suite's main or held-out paraphrases); '' when the suite has one. */
  promptSet?: string;
}

export interface Cell<T> extends CellKey {
  /** The agent, plus what tells this cell from others of the same agent, problem and style. */
  label: string;
  trials: T[];
  /** Trial ids seen again in this cell (copies from a rerun of the same configuration), left out. */
  duplicates: string[];
}

const keyString = (k: CellKey) => JSON.stringify([k.problem, k.style, k.agent, k.promptSet ?? '', k.configHash]);
const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Groups trials into cells in first-seen order (sort them afterwards as the report needs).
 * A trial whose id its cell already holds is dropped and listed in `duplicates`.
 */
export function groupCells<T>(trials: readonly T[], keyOf: (t: T) => CellKey, idOf: (t: T) => string): Cell<T>[] {
  const cells = new Map<string, Cell<T> & { ids: Set<string> }>();
  for (const t of trials) {
    const k = keyOf(t);
    const ks = keyString(k);
    let c = cells.get(ks);
    if (!c) {
      c = { problem: k.problem, style: k.style, agent: k.agent, configHash: k.configHash, promptSet: k.promptSet ?? '', label: k.agent, trials: [], duplicates: [], ids: new Set() };
      cells.set(ks, c);
    }
    const id = idOf(t);
    if (c.ids.has(id)) c.duplicates.push(id);
    else {
      c.ids.add(id);
      c.trials.push(t);
    }
  }
  const out = [...cells.values()].map(({ ids: _ids, ...c }) => c);
  labelCells(out);
  return out;
}

/**
 * Labels: the agent, plus the prompt set when it is not the main one, plus the configuration hash's
 * first 8 digits when two cells of that agent and prompt set share a problem and style (runs of
 * different settings over the same tasks).
 */
function labelCells<T>(cells: Cell<T>[]): void {
  const groups = new Map<string, Cell<T>[]>();
  for (const c of cells) {
    const k = JSON.stringify([c.agent, c.promptSet]);
    groups.set(k, [...(groups.get(k) ?? []), c]);
  }
  for (const list of groups.values()) {
    const tasks = list.map((c) => `${c.problem}|${c.style}`);
    const clash = new Set(tasks).size < tasks.length;
    for (const c of list) c.label = [c.agent, c.promptSet && c.promptSet !== 'main' ? c.promptSet : '', clash ? `cfg ${c.configHash.slice(0, 8)}` : ''].filter(Boolean).join(' · ');
  }
}

/** The cells' labels in a stable order (agent, then label). */
export function cellLabels<T>(cells: readonly Cell<T>[]): string[] {
  const first = new Map<string, string>();
  for (const c of cells) if (!first.has(c.label)) first.set(c.label, c.agent);
  return [...first.keys()].sort((a, b) => cmp(first.get(a)!, first.get(b)!) || cmp(a, b));
}

export interface ScoreSpec {
  key: string;
  kind: 'proportion' | 'mean';
}

/** Each score's summary over a cell's trials (null or non-finite values are left out of that score). */
export function cellScores<T>(cell: Cell<T>, score: (t: T) => Record<string, number | null | undefined>, specs: readonly ScoreSpec[], seed = 0): Record<string, MetricSummary> {
  const rows = cell.trials.map(score);
  return Object.fromEntries(
    specs.map((s) => [
      s.key,
      summarize(
        rows.map((r) => r[s.key]).filter((v): v is number => typeof v === 'number' && Number.isFinite(v)),
        s.kind,
        seed,
      ),
    ]),
  );
}

/** Every duplicate trial id of the cells, as "<label> <style>: id" lines for the report's notes. */
export function duplicateNotes<T>(cells: readonly Cell<T>[]): string[] {
  return cells.flatMap((c) => c.duplicates.map((id) => `${c.label} · ${c.problem} ${c.style}: ${id} appears again under configuration ${c.configHash} and is counted once`));
}

export interface RunTrials<T> {
  configHash: string;
  trials: readonly T[];
}

/**
 * The trials of several runs for a report that groups by model (the RAG and HPC tables): each
 * trial id once per configuration (later copies listed in `duplicates`), and a model run under two
 * or more configurations renamed "<model> · cfg <hash8>" in each, so its cells never pool.
 * `hashOf` maps every (possibly renamed) model to its configuration.
 */
export function separateRuns<T extends { trialId: string; model: string }>(runs: readonly RunTrials<T>[]): { trials: T[]; duplicates: string[]; hashOf: Map<string, string> } {
  const hashes = new Map<string, Set<string>>();
  for (const r of runs) for (const t of r.trials) hashes.set(t.model, (hashes.get(t.model) ?? new Set()).add(r.configHash));
  const seen = new Set<string>();
  const trials: T[] = [];
  const duplicates: string[] = [];
  const hashOf = new Map<string, string>();
  for (const r of runs) {
    for (const t of r.trials) {
      const key = JSON.stringify([r.configHash, t.model, t.trialId]);
      if (seen.has(key)) {
        duplicates.push(`${t.model}: ${t.trialId} appears again under configuration ${r.configHash} and is counted once`);
        continue;
      }
      seen.add(key);
      const model = hashes.get(t.model)!.size > 1 ? `${t.model} · cfg ${r.configHash.slice(0, 8)}` : t.model;
      hashOf.set(model, r.configHash);
      trials.push(model === t.model ? t : { ...t, model });
    }
  }
  return { trials, duplicates, hashOf };
}

/** The report's note on trials counted once (nothing when there are none). */
export function duplicateBlocks(duplicates: readonly string[]): Block[] {
  if (!duplicates.length) return [];
  return [
    { kind: 'h2', text: 'Trials counted once' },
    { kind: 'p', text: `${duplicates.length} trial(s) appear in more than one run of the same configuration; each is counted once (the first run directory's copy).` },
    { kind: 'list', items: [...duplicates] },
  ];
}
