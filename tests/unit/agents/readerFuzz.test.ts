/**
 * The offline engineering planner on text it was never written for: seeded random mixes of corpus
 * words, numbers, units, symbols and fragments of other requests, with and without an earlier design
 * in the context. It must never throw, and every call it makes must pass the real tool's schema.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { HumanMessage } from '@langchain/core/messages';
import { planEngineering } from '../../../agents/specialists/engineering/offlinePlanner.ts';
import { taskOf } from '../../../agents/specialists/specialistTask.ts';
import { readRequest } from '../../../agents/specialists/engineering/read/readRequest.ts';
import { askPersonTool } from '../../../tools/askPerson.ts';
import { mulberry32 } from '../../../tools/engineering/random.ts';
import { engineeringToolsFor, problemCatalog, type ProblemInfo } from '../../../tools/engineering/tools/index.ts';
import { CORPUS } from './phrasings/corpus/index.ts';

let catalog: ProblemInfo[];
let schemas: Map<string, { safeParse(v: unknown): { success: boolean; error?: unknown } }>;
beforeAll(async () => {
  catalog = await problemCatalog();
  schemas = new Map([...engineeringToolsFor(catalog), askPersonTool].map((t) => [t.name, t.schema]));
});


const EXTRA = ['0', '-1', '1e-3', '1.5e2', '3/4', '60x30', '2-3', '40%', '850nm', '1.2 µm', '=', ':', '{', '}', '"', ',', '.', '?', '×', '@', '#', 'λ1', 'none', 'NaN', 'Infinity', '12345678901234567890', 'beams2d-0123456789abcdef', '\n', '**'];
const CONTEXT = 'Person: Optimize a beam with volfrac 0.3\nAssistant: Optimized beams2d with {"volfrac":0.3,"rmin":2,"forcedist":0,"overhang_constraint":false} (config {"nelx":40,"nely":20}): design beams2d-0123456789abcdef after 10 iterations';

describe('the reader and planner on random text', () => {
  it('never throw, and every call passes the tool schema', () => {
    const random = mulberry32(9);
    const words = CORPUS.flatMap((p) => p.turns.flatMap((t) => t.say.split(/\s+/)));
    const pick = <T,>(xs: readonly T[]) => xs[Math.floor(random() * xs.length)];
    let calls = 0;
    for (let i = 0; i < 400; i++) {
      const n = 1 + Math.floor(random() * 25);
      const text = Array.from({ length: n }, () => (random() < 0.2 ? pick(EXTRA) : pick(words))).join(random() < 0.1 ? '' : ' ');
      for (const p of catalog) expect(() => readRequest(text, catalog, { problem: p }), text).not.toThrow();
      const task = `Request from the person:\n${text}${i % 2 ? `\n\nContext (earlier conversation, oldest first):\n${CONTEXT}` : ''}`;
      const plan = planEngineering(taskOf([new HumanMessage(task)]), catalog);
      expect(plan.text.length + plan.calls.length, text).toBeGreaterThan(0);
      for (const c of plan.calls) {
        const parsed = schemas.get(c.name)?.safeParse(c.args);
        expect(parsed?.success, `${text}\n→ ${c.name} ${JSON.stringify(c.args)}`).toBe(true);
        calls++;
      }
    }
    expect(calls).toBeGreaterThan(50);
  });
});
