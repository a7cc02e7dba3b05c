/**
 * `engiai serve`: the express 5 app (API, SSE chat, artifacts, uploads, the built Preact client)
 * and its start/stop. Loopback by default; any other host needs a token, checked on every request.
 */
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import express from 'express';
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import type { EngiConfig } from '../../config/schema.ts';
import { createRuntime, type Limits, type SpecialistFactory } from '../../agents/index.ts';
import { approvalList, describeApprovals, type ApprovalList } from './approvalList.ts';
import { ChatService } from './chatService.ts';
import { distDir, ensureClientBuilt } from './clientBuild.ts';
import { presentEvent, presentInterrupt, presentText } from './presentEvent.ts';
import { errorBody, errorHandler, statusOf } from './httpErrors.ts';
import { benchRoutes } from './routes/benchRoutes.ts';
import { documentsRoutes } from './routes/documentsRoutes.ts';
import { designsRoutes } from './routes/designsRoutes.ts';
import { filesRoutes } from './routes/filesRoutes.ts';
import { jobsRoutes } from './routes/jobsRoutes.ts';
import { printersRoutes } from './routes/printersRoutes.ts';
import { reportRoutes } from './routes/reportRoutes.ts';
import { settingsRoutes } from './routes/settingsRoutes.ts';
import { threadsRoutes } from './routes/threadsRoutes.ts';
import { voiceRoutes } from './routes/voiceRoutes.ts';
import { sketchRoutes } from './routes/sketchRoutes.ts';
import { assertSafeBind, csrfGuard, hostGuard, isLoopbackHost, securityHeaders, tokenGuard } from './security.ts';
import { ThreadIndex, webDbPath } from './threadIndex.ts';
import type { WebState } from './webState.ts';
import { yieldingSaver } from './yieldingSaver.ts';

export interface WebServerOptions {
  config: EngiConfig;
  host?: string;
  port?: number;
  token?: string;
  /** Model spec for new turns (default config.model.spec). */
  model?: string;
  /** Tools that ask before running, the whole list (default: each specialist's defaults with `approve` and `withoutApproval` applied). */
  approvals?: string[];
  /** Tools that ask besides the defaults (`serve --approve`). */
  approve?: string[];
  /** Defaults that stop asking, named explicitly (`serve --without-approval`); shown at start and in the settings. */
  withoutApproval?: string[];
  /** Specialists besides the registry's (tests: a toy plug-in). */
  extraSpecialists?: SpecialistFactory[];
  uploadLimitBytes?: number;
  /** Serve the built client (default true; API-only tests pass false). */
  client?: boolean;
  /** Builds a chat model from a spec (default: resolveModel with config). */
  openModel?: (spec: string) => Promise<BaseChatModel>;
  limits?: Partial<Limits>;
  /** Turns running at once on the whole server; beyond it a turn gets 503 with Retry-After (default config.server.maxTurns). */
  maxTurns?: number;
  /** Wall time one turn may run, ms (default config.server.turnBudgetS; tests: short). */
  turnBudgetMs?: number;
  /** How long a turn runs with no client attached, ms (default config.server.unattendedS; tests: short). */
  unattendedMs?: number;
  /** Folders the Benchmarks page lists runs from (default: ENGIAI_HOME/bench). */
  benchFolders?: string[];
  log?: (line: string) => void;
}

export interface RunningWebServer {
  url: string;
  host: string;
  port: number;
  state: WebState;
  close(): Promise<void>;
}

export const DEFAULT_UPLOAD_LIMIT = 20 * 1024 * 1024;

export async function startWebServer(opts: WebServerOptions): Promise<RunningWebServer> {
  const host = opts.host ?? opts.config.server.host;
  const port = opts.port ?? opts.config.server.port;
  const token = opts.token ?? opts.config.server.token;
  assertSafeBind(host, token);
  const log = opts.log ?? (() => {});

  const home = opts.config.home;
  const [{ DesignStore }, { artifactsDir }] = await Promise.all([import('../../tools/engineering/store/designStore.ts'), import('../../config/paths.ts')]);
  // the person is in a browser: files show in the page, never in a window on the server's desktop
  const runtime = await createRuntime({ config: opts.config, surface: 'browser', wrapSaver: yieldingSaver, limits: opts.limits, openModel: opts.openModel, extraSpecialists: opts.extraSpecialists, log });
  let index: ThreadIndex;
  try {
    // the stores open first: a damaged one fails at once, before a client build
    index = new ThreadIndex(webDbPath(home));
  } catch (err) {
    await runtime.close();
    throw err;
  }
  try {
    if (opts.client !== false) await ensureClientBuilt(log);
  } catch (err) {
    index.close();
    await runtime.close();
    throw err;
  }
  const artifactsRoot = artifactsDir(home);
  const chat = new ChatService({
    runtime,
    index,
    maxTurns: opts.maxTurns ?? opts.config.server.maxTurns,
    turnBudgetMs: opts.turnBudgetMs ?? opts.config.server.turnBudgetS * 1000,
    unattendedMs: opts.unattendedMs ?? opts.config.server.unattendedS * 1000,
    present: (e) => presentEvent({ artifactsRoot, home }, e),
    presentText: (text) => presentText({ artifactsRoot, home }, text),
    presentInterrupt: (payload) => presentInterrupt({ artifactsRoot, home }, payload),
    describeError: (err) => errorBody(err, home),
    onError: (id, err) => statusOf(err) >= 500 && log(`turn on thread ${id}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`),
  });
  const approvable = runtime.approvableTools();
  let approvals: ApprovalList;
  try {
    approvals = approvalList(approvable.map((t) => t.name), approvable.filter((t) => t.byDefault).map((t) => t.name), opts.approve, opts.withoutApproval);
  } catch (err) {
    index.close();
    await runtime.close();
    throw err;
  }
  const state: WebState = {
    settings: { model: opts.model ?? opts.config.model.spec, approvals: [...(opts.approvals ?? approvals.approvals)] },
    approvalDefaults: approvals.defaults,
    runtime,
    chat,
    index,
    store: new DesignStore(home),
    home,
    artifactsRoot,
    uploadsDir: join(home, 'uploads'),
    uploadLimitBytes: opts.uploadLimitBytes ?? DEFAULT_UPLOAD_LIMIT,
    config: opts.config,
    log,
    checkModel: async (spec) => void (await runtime.openModel(spec)),
  };
  await state.checkModel(state.settings.model);

  const app = express();
  app.disable('x-powered-by');
  app.set('query parser', 'simple');
  app.use(securityHeaders(), hostGuard(isLoopbackHost(host)), tokenGuard(token), csrfGuard());
  app.get('/api/health', (_req, res) => void res.json({ ok: true }));
  app.use(reportRoutes(state), threadsRoutes(state), settingsRoutes(state), filesRoutes(state), designsRoutes(state), jobsRoutes(state), printersRoutes(state), documentsRoutes(state), benchRoutes(state, opts.benchFolders), voiceRoutes(state), sketchRoutes(state));
  app.use('/api', (_req, res) => void res.status(404).json({ error: 'no such API endpoint' }));
  if (opts.client !== false) {
    app.use(express.static(distDir, { index: 'index.html', dotfiles: 'deny' }));
    app.get('/{*splat}', (_req, res) => res.sendFile(join(distDir, 'index.html')));
  }
  app.use(errorHandler({ home, log }));

  const server: Server = await new Promise((resolveListen, reject) => {
    const s = app.listen(port, host, (err?: Error) => (err ? reject(err) : resolveListen(s)));
    s.once('error', reject);
  });
  const address = server.address() as AddressInfo;
  const urlHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  const url = `http://${urlHost}:${address.port}`;
  log(`EngiAI web UI on ${url}${token ? ' (token required)' : ''} · model ${state.settings.model}`);
  log(describeApprovals({ ...approvals, approvals: state.settings.approvals }));
  return {
    url,
    host,
    port: address.port,
    state,
    close: async () => {
      chat.cancelAll('the server is stopping');
      server.closeAllConnections();
      await new Promise<void>((done) => server.close(() => done()));
      index.close();
      await runtime.close();
    },
  };
}
