/**
 * The offline supervisor: classifies the request by keywords into an ordered list of specialists
 * (in the order the request mentions them), hands off to the next one not yet visited in this turn,
 * and, when all have answered, writes the final answer from their summaries. It never hands the same
 * specialist the same turn twice, so it cannot loop.
 */
import type { BaseMessage } from '@langchain/core/messages';
import { doneCalls, errorText, lastIndexOfType, textOf, type Plan } from './transcript.ts';

const INTENTS: [string, RegExp][] = [
  ['rag', /\b(?:paper|document|pdf|report|my (?:notes|files)|indexed|according to|cited?|literature)\b/i],
  ['arxiv', /\barxiv\b/i],
  ['websearch', /\b(?:web|internet|online|google|tavily|search the)\b/i],
  ['hpc', /\b(?:cluster|slurm|hpc|sbatch|supercomputer|train(?:ing)? (?:a |the )?(?:cgan|diffusion|generative|model))\b/i],
  ['cli', /\b(?:open (?:it|the \w+) in|launch|shell command|terminal|paraview|meshlab|run the command)\b/i],
  ['prusa', /\b(?:3d[-\s]?printer|printer|prusa|slice|g-?code|print it|print the)\b/i],
  // engineering is placed by its first action word, so "find X in the paper, then optimize" goes to rag first
  ['engineering', /optimi[sz]|topolog|simulat|\brender|\bstl\b|\bshow (?:it|me)\b|\bexport\b|\bdesign\b|\bproblems?\b/i],
];
const ENGINEERING_SUBJECT = /\bbeams?\b|\bmbb\b|cantilever|photonic|demultiplex|wavelength|compliance|volfrac|volume fraction|filter radius|\brmin\b|forcedist|\bload\b|thermo-?elastic|heat conduction/i;

const GREETING = /^\s*(?:hi|hello|hey|help|what can you do|who are you)\b/i;

/** The specialists a request needs, in the order the request mentions them. */
export function classifyIntents(request: string, available: string[]): string[] {
  const hits: { agent: string; at: number }[] = [];
  for (const [agent, re] of INTENTS) {
    if (!available.includes(agent)) continue;
    const m = re.exec(request) ?? (agent === 'engineering' ? ENGINEERING_SUBJECT.exec(request) : null);
    if (m) hits.push({ agent, at: m.index });
  }
  return hits.sort((a, b) => a.at - b.at).map((h) => h.agent);
}

interface Visit {
  agent: string;
  ok: boolean;
  result: Record<string, unknown>;
}

function answerFrom(visits: Visit[]): string {
  const lines: string[] = [];
  for (const v of visits) {
    if (!v.ok) {
      lines.push(`${v.agent}: ${errorText(v.result)}`);
      continue;
    }
    const answer = String(v.result.answer ?? '').trim();
    lines.push(answer || `${v.agent} finished.`);
    const artifacts = (v.result.artifacts as string[] | undefined) ?? [];
    if (artifacts.length) lines.push(`Artifacts:\n${artifacts.map((a) => `  ${a}`).join('\n')}`);
  }
  return lines.join('\n');
}

export function notUnderstood(request: string): string {
  return (
    `I could not understand "${request.slice(0, 200)}" with the built-in offline planner, which only handles clear engineering requests ` +
    '(e.g. "Optimize a Beams2D beam with volfrac 0.4, forcedist 0.65 and rmin 4, simulate it and render it"). ' +
    'For free-form requests configure an LLM: engiai chat --model openai:gpt-5-mini (needs OPENAI_API_KEY), --model google:gemini-2.5-flash ' +
    '(GOOGLE_API_KEY) or --model ollama:qwen3:4b (a local Ollama server).'
  );
}

const CAPABILITIES =
  'I am EngiAI. With the offline planner I can run engineering design workflows: set up a problem (e.g. beams2d), ' +
  'optimize it, simulate the design, render it and export it as STL. Try: "Optimize a Beams2D beam with volfrac 0.4, forcedist 0.65 ' +
  'and rmin 4, simulate it and render it". Document search, arXiv, web search, HPC, local commands and printing are declared but not available yet.';

export function planSupervisor(messages: BaseMessage[], toolNames: string[]): Plan {
  const h = lastIndexOfType(messages, 'human');
  const request = h >= 0 ? textOf(messages[h]) : '';
  const available = toolNames.filter((n) => n.startsWith('transfer_to_')).map((n) => n.slice('transfer_to_'.length));
  const visits: Visit[] = doneCalls(messages, Math.max(h, 0))
    .filter((d) => d.name.startsWith('transfer_to_'))
    .map((d) => ({ agent: d.name.slice('transfer_to_'.length), ok: d.ok, result: d.result }));
  const intents = classifyIntents(request, available);
  const next = intents.find((a) => !visits.some((v) => v.agent === a));
  if (next) return { text: '', calls: [{ name: `transfer_to_${next}`, args: { task: request } }] };
  if (visits.length) return { text: answerFrom(visits), calls: [] };
  if (GREETING.test(request)) return { text: CAPABILITIES, calls: [] };
  return { text: notUnderstood(request), calls: [] };
}
