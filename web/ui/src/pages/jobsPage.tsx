/**
 * The jobs of a thread (the HPC agent's thread view): state, elapsed time, training progress, the
 * pipeline's steps, the log tail and, once evaluated, EngiOpt's metrics. Refreshes every 3 s while
 * a job is pending or running. Without a thread: the threads to pick from.
 */
import { useEffect, useState } from 'preact/hooks';
import { api, type ThreadViewData } from '../api.ts';
import type { PageProps } from '../pages.ts';
import { href } from '../router.ts';
import type { ArtifactLink, ThreadRow } from '../types.ts';

interface JobView {
  key: string;
  cluster: string;
  executor: string;
  spec: { algo: string; problem: string; epochs: number; seed: number; scale: string; template: string };
  steps: Record<string, { done: boolean }>;
  job: { id: string; state: string; exitCode?: string; elapsedSeconds?: number; reason?: string; logTail?: string[]; progress?: { epoch: number; epochs: number } } | null;
  metrics: Record<string, number | string> | null;
}

const METRICS: Array<[string, string]> = [['iog', 'IOG'], ['cog', 'COG'], ['fog', 'FOG'], ['mmd', 'MMD'], ['dpp', 'DPP'], ['viol', 'violation ratio'], ['reference_objective', 'baseline (test designs)']];
const ACTIVE = ['PENDING', 'RUNNING'];

const fmt = (v: unknown) => (typeof v === 'number' ? (Math.abs(v) >= 1e5 || (Math.abs(v) < 1e-3 && v !== 0) ? v.toExponential(4) : String(Number(v.toPrecision(6)))) : String(v ?? '–'));
const duration = (s?: number) => (s === undefined ? '–' : s < 60 ? `${s} s` : `${Math.floor(s / 60)} min ${s % 60} s`);

function JobCard({ j, links }: { j: JobView; links: ArtifactLink[] }) {
  const mine = links.filter((l) => l.url.includes(`/${j.key}/`));
  return (
    <article class="job-card" data-job={j.job?.id ?? j.key}>
      <header class="job-head">
        <h3>
          {j.spec.algo} on {j.spec.problem} · {j.spec.epochs} epochs · seed {j.spec.seed} · {j.spec.scale}
        </h3>
        <span class={`job-state state-${(j.job?.state ?? 'draft').toLowerCase()}`}>{j.job?.state ?? 'not submitted'}</span>
      </header>
      <p class="muted">
        {j.job ? `job ${j.job.id}` : `script ${j.key}`} on {j.cluster} ({j.executor}) · elapsed <span class="job-elapsed">{duration(j.job?.elapsedSeconds)}</span>
        {j.job?.progress ? ` · epoch ${j.job.progress.epoch}/${j.job.progress.epochs}` : ''}
        {j.job?.exitCode ? ` · exit ${j.job.exitCode}` : ''}
        {j.job?.reason ? ` · ${j.job.reason}` : ''}
      </p>
      <p class="job-steps muted">
        {Object.entries(j.steps).map(([name, s]) => (
          <span key={name} class={s.done ? 'step done' : 'step'}>
            {s.done ? '✓' : '○'} {name}{' '}
          </span>
        ))}
      </p>
      {j.job?.logTail?.length ? <pre class="job-log">{j.job.logTail.join('\n')}</pre> : null}
      {j.metrics && (
        <table class="job-metrics">
          <tbody>
            {METRICS.filter(([k]) => j.metrics![k] !== undefined).map(([k, label]) => (
              <tr key={k}>
                <th>{label}</th>
                <td data-metric={k}>{fmt(j.metrics![k])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div class="links">
        {mine.map((l) => (
          <a key={l.url} class="button small" href={l.url} target="_blank" rel="noreferrer">
            {l.key.replace(`${j.key} `, '')}
          </a>
        ))}
      </div>
    </article>
  );
}

function ThreadPicker() {
  const [threads, setThreads] = useState<ThreadRow[] | null>(null);
  useEffect(() => void api.threads().then(setThreads), []);
  return (
    <ul class="thread-list">
      {threads?.map((t) => (
        <li key={t.id}>
          <a href={href('jobs', t.id)}>{t.title}</a>
        </li>
      ))}
    </ul>
  );
}

export function JobsPage({ params }: PageProps) {
  const threadId = params[0];
  const [view, setView] = useState<ThreadViewData | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!threadId) return;
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = async () => {
      try {
        const views = await api.threadViews(threadId);
        if (stop) return;
        const jobs = views.find((v) => v.kind === 'jobs') ?? null;
        setView(jobs);
        setError(null);
        const active = ((jobs?.data as { jobs: JobView[] } | undefined)?.jobs ?? []).some((j) => j.job && ACTIVE.includes(j.job.state));
        if (active) timer = setTimeout(load, 3000);
      } catch (e) {
        if (!stop) setError((e as Error).message);
      }
    };
    void load();
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, [threadId]);
  const jobs = (view?.data as { jobs: JobView[] } | undefined)?.jobs ?? [];
  return (
    <div class="page">
      <header class="page-head">
        <h1>Jobs</h1>
        {threadId && <a href={href('chat', threadId)}>back to the chat</a>}
      </header>
      {!threadId && (
        <>
          <p class="muted">Pick a conversation to see its jobs.</p>
          <ThreadPicker />
        </>
      )}
      {error && <div class="event warn">{error}</div>}
      {threadId && view === null && !error && <p class="muted">No jobs in this conversation.</p>}
      <div class="job-list">
        {[...jobs].reverse().map((j) => (
          <JobCard key={j.key} j={j} links={view?.links ?? []} />
        ))}
      </div>
    </div>
  );
}
