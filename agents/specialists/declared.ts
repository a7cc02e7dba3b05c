/**
 * Specialists that are declared (so the supervisor can tell the person what exists) but not yet
 * built: each says why it is unavailable. Each becomes its own file when its issue lands.
 */
import { loadPrompt } from '../prompts/loadPrompt.ts';
import type { Specialist, SpecialistSettings } from './specialist.ts';

interface Declaration {
  name: string;
  description: string;
  service: keyof NonNullable<SpecialistSettings['services']>;
  reason: string;
}

const DECLARED: Declaration[] = [
  { name: 'rag', service: 'documents', reason: 'no document index configured (the RAG agent is not built yet)',
    description: 'Answers questions from the person\'s indexed documents (PDF, Markdown) with citations; finds parameters stated in papers.' },
  { name: 'arxiv', service: 'arxiv', reason: 'the arXiv agent is not built yet',
    description: 'Searches arXiv for papers, fetches and indexes them for the RAG agent.' },
  { name: 'websearch', service: 'websearch', reason: 'no web search configured (the Tavily agent is not built yet)',
    description: 'Searches the web (Tavily) for current information.' },
  { name: 'hpc', service: 'cluster', reason: 'no cluster configured (the HPC agent is not built yet)',
    description: 'Generates, submits and monitors SLURM jobs on a remote cluster over SSH; trains and evaluates generative models.' },
  { name: 'cli', service: 'shell', reason: 'the local command agent is not built yet',
    description: 'Runs whitelisted local commands and GUI applications (e.g. open an STL in a viewer) after the person confirms.' },
  { name: 'prusa', service: 'printer', reason: 'no printer configured (the Prusa agent is not built yet)',
    description: 'Slices STL files and controls a Prusa 3D printer over PrusaLink (status, upload, start, pause, cancel).' },
];

export function declaredSpecialists(_settings: SpecialistSettings = {}): Specialist[] {
  return DECLARED.map((d) => ({
    name: d.name,
    description: d.description,
    tools: [],
    prompt: loadPrompt(d.name),
    availability: { available: false, reason: d.reason },
  }));
}
