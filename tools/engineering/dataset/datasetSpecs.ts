/** The dataset settings of each problem that supports `generateDataset`. Add a line per problem. */
import { InputError } from '../../errors.ts';
import type { DatasetSpec } from './datasetSpec.ts';
import { beams2dDataset } from './specs/beams2d.ts';
import { beams3dDataset } from './specs/beams3d.ts';
import { heatconduction2dDataset } from './specs/heatconduction2d.ts';
import { heatconduction3dDataset } from './specs/heatconduction3d.ts';
import { photonics2dDataset } from './specs/photonics2d.ts';
import { thermoelastic2dDataset } from './specs/thermoelastic2d.ts';

const SPECS: Record<string, DatasetSpec> = {
  beams2d: beams2dDataset,
  heatconduction2d: heatconduction2dDataset,
  heatconduction3d: heatconduction3dDataset,
  beams3d: beams3dDataset,
  photonics2d: photonics2dDataset,
  thermoelastic2d: thermoelastic2dDataset,
};

export function datasetProblemIds(): string[] {
  return Object.keys(SPECS).sort();
}

export function datasetSpec(problemId: string): DatasetSpec {
  const spec = Object.hasOwn(SPECS, problemId) ? SPECS[problemId] : undefined;
  if (!spec) {
    throw new InputError(`no dataset settings for problem "${problemId}"`, { field: 'problem', hint: `datasets exist for: ${datasetProblemIds().join(', ')}` });
  }
  return spec;
}
