/**
 * The specialist registry: every specialist's factory, in the order the supervisor lists them.
 * Adding a specialist is a new folder under agents/specialists/ plus one line here
 * (agents/README.md, "Adding a specialist").
 */
import { cliSpecialist } from './cli/index.ts';
import { engineeringSpecialist } from './engineering/index.ts';
import { prusaSpecialist } from './prusa/index.ts';
import { ragSpecialist } from './rag/index.ts';
import { arxivSpecialist } from './arxiv/index.ts';
import { websearchSpecialist } from './websearch/index.ts';
import { hpcSpecialist } from './hpc/index.ts';
import { validateSpecialists, type Specialist, type SpecialistDeps, type SpecialistFactory } from './specialist.ts';

export const SPECIALISTS: readonly SpecialistFactory[] = [engineeringSpecialist, ragSpecialist, arxivSpecialist, websearchSpecialist, hpcSpecialist, cliSpecialist, prusaSpecialist];

/** Builds the specialists (the registry's, or `factories`) and checks their names before any graph is built. */
export async function buildSpecialists(deps: SpecialistDeps, factories: readonly SpecialistFactory[] = SPECIALISTS): Promise<Specialist[]> {
  const list = await Promise.all(factories.map((f) => f(deps)));
  validateSpecialists(list);
  return list;
}

export { validateSpecialists, handoffToolName, handoffTarget } from './specialist.ts';
export type { Specialist, SpecialistDeps, SpecialistFactory, Availability, ThreadView } from './specialist.ts';
export { readTask, taskOf, writeTask, type SpecialistTask, type DoneCall, type Plan, type PlannedCall } from './specialistTask.ts';
