/**
 * One cold run of the reasoning suite's hot path, in its own process:
 * `node tools/launch.js benchmarks/perf/lib/reasoningOnce.ts <instances> <seed>` generates that many
 * instances spread over all templates (engine-backed ones included), scores each with the reference
 * policy, and prints one JSON line: {instances, templates, load_ms, generation_ms, scoring_ms,
 * accuracy, step_f1, sha256} — sha256 of the generated samples' JSON, for the byte-identity check.
 */
import { createHash } from 'node:crypto';
import { performance } from 'node:perf_hooks';

async function main(argv: string[]): Promise<void> {
  const instances = Number(argv[0] ?? 10_000);
  const seed = Number(argv[1] ?? 7);
  const t0 = performance.now();
  const { ALL_TEMPLATES, generateSamples, prepareTemplates, SCRIPTED_POLICIES, scoreTrial } = await import('../../reasoning/index.ts');
  await prepareTemplates(ALL_TEMPLATES);
  const t1 = performance.now();
  const perTemplate = Math.ceil(instances / ALL_TEMPLATES.length);
  const samples = generateSamples(ALL_TEMPLATES, perTemplate, seed).slice(0, instances);
  const t2 = performance.now();
  let correct = 0;
  let f1 = 0;
  for (const s of samples) {
    const score = scoreTrial(s, SCRIPTED_POLICIES.reference.respond(s));
    correct += score.answerCorrect ? 1 : 0;
    f1 += score.f1;
  }
  const t3 = performance.now();
  const sha256 = createHash('sha256').update(JSON.stringify(samples)).digest('hex');
  const out = { instances: samples.length, templates: ALL_TEMPLATES.length, load_ms: Math.round(t1 - t0), generation_ms: Math.round(t2 - t1), scoring_ms: Math.round(t3 - t2), accuracy: correct / samples.length, step_f1: f1 / samples.length, sha256 };
  process.stdout.write(JSON.stringify(out) + '\n');
}

await main(process.argv.slice(2));
