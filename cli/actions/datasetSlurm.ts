/** `engiai dataset generate … --executor slurm`: the job array's events as progress lines and a bar. */
import { loadConfig } from '../../config/load.ts';
import type { ConfigValues } from '../../tools/engineering/constraint.ts';
import { hpcContext, type SlurmExecutor } from '../../tools/hpc/index.ts';
import { generateOnSlurm, slurmCluster, type SlurmDatasetEvent } from '../../tools/hpc/datasetArray/index.ts';
import { interruptSignal, progressBar } from '../shared.ts';

export interface SlurmDatasetRequest {
  problemId: string;
  grid?: string;
  n?: number;
  seed: number;
  conditionsOverride: ConfigValues;
  outDir: string;
  shards?: number;
  cluster?: string;
  json?: boolean;
  label: string;
}

export async function generateSlurmDataset(req: SlurmDatasetRequest): Promise<void> {
  const config = loadConfig();
  const ctx = hpcContext(config);
  const interrupt = interruptSignal();
  let bar: Awaited<ReturnType<typeof progressBar>> | undefined;
  let lastLine = '';
  const onEvent = async (e: SlurmDatasetEvent) => {
    if (e.type !== 'progress') {
      const verb = e.type === 'submitted' ? 'submitted' : 'following';
      process.stderr.write(`${verb} array job ${e.jobId} (attempt ${e.attempt}, shard(s) ${e.tasks.join(',')}) on ${e.cluster} in ${e.baseDir}\n`);
      return;
    }
    const text = `shards ${e.shardsDone}/${e.shards} done (${e.running} running, ${e.pending} pending, ${e.failed} failed), rows gathered ${e.rows}/${e.total}`;
    if (!process.stderr.isTTY) {
      if (text !== lastLine) process.stderr.write(`${text}\n`);
      lastLine = text;
      return;
    }
    bar ??= await progressBar(`dataset ${req.label} on SLURM`, e.total);
    bar.update(e.rows, `rows; shards ${e.shardsDone}/${e.shards} done, ${e.running} running, ${e.pending} pending, ${e.failed} failed`);
  };
  try {
    const cluster = slurmCluster(ctx, req.cluster);
    const manifest = await generateOnSlurm({
      ...req,
      cluster,
      executor: ctx.executor(cluster.name) as SlurmExecutor,
      engiaiCommand: ctx.engiaiCommand(cluster.name),
      pollSeconds: config.hpc.pollSeconds,
      signal: interrupt.signal,
      onEvent: (e) => void onEvent(e),
    });
    bar?.stop();
    if (!manifest.complete && interrupt.signal.aborted) process.stderr.write(`interrupted: the array keeps running on ${cluster.name}; rerun the same command to follow it and gather the rest\n`);
    if (req.json) process.stdout.write(JSON.stringify({ outDir: req.outDir, ...manifest }) + '\n');
    else process.stdout.write(`dataset written to ${req.outDir}\n${JSON.stringify(manifest, null, 2)}\n`);
  } finally {
    bar?.stop();
    interrupt.dispose();
    ctx.close();
  }
}
