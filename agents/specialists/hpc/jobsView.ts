/**
 * The jobs of a conversation for the web UI: each pipeline's job with its state, elapsed time, log
 * tail and, when evaluated, its metrics — read from the pipeline record. Local jobs are read live
 * from their folder (cheap); cluster jobs show what monitoring last saw (no SSH round trip per view).
 */
import type { HpcContext } from '../../../tools/hpc/index.ts';
import { isTerminal, trainingProgress } from '../../../tools/hpc/index.ts';
import { join } from 'node:path';
import { artifact } from '../../../tools/tool.ts';
import type { ThreadView } from '../specialist.ts';

export async function jobsView(ctx: HpcContext, threadId: string): Promise<ThreadView | null> {
  const rec = ctx.store.read(threadId);
  if (!rec.pipelines.length) return null;
  const jobs = await Promise.all(
    rec.pipelines.map(async (p) => {
      let job = p.job;
      if (job && p.executor === 'local' && !isTerminal(job.state)) {
        const ex = ctx.executor(p.cluster);
        const info = await ex.status(job.id, job.jobDir).catch(() => null);
        const log = await ex.readLog(job.jobDir, 16 * 1024).catch(() => null);
        const tail = (log ?? '').split('\n').filter(Boolean).slice(-20);
        if (info) job = { ...job, ...info, logTail: tail, progress: trainingProgress(tail) ?? job.progress };
      }
      const running = job && !isTerminal(job.state) && job.startedAt ? Math.round((Date.now() - Date.parse(job.startedAt)) / 1000) : undefined;
      return {
        key: p.key,
        cluster: p.cluster,
        executor: p.executor,
        spec: p.spec,
        steps: p.steps,
        script: p.script.path,
        createdAt: p.createdAt,
        job: job ? { id: job.id, state: job.state, exitCode: job.exitCode, elapsedSeconds: job.elapsedSeconds ?? running, reason: job.reason, submittedAt: job.submittedAt, checkedAt: job.checkedAt, logTail: job.logTail, progress: job.progress } : null,
        metrics: p.metrics ?? null,
        modelDir: p.fetched?.model ?? null,
      };
    }),
  );
  const artifacts = rec.pipelines.flatMap((p) => [
    artifact('document', p.script.path, `${p.key} script`),
    ...(p.fetched?.log ? [artifact('log', p.fetched.log, `${p.key} log`)] : []),
    ...(p.metrics ? [artifact('data', join(ctx.artifactsDir, p.key, 'metrics.json'), `${p.key} metrics`)] : []),
  ]);
  return { agent: 'hpc', kind: 'jobs', title: 'Jobs', data: { jobs }, artifacts };
}
