/**
 * Settings the UI can change (model backend, tools that need approval) and what the current
 * configuration allows: each backend with whether it can be used and why not, each specialist with
 * its availability and reason.
 */
import { Router, json, type RequestHandler } from 'express';
import { HttpError } from '../httpErrors.ts';
import type { WebState } from '../webState.ts';

interface Backend {
  spec: string;
  label: string;
  available: boolean;
  reason?: string;
}

const EXAMPLES: [string, string][] = [
  ['offline', 'Offline planner (deterministic, no network)'],
  ['openai:gpt-4o-mini', 'OpenAI'],
  ['google:gemini-2.5-flash', 'Google Gemini'],
  ['ollama:llama3.1', 'Ollama (local server)'],
];

async function backends(state: WebState): Promise<Backend[]> {
  const out: Backend[] = [];
  for (const [spec, label] of EXAMPLES) {
    try {
      await state.checkModel(spec);
      const note = spec.startsWith('ollama:') ? `needs an Ollama server at ${state.config.providers.ollama.host} with the model pulled` : undefined;
      out.push({ spec, label, available: true, ...(note ? { reason: note } : {}) });
    } catch (err) {
      out.push({ spec, label, available: false, reason: err instanceof Error ? err.message : String(err) });
    }
  }
  return out;
}

/** The largest settings body (README: "10 kB (settings)"); past it a 413 with a JSON error. */
export const SETTINGS_BODY_LIMIT = 10 * 1024;

const parse = json({ limit: SETTINGS_BODY_LIMIT });
const limited: RequestHandler = (req, res, next) =>
  parse(req, res, (err?: unknown) => {
    if ((err as { status?: number } | undefined)?.status === 413) return next(new HttpError(413, `settings body too large: the limit is ${SETTINGS_BODY_LIMIT} bytes (10 kB)`));
    next(err);
  });

export function settingsRoutes(state: WebState): Router {
  const r = Router();
  r.use('/api/settings', limited);

  r.get('/api/settings', async (_req, res) => {
    res.json({
      ...state.settings,
      approvableTools: state.runtime.approvableTools().map((t) => t.name),
      defaultApprovals: state.approvalDefaults,
      // defaults that do not ask now: removed explicitly (serve --without-approval, or unticked here)
      removedDefaults: state.approvalDefaults.filter((t) => !state.settings.approvals.includes(t)),
      backends: await backends(state),
      specialists: state.runtime.specialists.map((s) => ({
        name: s.name,
        description: s.description,
        available: s.availability.available,
        reason: s.availability.available ? undefined : s.availability.reason,
        tools: s.tools.map((t) => t.name),
      })),
    });
  });

  r.put('/api/settings', async (req, res) => {
    const body = (req.body ?? {}) as { model?: unknown; approvals?: unknown };
    if (body.model !== undefined) {
      if (typeof body.model !== 'string' || !body.model.trim()) throw new HttpError(400, 'model must be a model spec such as "offline" or "openai:gpt-4o-mini"');
      await state.checkModel(body.model.trim());
    }
    if (body.approvals !== undefined) {
      const known = new Set(state.runtime.approvableTools().map((t) => t.name));
      if (!Array.isArray(body.approvals) || !body.approvals.every((t) => typeof t === 'string' && known.has(t))) {
        throw new HttpError(400, `approvals must be a list of tool names from: ${[...known].join(', ')}`);
      }
      state.settings.approvals = [...new Set(body.approvals as string[])];
    }
    if (typeof body.model === 'string') state.settings.model = body.model.trim();
    res.json(state.settings);
  });

  return r;
}
