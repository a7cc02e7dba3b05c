/**
 * `engiai chat [message...]`: one conversation turn with the supervisor and its specialists, shown
 * as a live timeline (or, with --json, as the whole trace). Questions from the agents (clarification,
 * approval) are asked at the terminal, answered from --answer / --yes, or — with no terminal and no
 * flags — printed, and the command exits 0 so the turn can be resumed with --thread.
 * Heavy modules load inside the action; errors are EngiErrors that cli/engiai.ts maps to exit codes.
 */
import type { Command } from 'commander';
import { terminalSafe } from '../../tools/terminalText.ts';

export interface ChatOptions {
  message?: string;
  /** Model spec ("offline", "openai:gpt-5-mini", ...); default from config. */
  model?: string;
  /** Continue this conversation (default: a new thread). */
  thread?: string;
  /** Answers to the agents' questions, used in order; an approval takes exactly yes or no. */
  answer?: string[];
  /** Approve every approval request. */
  yes?: boolean;
  /** Print the whole trace as JSON instead of the timeline. */
  json?: boolean;
  /** Ask at the terminal when no scripted answer is left (default: stdin and stdout are TTYs). */
  interactive?: boolean;
  /** ENGIAI_HOME override (tests). */
  home?: string;
  /** Where threads persist (default: the settings' thread store). */
  checkpointer?: import('../../agents/index.ts').CheckpointerSpec;
  /** A ready model instead of resolving `model` (tests). */
  chatModel?: import('@langchain/core/language_models/chat_models').BaseChatModel;
  limits?: Partial<import('../../agents/index.ts').Limits>;
  approvals?: string[];
  /** Specialists besides the registry's (tests: a toy plug-in). */
  extraSpecialists?: import('../../agents/index.ts').SpecialistFactory[];
}

export interface ChatIO {
  write(text: string): void;
  ask(question: string): Promise<string>;
}

export interface ChatOutcome {
  threadId: string;
  status: import('../../agents/index.ts').RunStatus;
  answer: string | null;
  trace: import('../../agents/index.ts').ChatTrace;
}

/** Asks an approval at the terminal until the answer is yes or no (three tries; then it is not approved). */
async function askYesNo(io: ChatIO, question: string): Promise<'approve' | 'deny'> {
  const { yesOrNo } = await import('../../agents/index.ts');
  for (let i = 0; i < 3; i++) {
    try {
      return yesOrNo(await io.ask(`${question} [yes/no]`));
    } catch (err) {
      io.write(`${(err as Error).message}\n`);
    }
  }
  return 'deny';
}

async function askAtTerminal(question: string): Promise<string> {
  const { createInterface } = await import('node:readline/promises');
  const rl = createInterface({ input: process.stdin, output: process.stdout });
  try {
    return await rl.question(`${question}\n> `);
  } finally {
    rl.close();
  }
}

// what reaches the terminal is terminalSafe: agents' questions and answers carry tool and printer text
const defaultIO: ChatIO = { write: (t) => void process.stdout.write(terminalSafe(t)), ask: (q) => askAtTerminal(terminalSafe(q)) };

/** Runs `engiai chat`; exported so tests call it without a subprocess. */
export async function runChat(opts: ChatOptions, io: ChatIO = defaultIO): Promise<ChatOutcome> {
  const { randomUUID } = await import('node:crypto');
  const { InputError } = await import('../../tools/errors.ts');
  if (!opts.message?.trim() && !opts.thread) {
    throw new InputError('give a message, or --thread ID to continue a conversation', { field: 'message', hint: 'engiai chat "Optimize a Beams2D beam with volfrac 0.4, forcedist 0.65 and rmin 4, then render it"' });
  }
  const { createRuntime, Tracer, EventCollector, TimelinePrinter, buildTrace, usageOf, decisionFor, yesOrNo } = await import('../../agents/index.ts');
  const { loadConfig } = await import('../../config/load.ts');
  // --model is a setting like ENGIAI_MODEL: an openai-compatible key is bound to the URL it names
  const base = loadConfig(opts.model ? { flags: { model: { spec: opts.model } } } : {});
  const config = opts.home ? { ...base, home: opts.home } : base;
  const runtime = await createRuntime({ config, checkpointer: opts.checkpointer, limits: opts.limits, extraSpecialists: opts.extraSpecialists });
  let index: import('../../web/server/threadIndex.ts').ThreadIndex | null = null;
  try {
    const spec = opts.model ?? config.model.spec;
    const model = opts.chatModel ?? (await runtime.openModel(spec));
    const name = opts.chatModel ? (opts.model ?? opts.chatModel._llmType()) : spec;
    const session = await runtime.session({ model, modelName: name, approvals: opts.approvals });
    const collector = new EventCollector();
    const tracer = new Tracer([collector]);
    if (!opts.json) tracer.add(new TimelinePrinter(io.write));
    const threadId = opts.thread ?? randomUUID();
    if (opts.thread !== undefined) await assertKnownThread(session, opts.thread, runtime.threads?.location);
    index = await recordEvents(tracer, config.home, threadId, opts.message?.trim() || 'Chat', name, (line) => !opts.json && io.write(line));
    const answers = [...(opts.answer ?? [])];
    const interactive = opts.interactive ?? Boolean(process.stdin.isTTY && process.stdout.isTTY);
    // tokens only matter to a person watching; they cost callback work on every step
    const streamTokens = !opts.json && interactive;
    const message = opts.message?.trim() || undefined;
    let result = await session.runTurn({ threadId, message, tracer, streamTokens });
    while (result.status === 'interrupted' && result.interrupt) {
      const q = result.interrupt;
      let resume: unknown;
      if (q.kind === 'approval') {
        // a typed decision bound to the call shown: yes or no exactly, never a guess from free text
        const decision = opts.yes ? 'approve' : answers.length ? yesOrNo(answers.shift()!) : interactive ? await askYesNo(io, q.question) : null;
        if (!decision) break;
        resume = decisionFor(q, decision);
      } else if (answers.length) resume = answers.shift();
      else if (interactive) resume = await io.ask(q.question);
      else break;
      // the question about a run a killed process left: the message that raised it runs after the answer
      result = await session.runTurn({ threadId, resume, message: q.interrupted ? message : undefined, tracer, streamTokens });
    }
    index?.touch(threadId);
    const usage = usageOf(model)?.totals() as Record<string, number> | undefined;
    const trace = buildTrace({ threadId, model: name, status: result.status, answer: result.answer, interrupt: result.interrupt, events: collector.events, messages: await session.messages(threadId), usage });
    if (opts.json) io.write(`${JSON.stringify(trace, null, 2)}\n`);
    else io.write(footer(trace, message));
    return { threadId, status: result.status, answer: result.answer, trace };
  } finally {
    index?.close();
    await runtime.close();
  }
}

/**
 * Records the turn's events (tokens excluded) in the thread index, as `engiai serve` does, so the
 * web UI (its Threads list and the thread's timeline) and `engiai report` show the thread's steps. An index that cannot open is said, not fatal.
 */
async function recordEvents(tracer: import('../../agents/index.ts').Tracer, home: string, threadId: string, message: string, model: string, warn: (line: string) => void): Promise<import('../../web/server/threadIndex.ts').ThreadIndex | null> {
  const { ThreadIndex, threadTitle, webDbPath } = await import('../../web/server/threadIndex.ts');
  let index: InstanceType<typeof ThreadIndex>;
  try {
    index = new ThreadIndex(webDbPath(home));
    index.create(threadId, threadTitle(message), model);
    index.touch(threadId, model);
  } catch (err) {
    warn(`(the thread index could not be opened, so this turn's steps are not recorded for reports: ${(err as Error).message})\n`);
    return null;
  }
  const turn = index.nextTurn(threadId);
  tracer.add({ onEvent: (e) => void (e.type !== 'token' && index.addEvent(threadId, turn, e)) });
  return index;
}

/** --thread continues a conversation: one the store does not hold (mistyped, or the store was wiped) is an error. */
async function assertKnownThread(session: import('../../agents/index.ts').ChatSession, threadId: string, location: string | undefined): Promise<void> {
  const { InputError } = await import('../../tools/errors.ts');
  if (!/^[A-Za-z0-9_.:-]{1,128}$/.test(threadId)) throw new InputError(`--thread "${threadId}" is not a thread id (letters, digits, '-', '_', '.', ':')`, { field: 'thread' });
  if ((await session.messages(threadId)).length > 0) return;
  throw new InputError(`no conversation ${threadId} in the thread store${location ? ` (${location})` : ''}`, {
    field: 'thread',
    hint: 'check the id (engiai chat prints it after each turn), or leave out --thread to start a new conversation',
  });
}

function footer(trace: import('../../agents/index.ts').ChatTrace, message: string | undefined): string {
  const lines: string[] = [''];
  if (trace.status === 'interrupted' && trace.interrupt) {
    lines.push(`Question (${trace.interrupt.kind}) from ${trace.interrupt.agent}: ${trace.interrupt.question}`);
    const held = trace.interrupt.interrupted && message ? ` ${JSON.stringify(message)}` : '';
    lines.push(
      trace.interrupt.kind === 'approval'
        ? `Answer it with: engiai chat --thread ${trace.threadId} --answer yes|no${held}${held ? ' (your message runs after the answer)' : ''}`
        : `Answer it with: engiai chat --thread ${trace.threadId} --answer "<your answer>"`,
    );
  } else if (!trace.events.some((e) => e.type === 'answer') && trace.answer) lines.push(trace.answer);
  if (trace.artifacts.some((a) => !trace.answer?.includes(a))) lines.push('Artifacts:', ...trace.artifacts.map((a) => `  ${a}`));
  const t = trace.totals;
  lines.push(`thread ${trace.threadId} · ${t.modelCalls} model calls · ${t.toolCalls} tool calls · ${t.inputTokens}+${t.outputTokens} tokens`);
  return `${lines.join('\n')}\n`;
}

const collect = (value: string, previous: string[] = []) => [...previous, value];

export function register(program: Command): void {
  program
    .command('chat [message...]')
    .description('talk to the EngiAI agents: the supervisor routes to specialists and shows a live timeline of tool calls')
    .option('--model <spec>', '[string] model: offline | openai:MODEL | google:MODEL | ollama:MODEL | openai-compatible:MODEL@URL (default from config: offline)')
    .option('--thread <id>', '[string] continue this conversation (it survives restarts; default: a new thread)')
    .option('--answer <text>', '[string] answer to an agent question (an approval: exactly yes or no); repeat for several questions', collect)
    .option('--yes', '[boolean] approve every approval request (default false)')
    .option('--json', '[boolean] print the whole trace as JSON: messages, tool calls, results, timings, tokens (default false)')
    .action(async (words: string[], o: { model?: string; thread?: string; answer?: string[]; yes?: boolean; json?: boolean }) => {
      await runChat({ message: words.join(' '), model: o.model, thread: o.thread, answer: o.answer, yes: o.yes, json: o.json });
    });
}
