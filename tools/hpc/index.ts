/** HPC: clusters over SSH (SLURM) or the local executor, job scripts, the pipeline record, the agent tools. */
export { hpcContext, localEngiaiCommand, type HpcContext } from './hpcContext.ts';
export { hpcTools, trainingProgress } from './tools/index.ts';
export { PipelineStore, STEPS, type PipelineRecord, type ThreadRecord } from './pipelineStore.ts';
export { SshClient, type SshOptions, type SshEvent } from './sshClient.ts';
export { LocalExecutor } from './localExecutor.ts';
export { SlurmExecutor } from './slurmExecutor.ts';
export type { Executor } from './executor.ts';
export { jobScript, datasetName, type TrainJobSpec } from './jobScript.ts';
export { isTerminal, type JobState, type JobInfo } from './jobState.ts';
export { parseKnownHosts, verifyHostKey, fingerprint } from './knownHosts.ts';
export { quote } from './shellQuote.ts';
