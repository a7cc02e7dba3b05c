/**
 * One way to assemble the agents, used by the CLI, the web server and the benchmarks: settings →
 * specialists (the registry's factories, plus any extra ones) → a thread store → chat sessions per
 * model and approval list. With the `offline` model, each agent gets its own part of the offline
 * planner (the supervisor's router, a specialist's planner); real models serve every agent alike.
 */
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { BaseCheckpointSaver } from '@langchain/langgraph';
import { loadConfig } from '../../config/load.ts';
import type { EngiConfig } from '../../config/schema.ts';
import { OfflineChatModel } from '../models/offline/offlineChatModel.ts';
import { noPlannerRole, type OfflineRole, type OfflineRoute } from '../models/offline/role.ts';
import { supervisorRole } from '../models/offline/supervisorPlanner.ts';
import { buildSpecialists, SPECIALISTS } from '../specialists/index.ts';
import { handoffToolName, type Specialist, type SpecialistFactory } from '../specialists/specialist.ts';
import { taskOf } from '../specialists/specialistTask.ts';
import type { Limits } from '../supervisor/state.ts';
import { ChatSession } from './chatSession.ts';
import { openCheckpointer, type CheckpointerSpec, type OpenCheckpointer } from './checkpointer.ts';
import { threadStoreSpec } from './threadStore.ts';
import { OtlpExporter, otlpHeaders } from '../trace/otlpExporter.ts';
import { ConfigError } from '../../tools/errors.ts';

export interface RuntimeOptions {
  /** Settings (default: loadConfig(), i.e. file < environment). */
  config?: EngiConfig;
  /** Where threads persist (default: PostgreSQL when threads.url is set, else SQLite in the home). */
  checkpointer?: CheckpointerSpec;
  /** A thread store already open (the caller closes it); instead of `checkpointer`. */
  saver?: BaseCheckpointSaver;
  /** Wraps the thread store's saver (the web server yields to its event loop while saving). */
  wrapSaver?: (saver: BaseCheckpointSaver) => BaseCheckpointSaver;
  /** Specialist factories (default: the registry, agents/specialists/index.ts). */
  specialists?: readonly SpecialistFactory[];
  /** Factories added after the registry's (a plug-in outside the tree, a test's toy specialist). */
  extraSpecialists?: readonly SpecialistFactory[];
  /** Where the person sees results (SpecialistDeps.surface; the web server: 'browser'). */
  surface?: 'terminal' | 'browser';
  limits?: Partial<Limits>;
  /** Builds the chat model of a spec (default: resolveModel with the settings). */
  openModel?: (spec: string) => Promise<BaseChatModel>;
  /** Where the runtime says what went wrong outside a turn (a failed trace export; default stderr, once). */
  log?: (line: string) => void;
}

export interface SessionOptions {
  /** A model spec ("offline", "openai:gpt-5-mini", …; default from the settings) or a ready model. */
  model?: string | BaseChatModel;
  /** The label traces give the model (default: the spec, or the model's type). */
  modelName?: string;
  /** Tool names that ask the person before running (default: each specialist's defaults). */
  approvals?: readonly string[];
}

export interface ApprovableTool {
  name: string;
  agent: string;
  /** Asks before running unless the settings say otherwise. */
  byDefault: boolean;
}

export interface Runtime {
  readonly config: EngiConfig;
  readonly specialists: readonly Specialist[];
  /** The thread store the runtime opened (null when given a `saver`). */
  readonly threads: OpenCheckpointer | null;
  /** A chat session; sessions of a model spec and approval list are built once and reused. */
  session(opts?: SessionOptions): Promise<ChatSession>;
  /** Builds the chat model of a spec (throws ConfigError with the reason when it cannot). */
  openModel(spec: string): Promise<BaseChatModel>;
  /** Tools of available specialists a person may ask to approve before they run. */
  approvableTools(): ApprovableTool[];
  close(): Promise<void>;
}

/** The offline model speaking for each agent: the supervisor routes, each specialist plans its own work. */
export function offlineRoles(model: OfflineChatModel, specialists: readonly Specialist[]): (agent: string) => BaseChatModel {
  const routes: OfflineRoute[] = specialists.map((s) => ({
    name: s.name,
    handoff: handoffToolName(s.name),
    available: s.availability.available,
    reason: s.availability.available ? undefined : s.availability.reason,
    description: s.description,
    mentionedAt: s.offline?.mentionedAt ?? (() => -1),
    topicAt: s.offline?.topicAt,
    queryAfter: s.offline?.queryAfter,
    answers: s.offline?.answers,
  }));
  const roles = new Map<string, OfflineRole>([['supervisor', supervisorRole(routes)]]);
  for (const s of specialists) {
    const plan = s.offline?.plan?.bind(s.offline);
    roles.set(s.name, plan ? { plan: (messages, toolNames) => plan(taskOf(messages, s.name), toolNames) } : noPlannerRole(s.name));
  }
  const models = new Map<string, OfflineChatModel>();
  return (agent) => {
    let m = models.get(agent);
    if (!m) models.set(agent, (m = model.forRole(roles.get(agent) ?? noPlannerRole(agent))));
    return m;
  };
}

export async function createRuntime(opts: RuntimeOptions = {}): Promise<Runtime> {
  const config = opts.config ?? loadConfig();
  const specialists = await buildSpecialists({ config, ...(opts.surface ? { surface: opts.surface } : {}) }, [...(opts.specialists ?? SPECIALISTS), ...(opts.extraSpecialists ?? [])]);
  const threads = opts.saver ? null : await openCheckpointer(opts.checkpointer ?? threadStoreSpec(config, config.home));
  const opened = opts.saver ?? threads!.saver;
  const saver = opts.wrapSaver ? opts.wrapSaver(opened) : opened;
  const openModel =
    opts.openModel ??
    (async (spec: string) => {
      const { resolveModel } = await import('../models/resolve.ts');
      return resolveModel(spec, { config });
    });
  const sessions = new Map<string, Promise<ChatSession>>();
  const exporter = otlpExporterFor(config, opts.log);

  const build = async ({ model = config.model.spec, modelName, approvals }: SessionOptions): Promise<ChatSession> => {
    const chatModel = typeof model === 'string' ? await openModel(model) : model;
    return new ChatSession({
      model: chatModel,
      modelFor: chatModel instanceof OfflineChatModel ? offlineRoles(chatModel, specialists) : undefined,
      modelName: modelName ?? (typeof model === 'string' ? model : chatModel._llmType()),
      checkpointer: saver,
      leases: threads?.leases,
      specialists,
      limits: opts.limits,
      approvals: approvals && [...approvals],
      turnProcessors: exporter ? () => [exporter.processor()] : undefined,
    });
  };

  return {
    config,
    specialists,
    threads,
    openModel,
    session(o = {}) {
      const model = o.model ?? config.model.spec;
      if (typeof model !== 'string') return build(o);
      const key = JSON.stringify([model, o.modelName ?? null, o.approvals ? [...o.approvals].sort() : null]);
      let s = sessions.get(key);
      if (!s) {
        s = build(o);
        sessions.set(key, s);
        s.catch(() => sessions.delete(key));
      }
      return s;
    },
    approvableTools() {
      return specialists
        .filter((s) => s.availability.available)
        .flatMap((s) => s.tools.filter((t) => !t.asksPerson && !t.needsApproval).map((t) => ({ name: t.name, agent: s.name, byDefault: (s.defaultApprovals ?? []).includes(t.name) })));
    },
    close: async () => {
      await Promise.all(specialists.map((s) => Promise.resolve().then(() => s.close?.()).catch(() => undefined)));
      await threads?.close();
      await exporter?.flush();
    },
  };
}

/**
 * The OTLP exporter the settings ask for (tracing.otlpEndpoint, or OpenTelemetry's own variables),
 * or none; OTEL_SDK_DISABLED=true or OTEL_TRACES_EXPORTER=none turn it off. It speaks OTLP/HTTP
 * with JSON: a gRPC protocol asked for is refused, not silently ignored.
 */
export function otlpExporterFor(config: EngiConfig, log?: (line: string) => void, env: NodeJS.ProcessEnv = process.env): OtlpExporter | null {
  const endpoint = config.tracing?.otlpEndpoint;
  if (!endpoint || env.OTEL_SDK_DISABLED === 'true' || env.OTEL_TRACES_EXPORTER === 'none') return null;
  const protocol = env.OTEL_EXPORTER_OTLP_TRACES_PROTOCOL ?? env.OTEL_EXPORTER_OTLP_PROTOCOL;
  if (protocol === 'grpc') throw new ConfigError('OTEL_EXPORTER_OTLP_PROTOCOL=grpc: EngiAI exports traces over OTLP/HTTP (JSON) only', { hint: 'point OTEL_EXPORTER_OTLP_ENDPOINT at the collector\'s HTTP port (4318) and unset the protocol, or set it to http/json' });
  let told = false;
  const onError =
    log ??
    ((line: string) => {
      if (told) return;
      told = true;
      process.stderr.write(`${line} (further failures are not shown)\n`);
    });
  return new OtlpExporter({ endpoint, serviceName: config.tracing.serviceName, headers: otlpHeaders(env), onError });
}
