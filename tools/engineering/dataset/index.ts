/** Dataset generation: the public surface (the CLI's `engiai dataset generate` calls generateDataset). */
export { generateDataset, newManifest, designFile, designWidth, type GenerateDatasetOptions } from './generateDataset.ts';
export { parseShard, checkShard, shardRows, inShard, MAX_SHARDS, type Shard } from './shard.ts';
export { readManifest, writeManifest, assertSameDataset } from './manifest.ts';
export { appendRow, sortRowsFile } from './rowsFile.ts';
export type { DatasetManifest, DatasetSource } from './manifest.ts';
export type { DatasetRow } from './rowsFile.ts';
export { loadRows } from './rowsFile.ts';
export { planDataset, type DatasetPlan, type PlannedRow } from './planDataset.ts';
export { splitCounts, assignSplits, type Split, type SplitCounts } from './splits.ts';
export { datasetSpec, datasetProblemIds } from './datasetSpecs.ts';
export type { DatasetSpec, SampleRange } from './datasetSpec.ts';
export { splitmix32, shuffled } from './prng.ts';
export { linspace } from './linspace.ts';
