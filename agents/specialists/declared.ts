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
    name: 'rag',
    reason: 'no document index configured (the RAG agent is not built yet)',
    description: "Answers questions from the person's indexed documents (PDF, Markdown) with citations; finds parameters stated in papers.",
    asks: /\b(?:papers?|documents?|pdfs?|reports?|my (?:notes|files)|indexed|according to|cited?|literature)\b/i,
  },
  { name: 'arxiv', reason: 'the arXiv agent is not built yet', description: 'Searches arXiv for papers, fetches and indexes them for the RAG agent.', asks: /\barxiv\b/i },
  {
    name: 'websearch',
    reason: 'no web search configured (the Tavily agent is not built yet)',
    description: 'Searches the web (Tavily) for current information.',
    asks: /\b(?:web|internet|online|google|tavily|search the)\b/i,
  },
  {
    name: 'hpc',
    reason: 'no cluster configured (the HPC agent is not built yet)',
    description: 'Generates, submits and monitors SLURM jobs on a remote cluster over SSH; trains and evaluates generative models.',
    asks: /\b(?:cluster|slurm|hpc|sbatch|supercomputer|train(?:ing)? (?:a |the )?(?:cgan|diffusion|generative|model))\b/i,
  },
  {
    name: 'cli',
    reason: 'the local command agent is not built yet',
    description: 'Runs whitelisted local commands and GUI applications (e.g. open an STL in a viewer) after the person confirms.',
    asks: /\b(?:open (?:it|the \w+) in|launch|shell command|terminal|paraview|meshlab|run the command)\b/i,
  },
  {
    name: 'prusa',
    reason: 'no printer configured (the Prusa agent is not built yet)',
    description: 'Slices STL files and controls a Prusa 3D printer over PrusaLink (status, upload, start, pause, cancel).',
    asks: /\b(?:3d[-\s]?printer|printer|prusa|slice|g-?code|print it|print the)\b/i,
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
