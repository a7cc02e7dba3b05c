/**
 * Agent framework overhead: the supervisor graph with the offline model, per supervisor hop
 * (supervisor → engineering → supervisor, with create/optimize/simulate/render calls), with the
 * engineering tools replaced by instant stand-ins of the same names and schemas so the engines'
 * compute is not counted. Reports the median and p95 of a whole hop, of the framework alone
 * (hop minus model-planner and tool time) in the default configuration (SQLite checkpoints, each
 * awaited) and in the live/memory/lean variants (the four run interleaved, one turn each in turn,
 * so machine load hits them alike), memory per conversation (MemorySaver heap growth) and the
 * SQLite bytes per conversation. Target (issue 26): framework ≤ 12 ms per hop in the default configuration.
 * `--core-run-trees` adds a fifth interleaved variant: the default one with @langchain/core's own
 * run context (a LangSmith RunTree per node call, as before agents/runtime/untracedRunContext.ts),
 * so its effect is measured in the same run (`core_run_trees_*` fields).
 *
 *   npm run bench:perf -- agents [--turns 30] [--conversations 40] [--core-run-trees]
 */
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { Annotation, Command, END, MemorySaver, START, StateGraph } from '@langchain/langgraph';
import { createRuntime, EventCollector, installUntracedRunContext, SPECIALISTS, Tracer, uninstallUntracedRunContext, type ChatSession, type CheckpointerSpec, type Runtime, type SpecialistFactory } from '../../agents/index.ts';
import { loadConfig } from '../../config/load.ts';
import { numberFlag, parseFlags } from './lib/flags.ts';
import { median, round } from './lib/stats.ts';

export const description = 'agents: supervisor hop overhead with the offline model (median/p95 ms) and memory per conversation';

const REQUEST = 'Optimize a Beams2D beam with volfrac 0.4, forcedist 0.65 and rmin 4, simulate it and render it';
const ID = 'beams2d-0123456789abcdef';
const STUB_RESULTS: Record<string, Record<string, unknown>> = {
  create_problem: { problem: 'beams2d', conditions: { volfrac: 0.4, forcedist: 0.65, rmin: 4 } },
  optimize_design: { design_id: ID, problem: 'beams2d', iterations: 50, final_objective: { c: 100 }, path: `/tmp/${ID}` },
  simulate_design: { design_id: ID, objectives: { c: 100 } },
  render_design: { design_id: ID, files: { render: `/tmp/${ID}/render.png` } },
};

/** The real specialists, with the engineering tools' bodies replaced by instant results. */
const stubbedSpecialists: SpecialistFactory[] = SPECIALISTS.map((factory) => async (deps) => {
  const s = await factory(deps);
  if (s.name !== 'engineering') return s;
  return { ...s, tools: s.tools.map((t) => ({ ...t, run: async () => ({ result: STUB_RESULTS[t.name] ?? {} }) })) };
});

/** A runtime with the stubbed specialists over `checkpointer`, and its offline session. */
async function session(checkpointer: CheckpointerSpec, runtimes: Runtime[]): Promise<ChatSession> {
  const runtime = await createRuntime({ config: loadConfig(), checkpointer, specialists: stubbedSpecialists });
  runtimes.push(runtime);
  return runtime.session({ model: 'offline' });
}

const p95 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(0.95 * xs.length) - 1)];

function gcFn(): () => void {
  setFlagsFromString('--expose_gc');
  return runInNewContext('gc') as () => void;
}

/** LangGraph's own cost of one superstep here (a one-node loop on MemorySaver), for scale. */
async function emptyStepMs(): Promise<number> {
  const S = Annotation.Root({ n: Annotation<number>({ reducer: (_a, b) => b, default: () => 0 }) });
  const g = new StateGraph(S)
    .addNode('a', (s: typeof S.State) => new Command({ goto: s.n >= 19 ? END : 'a', update: { n: s.n + 1 } }), { ends: ['a', END] })
    .addEdge(START, 'a')
    .compile({ checkpointer: new MemorySaver() });
  const ts: number[] = [];
  for (let i = 0; i < 13; i++) {
    const t0 = performance.now();
    await g.invoke({ n: 0 }, { configurable: { thread_id: `empty-${i}` } });
    if (i >= 3) ts.push((performance.now() - t0) / 20);
  }
  return median(ts);
}

type Mode = { name: string; store: 'sqlite' | 'memory'; streamTokens: boolean; durableSteps: boolean; coreRunTrees?: boolean };

/** The configurations measured; `cli` is the default one (SQLite, every checkpoint awaited). */
const MODES: Mode[] = [
  // as `engiai chat` runs without a terminal: SQLite, each checkpoint awaited, no token stream
  { name: 'cli', store: 'sqlite', streamTokens: false, durableSteps: true },
  // the web server and `engiai chat` at a terminal: the same plus the live token stream
  { name: 'live', store: 'sqlite', streamTokens: true, durableSteps: true },
  // the graph alone: in-memory checkpoints (what this benchmark measured before it used SQLite)
  { name: 'memory', store: 'memory', streamTokens: false, durableSteps: true },
  // no token stream, asynchronous in-memory checkpoints (benchmarks, servers without a live view)
  { name: 'lean', store: 'memory', streamTokens: false, durableSteps: false },
];

/** With --core-run-trees: the default configuration on @langchain/core's own run context (a RunTree per node call). */
const CORE_RUN_TREES: Mode = { name: 'core-run-trees', store: 'sqlite', streamTokens: false, durableSteps: true, coreRunTrees: true };

interface HopStats {
  total: number[];
  framework: number[];
  cpu: number[];
  counts: { modelCalls: number; toolCalls: number; supersteps: number; langgraphSteps: number };
}

async function oneHop(s: ChatSession, threadId: string, mode: Mode, stats: HopStats | null): Promise<void> {
  const events = new EventCollector();
  if (mode.coreRunTrees) uninstallUntracedRunContext();
  let r: Awaited<ReturnType<ChatSession['runTurn']>>, ms: number, cpu: NodeJS.CpuUsage;
  try {
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    r = await s.runTurn({ threadId, message: REQUEST, tracer: new Tracer([events]), streamTokens: mode.streamTokens, durableSteps: mode.durableSteps });
    ms = performance.now() - t0;
    cpu = process.cpuUsage(c0);
  } finally {
    if (mode.coreRunTrees) installUntracedRunContext();
  }
  if (r.status !== 'done' || events.ofType('handoff').length !== 1) throw new Error(`${threadId} did not complete one hop: ${r.status}`);
  if (!stats) return; // warm-up: module loading, JIT
  const modelMs = events.ofType('model_call').reduce((n, e) => n + e.latencyMs, 0);
  const toolMs = events.ofType('tool_result').reduce((n, e) => n + e.durationMs, 0);
  stats.counts.modelCalls = events.ofType('model_call').length;
  stats.counts.toolCalls = events.ofType('tool_result').length;
  stats.counts.supersteps = events.ofType('node_end').length;
  // LangGraph's own steps (one checkpoint each; node_end events can outnumber them if steps are merged)
  let steps = 0;
  for await (const c of s.graph.getStateHistory({ configurable: { thread_id: threadId } })) if (c.metadata?.source === 'loop') steps++;
  stats.counts.langgraphSteps = steps;
  stats.total.push(ms);
  stats.framework.push(ms - modelMs - toolMs);
  stats.cpu.push((cpu.user + cpu.system) / 1000);
}

/** All modes, one turn of each in turn, so a change in machine load hits every mode alike. */
async function hops(turns: number, modes: Mode[], log: (l: string) => void): Promise<Record<string, HopStats>> {
  const dir = mkdtempSync(join(tmpdir(), 'engiai-bench-hops-'));
  const runtimes: Runtime[] = [];
  try {
    const sessions = await Promise.all(modes.map((mode) => session(mode.store === 'memory' ? { kind: 'memory' } : { kind: 'sqlite', path: join(dir, `${mode.name}.sqlite`) }, runtimes)));
    const stats: Record<string, HopStats> = Object.fromEntries(modes.map((m) => [m.name, { total: [], framework: [], cpu: [], counts: { modelCalls: 0, toolCalls: 0, supersteps: 0, langgraphSteps: 0 } }]));
    for (let i = 0; i < turns + 3; i++) {
      for (const [k, mode] of modes.entries()) await oneHop(sessions[k], `hop-${i}`, mode, i < 3 ? null : stats[mode.name]);
    }
    for (const m of modes) log(`hops (${JSON.stringify(m)}): ${turns} turns, median ${median(stats[m.name].total).toFixed(1)} ms, framework ${median(stats[m.name].framework).toFixed(1)} ms`);
    return stats;
  } finally {
    for (const r of runtimes) await r.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

async function memory(conversations: number, log: (l: string) => void) {
  const gc = gcFn();
  const runtimes: Runtime[] = [];
  const s = await session({ kind: 'memory' }, runtimes);
  await s.runTurn({ threadId: 'warm', message: REQUEST });
  gc();
  const before = process.memoryUsage().heapUsed;
  for (let i = 0; i < conversations; i++) await s.runTurn({ threadId: `mem-${i}`, message: REQUEST });
  gc();
  const perConversation = (process.memoryUsage().heapUsed - before) / conversations;
  log(`memory: ${(perConversation / 1024).toFixed(1)} KiB per conversation (MemorySaver)`);

  const dir = mkdtempSync(join(tmpdir(), 'engiai-bench-agents-'));
  try {
    const db = join(dir, 'threads.sqlite');
    const sq = await session({ kind: 'sqlite', path: db }, runtimes);
    await sq.runTurn({ threadId: 'sq-warm', message: REQUEST });
    const start = statSync(db).size;
    for (let i = 0; i < conversations; i++) await sq.runTurn({ threadId: `sq-${i}`, message: REQUEST });
    for (const r of runtimes) await r.close();
    return { heapPerConversation: perConversation, sqlitePerConversation: (statSync(db).size - start) / conversations };
  } finally {
    for (const r of runtimes) await r.close().catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(argv: string[], log: (line: string) => void = () => {}): Promise<Record<string, unknown>> {
  const { flags } = parseFlags(argv);
  const turns = numberFlag(flags, 'turns', 30, { integer: true, min: 1 });
  const conversations = numberFlag(flags, 'conversations', 40, { integer: true, min: 1 });
  const compare = flags['core-run-trees'] !== undefined;
  const st = await hops(turns, compare ? [...MODES, CORE_RUN_TREES] : MODES, log);
  const core = st[CORE_RUN_TREES.name];
  const { cli, live, memory: mem0, lean } = st;
  const { counts } = cli;
  const stepMs = await emptyStepMs();
  const mem = await memory(conversations, log);
  return {
    benchmark: 'agents',
    turns,
    // the default configuration, as `engiai chat` runs without a terminal: SQLite checkpoints
    // (WAL, synchronous=NORMAL), each awaited before the next step; no token stream
    hop_median_ms: round(median(cli.total)),
    hop_p95_ms: round(p95(cli.total)),
    hop_cpu_median_ms: round(median(cli.cpu)),
    framework_median_ms: round(median(cli.framework)),
    framework_p95_ms: round(p95(cli.framework)),
    framework_per_superstep_ms: round(median(cli.framework) / counts.langgraphSteps),
    // with the live token stream (the web server, `engiai chat` at a terminal), SQLite
    live_framework_median_ms: round(median(live.framework)),
    live_framework_p95_ms: round(p95(live.framework)),
    // in-memory checkpoints, each awaited (the graph without SQLite)
    memory_framework_median_ms: round(median(mem0.framework)),
    memory_framework_p95_ms: round(p95(mem0.framework)),
    // no token stream, asynchronous in-memory checkpoints (benchmarks, servers without a live view)
    lean_framework_median_ms: round(median(lean.framework)),
    lean_framework_p95_ms: round(p95(lean.framework)),
    // the default configuration with @langchain/core's own run context (--core-run-trees)
    ...(core
      ? {
          core_run_trees_hop_median_ms: round(median(core.total)),
          core_run_trees_hop_cpu_median_ms: round(median(core.cpu)),
          core_run_trees_framework_median_ms: round(median(core.framework)),
          core_run_trees_framework_p95_ms: round(p95(core.framework)),
        }
      : {}),
    langgraph_empty_step_ms: round(stepMs),
    // node steps in the trace (node_end events) and LangGraph supersteps (checkpoints) per hop
    node_steps_per_hop: counts.supersteps,
    supersteps_per_hop: counts.langgraphSteps,
    target_ms: 12,
    within_target: median(cli.framework) <= 12,
    conversations,
    heap_kib_per_conversation: round(mem.heapPerConversation / 1024),
    sqlite_kib_per_conversation: round(mem.sqlitePerConversation / 1024),
    model_calls_per_hop: counts.modelCalls,
    tool_calls_per_hop: counts.toolCalls,
  };
}
