/**
 * Running the RAG suite (benchmarks.md §3): per seed a corpus (Markdown and PDF files in the run
 * directory: generated per seed under the engiai protocol, the two papers' stated values under the
 * paper protocol), per prompt × condition × seed one trial — supervisor + the registry's RAG agent +
 * engineering agent (web search and arXiv left out), the RAG agent indexing the corpus (on), nothing
 * (empty), or absent (off) — then the run directory is scored under both protocols.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { buildSpecialists, SPECIALISTS, type SpecialistFactory } from '../../agents/index.ts';
import type { Protocol } from '../runner/protocol.ts';
import { InputError } from '../../tools/errors.ts';
import { openAgentHarness, type AgentHarness } from '../agents/agentSession.ts';
import { configHash } from '../runner/runConfig.ts';
import { runTrials, type RunResult } from '../runner/runTrials.ts';
import type { SuiteRunOptions } from '../runner/suiteRunOptions.ts';
import { isRagAgent, ragPolicy, RAG_AGENTS } from './agents/policies.ts';
import { generateCorpus, type Corpus, type CorpusDoc } from './corpus.ts';
import { paperCorpusDocs } from './paperCorpus.ts';
import { textPdf } from './pdf.ts';
import { RAG_CONDITIONS, RAG_PROMPTS, ragPrompt, type RagCondition, type RagPrompt } from './prompts.ts';
import { assertUsable, registryFactory } from '../agents/suiteSpecialists.ts';
import { EXCLUDED, indexCorpus, ragConfig, RAG_NAME } from './ragSpecialist.ts';
import { scoreRagDir, RAG_SUITE, RAG_VERSION, type RagScoreDirResult } from './rescore.ts';
import type { RagSample } from './schema.ts';

export interface RagRunOptions extends SuiteRunOptions {
  prompts?: RagPrompt[];
  conditions?: RagCondition[];
  seeds: number[];
  distractors?: number;
  corpusSize?: number;
  /** The corpus and prompts' protocol (default engiai); every trial is scored under both. */
  protocol?: Protocol;
}

export interface RagRunResult extends RagScoreDirResult {
  run: RunResult;
}

export function ragRunConfig(o: RagRunOptions): Record<string, unknown> {
  return {
    suite: RAG_SUITE,
    version: RAG_VERSION,
    protocol: o.protocol ?? 'engiai',
    prompts: o.prompts ?? [...RAG_PROMPTS],
    conditions: o.conditions ?? [...RAG_CONDITIONS],
    seeds: o.seeds,
    distractors: o.distractors ?? 0,
    corpusSize: o.corpusSize ?? 0,
    agent: o.agent ?? o.model,
    extraTools: o.extraTools ?? 0,
    ...(o.model && o.model !== 'offline' ? { temperature: o.config.model.temperature, modelSeed: o.config.model.seed } : {}),
  };
}

function writeCorpus(dir: string, seed: number, docs: readonly CorpusDoc[]): RagSample['documents'] {
  const rel = join('corpus', `seed-${seed}`);
  mkdirSync(join(dir, rel), { recursive: true });
  return docs.map((d) => {
    const md = join(rel, `${d.id}.md`);
    const pdf = join(rel, `${d.id}.pdf`);
    writeFileSync(join(dir, md), d.markdown);
    writeFileSync(join(dir, pdf), textPdf(d.title, d.markdown.replace(/^#.*\n/, '').replace(/[*#|]/g, ' ')));
    return { id: d.id, kind: d.kind, title: d.title, markdown: md, pdf };
  });
}

export async function runRag(options: RagRunOptions): Promise<RagRunResult> {
  if (!!options.agent === !!options.model) throw new InputError('give exactly one of --agent and --model', { field: 'agent', hint: `scripted agents: ${RAG_AGENTS.join(', ')}` });
  if (options.agent && !isRagAgent(options.agent)) throw new InputError(`unknown agent "${options.agent}"`, { field: 'agent', hint: `one of ${RAG_AGENTS.join(', ')}` });
  const corpusSize = options.corpusSize ?? 0;
  if (corpusSize && (corpusSize < 10 || corpusSize > 1000)) throw new InputError(`--corpus-size must be in [10, 1000], got ${corpusSize}`, { field: 'corpus-size' });
  const config = ragRunConfig(options);
  const dir = options.out ?? join(options.config.home, 'bench', RAG_SUITE, configHash(config));
  // the retrieval agent must exist before anything is generated
  const protocol = options.protocol ?? 'engiai';
  if (protocol === 'paper' && (options.distractors || corpusSize)) throw new InputError('--distractors and --corpus-size apply to the engiai corpus; the paper protocol indexes the two papers only', { field: 'protocol' });
  const ragFactory = await registryFactory(RAG_NAME, options.config);
  assertUsable(ragFactory ? await ragFactory({ config: options.config }) : undefined, RAG_NAME, ['search_documents']);
  mkdirSync(dir, { recursive: true });
  const samples: RagSample[] = [];
  for (const seed of options.seeds) {
    const corpus: Corpus = generateCorpus(seed, { distractors: options.distractors, corpusSize });
    const documents = writeCorpus(dir, seed, protocol === 'paper' ? paperCorpusDocs() : corpus.docs);
    for (const prompt of options.prompts ?? RAG_PROMPTS) {
      const p = ragPrompt(prompt, corpus, protocol);
      for (const condition of options.conditions ?? RAG_CONDITIONS) {
        samples.push({ id: `rag.${prompt}.${condition}.seed${seed}`, prompt, condition, seed, protocol, text: p.text, expected: p.expected, distractors: options.distractors ?? 0, corpusSize, documents: condition === 'on' ? documents : [] });
      }
    }
  }
  const agentName = options.agent ?? options.model!;
  const base = (await buildSpecialists({ config: options.config }, SPECIALISTS)).filter((s) => s.name !== RAG_NAME && !EXCLUDED.includes(s.name));
  const harnesses = new Map<string, Promise<AgentHarness>>();
  /** One agent assembly per seed and condition: its rag agent has its own home and index. */
  const harnessFor = (s: RagSample) => {
    const key = `${s.seed}|${s.condition}`;
    if (!harnesses.has(key)) {
      harnesses.set(
        key,
        (async () => {
          const specialists: SpecialistFactory[] = base.map((x) => () => x);
          if (s.condition !== 'off') {
            const home = join(dir, 'rag-home', `seed-${s.seed}-${s.condition}`);
            const corpusDir = join(dir, 'corpus', `seed-${s.seed}`);
            const rag = assertUsable(await ragFactory!({ config: ragConfig(options.config, home, s.condition, corpusDir) }), RAG_NAME, ['search_documents']);
            if (s.condition === 'on') await indexCorpus(rag, corpusDir, s.documents.map((d) => join(dir, d.markdown)));
            specialists.push(() => rag);
          }
          return openAgentHarness({
            config: options.config,
            agent: { name: agentName, policy: options.agent && isRagAgent(options.agent) ? ragPolicy(options.agent) : undefined, model: options.model, chatModel: options.chatModel },
            specialists,
            extraTools: options.extraTools,
          });
        })(),
      );
    }
    return harnesses.get(key)!;
  };
  const byId = new Map(samples.map((s) => [s.id, s]));
  options.onStart?.(samples.length, dir);
  try {
    const run = await runTrials({
      dir,
      suite: RAG_SUITE,
      suiteVersion: RAG_VERSION,
      model: agentName,
      config,
      trials: samples.map((s) => ({ id: s.id, sampleId: `${s.prompt}.seed${s.seed}`, seed: s.seed })),
      concurrency: options.concurrency ?? 1,
      resume: options.resume,
      signal: options.signal,
      onTrial: (t, status) => options.onTrial?.(t.id, status),
      execute: async (trial, ctx) => {
        const sample = byId.get(trial.id)!;
        ctx.event('sample', { sample });
        const harness = await harnessFor(sample);
        const { turn } = await harness.runTurn(`bench-rag-${trial.id}-a${ctx.attempt}`, sample.text, ctx.event);
        ctx.event('turn', { status: turn.status, answer: turn.answer, interrupt: turn.interrupt });
      },
    });
    return { ...scoreRagDir(dir), run };
  } finally {
    for (const h of harnesses.values()) await (await h).close();
  }
}
