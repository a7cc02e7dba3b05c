/**
 * A chat session over the offline model with the stand-in engineering tools and every other registered
 * specialist. The corpus was written when rag, arxiv, hpc and cli were not built and prusa needed a
 * printer, and its "unavailable" class scores how the planner answers for an agent it cannot use; so
 * here those five are registered but unavailable (prusa slices with no printer since issue 23; their own
 * routing is tested with the real agents in tests/integration/{retrieval,hpc,cli,prusa}).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SPECIALISTS, type ChatSession, type SpecialistFactory } from '../../../../agents/index.ts';
import { engineeringSpecialist } from '../../../../agents/specialists/engineering/index.ts';
import { testSession } from '../sessionKit.ts';
import { standInEngineering } from './standInTools.ts';
import { runPhrasing, type Outcome, type Phrasing } from './harness.ts';
import { yieldToLoop } from '../../../support/yieldToLoop.ts';

const UNAVAILABLE = new Set(['rag', 'arxiv', 'hpc', 'cli', 'prusa']);

const unavailable =
  (f: SpecialistFactory): SpecialistFactory =>
  async (ctx) => {
    const s = await f(ctx);
    return UNAVAILABLE.has(s.name) ? { ...s, tools: [], defaultApprovals: [], availability: { available: false, reason: 'not configured in the phrasing session' } } : s;
  };

export async function phrasingSession(): Promise<{ session: ChatSession; close: () => void }> {
  const home = mkdtempSync(join(tmpdir(), 'engiai-phrasings-'));
  const specialists = SPECIALISTS.map((f) => (f === engineeringSpecialist ? standInEngineering() : unavailable(f)));
  const session = await testSession(home, { specialists });
  return { session, close: () => rmSync(home, { recursive: true, force: true }) };
}

/** Runs phrasings in order on one session (each in its own thread). */
export async function runAll(session: ChatSession, phrasings: readonly Phrasing[]): Promise<Outcome[]> {
  const out: Outcome[] = [];
  for (const p of phrasings) {
    await yieldToLoop();
    out.push(await runPhrasing(session, p));
  }
  return out;
}
