/**
 * All reasoning templates, in a fixed order (branch, domain, then easy → advanced), and the
 * selection used by `engiai bench reasoning --branch --difficulty --templates`.
 */
import { InputError } from '../../../tools/errors.ts';
import { BRANCHES, DIFFICULTIES, type Branch, type Difficulty, type Template } from '../template.ts';
import { geotechnical } from './civil/geotechnical.ts';
import { hydraulics } from './civil/hydraulics.ts';
import { structuralAnalysis } from './civil/structures.ts';
import { kinetics } from './chemical/kinetics.ts';
import { thermodynamics } from './chemical/thermodynamics.ts';
import { transport } from './chemical/transport.ts';
import { circuits } from './electrical/circuits.ts';
import { electromagnetics } from './electrical/electromagnetics.ts';
import { signals } from './electrical/signals.ts';
import { beams2dTemplates } from './engine/beams2d.ts';
import { photonicsTemplates } from './engine/photonics.ts';
import { fluidMechanics } from './mechanical/fluids.ts';
import { mechanicsOfMaterials } from './mechanical/materials.ts';
import { vibrations } from './mechanical/vibrations.ts';

export const ALL_TEMPLATES: readonly Template[] = checkUnique([
  ...mechanicsOfMaterials,
  ...fluidMechanics,
  ...vibrations,
  ...beams2dTemplates,
  ...structuralAnalysis,
  ...geotechnical,
  ...hydraulics,
  ...circuits,
  ...electromagnetics,
  ...signals,
  ...photonicsTemplates,
  ...kinetics,
  ...thermodynamics,
  ...transport,
]);

function checkUnique(list: Template[]): Template[] {
  const seen = new Set<string>();
  for (const t of list) {
    if (seen.has(t.id)) throw new Error(`template id ${t.id} is defined twice`);
    if (!t.id.startsWith(`${t.branch}.`)) throw new Error(`template id ${t.id} must start with its branch "${t.branch}."`);
    seen.add(t.id);
  }
  return list;
}

export interface TemplateFilter {
  branch?: Branch[];
  difficulty?: Difficulty[];
  /** Keep only symbolic or only engine-backed templates. */
  source?: Template['source'];
  /** Template ids (exact). */
  ids?: string[];
  /** At most this many, spread evenly over the filtered list. */
  count?: number;
}

export function selectTemplates(filter: TemplateFilter = {}): Template[] {
  for (const b of filter.branch ?? []) if (!BRANCHES.includes(b)) throw new InputError(`unknown branch "${b}"`, { field: 'branch', hint: `one of ${BRANCHES.join(', ')}` });
  for (const d of filter.difficulty ?? []) if (!DIFFICULTIES.includes(d)) throw new InputError(`unknown difficulty "${d}"`, { field: 'difficulty', hint: `one of ${DIFFICULTIES.join(', ')}` });
  const byId = new Map(ALL_TEMPLATES.map((t) => [t.id, t]));
  for (const id of filter.ids ?? []) if (!byId.has(id)) throw new InputError(`unknown template "${id}"`, { field: 'template' });
  let list = ALL_TEMPLATES.filter(
    (t) =>
      (!filter.branch?.length || filter.branch.includes(t.branch)) &&
      (!filter.difficulty?.length || filter.difficulty.includes(t.difficulty)) &&
      (!filter.source || t.source === filter.source) &&
      (!filter.ids?.length || filter.ids.includes(t.id)),
  );
  if (filter.count !== undefined) {
    if (!Number.isInteger(filter.count) || filter.count < 1) throw new InputError(`--templates must be a positive integer, got ${filter.count}`, { field: 'templates' });
    const n = Math.min(filter.count, list.length);
    list = Array.from({ length: n }, (_, i) => list[Math.floor((i * list.length) / n)]);
  }
  if (!list.length) throw new InputError('no template matches the selection', { field: 'branch', hint: 'relax --branch / --difficulty' });
  return list;
}

/** Loads what the selected templates need (engine modules). */
export async function prepareTemplates(templates: readonly Template[]): Promise<void> {
  for (const t of templates) await t.prepare?.();
}
