/**
 * Specialists that are declared (so the supervisor can tell the person what exists and why it
 * cannot run) but not built yet. When one is built it becomes its own folder and its entry here
 * is replaced by that folder's factory in index.ts.
 */
import type { SpecialistFactory } from './specialist.ts';

interface Declaration {
  name: string;
  description: string;
  reason: string;
  /** Words that ask for it (for the offline supervisor). */
  asks: RegExp;
}

const DECLARED: Declaration[] = [
  {
    name: 'hpc',
    reason: 'no cluster configured (the HPC agent is not built yet)',
    description: 'Generates, submits and monitors SLURM jobs on a remote cluster over SSH; trains and evaluates generative models.',
    asks: /\b(?:cluster|slurm|hpc|sbatch|supercomputer|train(?:ing)? (?:a |the )?(?:cgan|diffusion|generative|model))\b/i,
  },
];

/** One factory per declared specialist: no tools, unavailable with its reason. */
export const declaredSpecialists: SpecialistFactory[] = DECLARED.map((d) => () => ({
  name: d.name,
  description: d.description,
  tools: [],
  prompt: `You are the ${d.name} agent of EngiAI. This agent is declared but not built yet; it has no tools. Tell the supervisor that you cannot do the task yet.`,
  availability: { available: false, reason: d.reason },
  offline: { mentionedAt: (request: string) => d.asks.exec(request)?.index ?? -1 },
}));
