/**
 * What a conversation's design report shows, built from what is stored about the thread: its
 * messages (the checkpoint), its recorded events (tool calls, results, artifacts, timings) and the
 * designs it made (the design store's meta.json). Pure: the HTML and PDF writers render the result.
 * Every string is scrubbed of the home folder's absolute path; steps and texts are bounded, so a
 * huge thread gives a long report, never an unbounded one.
 */
import { relative, isAbsolute, sep } from 'node:path';
import type { AgentEvent } from '../trace/agentEvent.ts';
import type { TraceMessage } from '../trace/traceJson.ts';
import { mediaTypeOf, type Artifact } from '../../tools/tool.ts';
import type { DesignMeta } from '../../tools/engineering/store/designMeta.ts';

/** Steps listed per report; the rest are counted. */
export const MAX_STEPS = 400;
const MAX_TEXT = 2000;

export interface ReportStep {
  turn: number;
  agent: string;
  /** handoff, tool, question, reply, answer, handback, stopped. */
  kind: string;
  /** One line: what happened. */
  text: string;
  ok?: boolean;
  durationMs?: number;
}

export interface ReportFile {
  /** render, convergence, stl, gcode, … (the artifact's label or kind). */
  label: string;
  name: string;
  /** The path shown: relative to the artifact folder, never absolute. */
  shown: string;
  /** A link to it, when the caller can serve it. */
  href: string | null;
  /** Absolute path on this machine, for reading images; never printed. */
  source: string;
  mediaType: string;
}

export interface ReportDesign {
  id: string;
  problem: string;
  conditions: Record<string, unknown>;
  objectives: Record<string, number>;
  iterations: number;
  /** The first objective at each recorded step (the convergence chart). */
  history: { step: number; value: number }[];
  objectiveName: string;
  warnings: string[];
  files: ReportFile[];
  createdAt: string;
}

export interface ReportCitation {
  text: string;
  href: string;
  /** Quoted in an answer (else only retrieved by a tool). */
  cited: boolean;
}

export interface ReportTurn {
  turn: number;
  request: string | null;
  answer: string | null;
}

export interface ReportData {
  title: string;
  threadId: string;
  model: string | null;
  generatedAt: string;
  turns: ReportTurn[];
  steps: ReportStep[];
  stepsLeftOut: number;
  designs: ReportDesign[];
  /** Files of the thread that belong to no design (G-code, logs, documents). */
  files: ReportFile[];
  citations: ReportCitation[];
  totals: { modelCalls: number; toolCalls: number; inputTokens: number; outputTokens: number; durationMs: number };
}

export interface ReportSources {
  threadId: string;
  title?: string;
  model?: string | null;
  messages: TraceMessage[];
  /** The thread's recorded events with their turn numbers (empty when none were recorded). */
  events: { turn: number; event: AgentEvent }[];
  designs: { dir: string; meta: DesignMeta }[];
  home: string;
  artifactsRoot: string;
  /** A link for a path relative to the artifact folder ('/'-separated), or null. */
  linkOf?: (rel: string) => string | null;
  now?: Date;
}

const clip = (s: string, n = MAX_TEXT) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);
const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Replaces the home folder (and the artifact folder, when elsewhere) in any text. */
export function scrubber(home: string, artifactsRoot: string): (text: string) => string {
  const rules: [RegExp, string][] = [];
  const trimmed = (p: string) => p.replace(/[\\/]+$/, '');
  if (artifactsRoot && !artifactsRoot.startsWith(trimmed(home) + sep)) rules.push([new RegExp(escapeRe(trimmed(artifactsRoot)), 'g'), '<artifacts>']);
  if (home && trimmed(home).length > 1) rules.push([new RegExp(escapeRe(trimmed(home)), 'g'), '$ENGIAI_HOME']);
  return (text) => rules.reduce((t, [re, to]) => t.replace(re, to), text);
}

/** The '/'-separated path of `path` under `root`, or null when outside. */
function under(root: string, path: string): string | null {
  const rel = relative(root, path);
  if (!rel || rel.startsWith('..') || isAbsolute(rel)) return null;
  return rel.split(sep).join('/');
}

function gist(value: unknown, scrub: (t: string) => string, n = 240): string {
  if (value === undefined || value === null) return '';
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return clip(scrub(text), n);
}

function highlightText(h: Record<string, unknown>, scrub: (t: string) => string): string {
  const error = h.error as { message?: string } | undefined;
  if (error) return `error: ${gist(error.message ?? error, scrub, 300)}`;
  return clip(
    Object.entries(h)
      .map(([k, v]) => `${k}=${gist(v, scrub, 160)}`)
      .join(' '),
    400,
  );
}

const CITATION = /\[([^\]\n]{1,300})\]\((doc:[^)\s]{1,300})\)/g;

function citationsIn(text: string): { text: string; href: string }[] {
  return [...text.matchAll(CITATION)].map((m) => ({ text: m[1], href: m[2] }));
}

export function buildReportData(src: ReportSources): ReportData {
  const scrub = scrubber(src.home, src.artifactsRoot);
  const fileOf = (a: Pick<Artifact, 'path' | 'mediaType'> & { label?: string; kind?: string }): ReportFile => {
    const rel = under(src.artifactsRoot, a.path);
    const name = a.path.split(/[\\/]/).pop() ?? a.path;
    return { label: a.label ?? a.kind ?? 'file', name, shown: rel ? `artifacts/${rel}` : scrub(a.path), href: rel && src.linkOf ? src.linkOf(rel) : null, source: a.path, mediaType: a.mediaType };
  };

  // turns and steps: from the recorded events when there are any, else from the messages
  const turns: ReportTurn[] = [];
  const steps: ReportStep[] = [];
  const totals = { modelCalls: 0, toolCalls: 0, inputTokens: 0, outputTokens: 0, durationMs: 0 };
  const artifacts: Artifact[] = [];
  const toolTexts: string[] = [];
  const addStep = (s: ReportStep) => steps.push({ ...s, text: clip(scrub(s.text), 600) });
  const turnOf = (n: number) => {
    let t = turns.find((x) => x.turn === n);
    if (!t) turns.push((t = { turn: n, request: null, answer: null }));
    return t;
  };
  if (src.events.length) {
    const calls = new Map<string, unknown>();
    for (const { turn, event: e } of src.events) {
      const t = turnOf(turn);
      switch (e.type) {
        case 'run_start':
          if (e.input !== null && t.request === null) t.request = clip(scrub(e.input));
          break;
        case 'model_call':
          totals.modelCalls++;
          totals.inputTokens += e.inputTokens;
          totals.outputTokens += e.outputTokens;
          break;
        case 'handoff':
          addStep({ turn, agent: e.from, kind: 'handoff', text: `hands off to ${e.to}: ${e.task}` });
          break;
        case 'handback':
          addStep({ turn, agent: e.from, kind: 'handback', text: `reports back: ${e.summary}` });
          break;
        case 'tool_call':
          calls.set(e.id, e.args);
          break;
        case 'tool_result': {
          totals.toolCalls++;
          const args = gist(calls.get(e.id), scrub, 200);
          addStep({ turn, agent: e.agent, kind: 'tool', ok: e.ok, durationMs: e.durationMs, text: `${e.name}(${args}) → ${highlightText(e.highlights ?? {}, scrub)}` });
          if (e.ok) artifacts.push(...(e.artifacts ?? []));
          toolTexts.push(JSON.stringify(e.result ?? null));
          break;
        }
        case 'interrupt':
          addStep({ turn, agent: e.payload.agent, kind: 'question', text: `${e.kind}: ${e.payload.question}` });
          break;
        case 'reply':
          addStep({ turn, agent: e.agent, kind: 'reply', text: `${e.kind === 'approval' ? 'approval' : 'answer'}: ${e.text}` });
          break;
        case 'answer':
          t.answer = clip(scrub(e.content), 8000);
          break;
        case 'stopped':
          addStep({ turn, agent: 'supervisor', kind: 'stopped', text: `stopped: ${e.reason}` });
          break;
        case 'run_end':
          totals.durationMs += e.durationMs;
          break;
        default:
          break;
      }
    }
  } else {
    let turn = 0;
    for (const m of src.messages) {
      if (m.role === 'human') turnOf(++turn).request = clip(scrub(m.content));
      else if (m.role === 'ai') {
        for (const c of m.tool_calls ?? []) addStep({ turn, agent: m.name ?? 'assistant', kind: 'tool', text: `${c.name}(${gist(c.args, scrub, 200)})` });
        if (!m.tool_calls?.length && m.content.trim()) turnOf(turn).answer = clip(scrub(m.content), 8000);
      } else if (m.role === 'tool') toolTexts.push(m.content);
    }
  }
  const stepsLeftOut = Math.max(0, steps.length - MAX_STEPS);

  // designs, with their files (the store's and those tool results declared inside the design's folder)
  const designs: ReportDesign[] = src.designs.map(({ dir, meta }) => {
    const files: ReportFile[] = [];
    const seen = new Set<string>();
    const addFile = (f: ReportFile) => {
      if (seen.has(f.source)) return;
      seen.add(f.source);
      files.push(f);
    };
    for (const [role, name] of Object.entries(meta.files ?? {})) {
      if (name && role !== 'design') addFile(fileOf({ path: `${dir}${sep}${name}`, mediaType: mediaTypeOf(name), label: role }));
    }
    for (const a of artifacts) if (under(dir, a.path) && a.kind !== 'design') addFile(fileOf(a));
    const objectiveName = Object.keys(meta.objectives ?? {})[0] ?? 'objective';
    return {
      id: meta.id,
      problem: meta.problem,
      conditions: meta.conditions ?? {},
      objectives: meta.objectives ?? {},
      iterations: meta.iterations ?? meta.history?.length ?? 0,
      history: (meta.history ?? []).filter((h) => Number.isFinite(h.objectives?.[0])).map((h) => ({ step: h.step, value: h.objectives[0] })),
      objectiveName,
      warnings: (meta.warnings ?? []).map((w) => clip(scrub(typeof w === 'string' ? w : JSON.stringify(w)), 300)),
      files,
      createdAt: meta.createdAt,
    };
  });
  const designDirs = src.designs.map((d) => d.dir);
  const files: ReportFile[] = [];
  const seenFiles = new Set<string>();
  for (const a of artifacts) {
    if (a.kind === 'design' || designDirs.some((d) => under(d, a.path)) || seenFiles.has(a.path)) continue;
    seenFiles.add(a.path);
    files.push(fileOf(a));
  }

  // citations: doc: links the answers quote first, then those tool results retrieved
  const citations: ReportCitation[] = [];
  const seenCitations = new Set<string>();
  const addCitations = (text: string, cited: boolean) => {
    for (const c of citationsIn(text)) {
      const existing = citations.find((x) => x.href === c.href);
      if (existing) existing.cited ||= cited;
      else if (!seenCitations.has(c.href) && citations.length < 200) {
        seenCitations.add(c.href);
        citations.push({ text: clip(scrub(c.text), 300), href: c.href, cited });
      }
    }
  };
  for (const t of turns) if (t.answer) addCitations(t.answer, true);
  // tool results are JSON: its escaped quotes do not matter to the link pattern
  for (const t of toolTexts) addCitations(t.slice(0, 200_000), false);

  return {
    title: clip(scrub(src.title ?? turns.find((t) => t.request)?.request ?? src.threadId), 200),
    threadId: src.threadId,
    model: src.model ?? null,
    generatedAt: (src.now ?? new Date()).toISOString(),
    turns,
    steps: steps.slice(0, MAX_STEPS),
    stepsLeftOut,
    designs,
    files,
    citations,
    totals,
  };
}
