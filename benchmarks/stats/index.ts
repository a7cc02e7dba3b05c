/** Statistics on every reported number (pure): mean ± std, Wilson and bootstrap intervals, pass^k. */
export { meanStd, type MeanStd } from './summary.ts';
export { wilson, type Interval } from './wilson.ts';
export { bootstrapCi, pairedBootstrap, type BootstrapOptions } from './bootstrap.ts';
export { passHatK } from './passK.ts';
