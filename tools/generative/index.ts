/** Native generative models (no Python): training, sampling and EngiOpt's evaluation metrics. */
export { train, type TrainOptions, type TrainResult } from './train.ts';
export { evaluateModel, appendCsv, modelId, CSV_COLUMNS, type EvaluateOptions, type Evaluation } from './evaluate.ts';
export { ALGOS, SCALES, buildModel, hyperFor } from './factory.ts';
export { readCard, requireCard, type ModelCard } from './modelFiles.ts';
export { mmd, dppDiversity, determinant, optimalityGaps, violatesVolume } from './metrics.ts';
export type { Algo, Scale, GenerativeModel } from './model.ts';
export { Rng } from './rng.ts';
export { initTf } from './tf.ts';
