/**
 * Finding the specialist a suite needs (the RAG and HPC suites test the registry's `rag` and `hpc`
 * agents, never a stand-in), refusing to run without an available one and naming why, and running
 * one of its tools directly (the harness indexing a corpus).
 */
import { buildSpecialists, SPECIALISTS, type Specialist, type SpecialistFactory } from '../../agents/index.ts';
import type { EngiConfig } from '../../config/schema.ts';
import { ConfigError } from '../../tools/errors.ts';

/** The registry's factory that builds the named specialist, if any. */
export async function registryFactory(name: string, config: EngiConfig): Promise<SpecialistFactory | undefined> {
  const built = await buildSpecialists({ config }, SPECIALISTS);
  const i = built.findIndex((s) => s.name === name);
  return i >= 0 ? SPECIALISTS[i] : undefined;
}

/** Fails with the reason when the specialist cannot serve a benchmark. */
export function assertUsable(s: Specialist | undefined, name: string, tools: string[]): Specialist {
  if (!s) throw new ConfigError(`the ${name} specialist is not available in this build`, { hint: `the ${name} agent is not registered in agents/specialists/index.ts` });
  if (!s.availability.available) throw new ConfigError(`the ${name} specialist is not available: ${s.availability.reason}`, { hint: `engiai bench ${name} needs a working ${name} agent` });
  const missing = tools.filter((t) => !s.tools.some((x) => x.name === t));
  if (missing.length) throw new ConfigError(`the ${name} specialist has no ${missing.join(', ')} tool`, { hint: 'the benchmark calls its tools by these names' });
  return s;
}

/** Runs one of a specialist's tools directly (the harness indexing the corpus), outside any conversation. */
export async function runSpecialistTool(s: Specialist, name: string, args: Record<string, unknown>): Promise<Record<string, unknown>> {
  const tool = s.tools.find((t) => t.name === name)!;
  const parsed = tool.schema.parse(args);
  const out = await tool.run(parsed, { askHuman: async () => '' });
  return out.result;
}
