/**
 * Samples: seeded instances of the selected templates, each with its own RNG stream (rng.ts),
 * regenerated identically from (suite seed, template id, index). A draw that fails a sanity check
 * is redrawn from the same stream, so rejections are reproducible too.
 */
import { NumericError } from '../../tools/errors.ts';
import { createRng, instanceSeed } from './rng.ts';
import type { Sample } from './schema.ts';
import { SanityRejection, type Template } from './template.ts';

export type { Sample };

/** Bump when templates or their texts change: traces of another version are not mixed. */
export const DATASET_VERSION = 1;
const MAX_DRAWS = 200;


export function generateSample(template: Template, suiteSeed: number, index: number): Sample {
  const seed = instanceSeed(suiteSeed, template.id, index);
  const rng = createRng(seed);
  for (let draw = 0; draw < MAX_DRAWS; draw++) {
    try {
      const inst = template.generate(rng);
      return {
        id: `${template.id}#${index}`,
        templateId: template.id,
        title: template.title,
        branch: template.branch,
        domain: template.domain,
        area: template.area,
        difficulty: template.difficulty,
        source: template.source,
        index,
        seed,
        rejected: draw,
        ...inst,
      };
    } catch (err) {
      if (!(err instanceof SanityRejection)) throw err;
    }
  }
  throw new NumericError(`template ${template.id} failed its sanity checks ${MAX_DRAWS} times (seed ${seed})`, { hint: 'widen the parameter ranges of the template' });
}

/** K instances of every template, template-major order. Templates must be prepared. */
export function generateSamples(templates: readonly Template[], instances: number, suiteSeed: number): Sample[] {
  const out: Sample[] = [];
  for (const t of templates) for (let k = 0; k < instances; k++) out.push(generateSample(t, suiteSeed, k));
  return out;
}
