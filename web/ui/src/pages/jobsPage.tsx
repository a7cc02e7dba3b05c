/**
 * The jobs of a thread (the HPC agent's thread view): state, elapsed time, training progress, the
 * pipeline's steps, the log tail and, once evaluated, EngiOpt's metrics. Refreshes every 3 s while
 * a job is pending or running. Without a thread: the jobs of every conversation, and a form that
 * starts one — a new chat asks the HPC agent, and submitting asks for approval there as always.
 */
import { useEffect, useState } from 'preact/hooks';
import { CSRF, api, type ThreadViewData } from '../api.ts';
import type { PageProps } from '../pages.ts';
import { href, navigate } from '../router.ts';
import type { ArtifactLink } from '../types.ts';

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

const ALGOS: Array<[string, string]> = [
  ['cgan', 'a cGAN'],
  ['diffusion', 'a diffusion model'],
];

function newThreadId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Starts a job the way a person would: a new chat with the request; the turn runs on the server and the chat follows it. */
async function startJob(message: string): Promise<string> {
  const id = newThreadId();
  const res = await fetch(`/api/threads/${id}/turn`, { method: 'POST', headers: { 'content-type': 'application/json', ...CSRF }, body: JSON.stringify({ message }) });
  if (!res.ok) throw new Error(((await res.json().catch(() => ({}))) as { error?: string }).error ?? `request failed (${res.status})`);
  // accepted: the turn belongs to the server now; the chat page re-attaches to it
  await res.body?.cancel().catch(() => {});
  return id;
}

function StartJobForm() {
  const [algo, setAlgo] = useState('cgan');
  const [epochs, setEpochs] = useState('2');
  const [seed, setSeed] = useState('1');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const words = ALGOS.find(([a]) => a === algo)?.[1] ?? algo;
  const n = Number(epochs);
  const message = `Generate the SLURM script to train ${words} on beams2d for ${n} epoch${n === 1 ? '' : 's'} with seed ${Number(seed)} and submit it`;
  const valid = Number.isInteger(n) && n >= 1 && n <= 1000 && Number.isInteger(Number(seed)) && Number(seed) >= 0;
  return (
    <form
      class="start-job"
      onSubmit={(e) => {
        e.preventDefault();
        if (!valid || busy) return;
        setBusy(true);
        startJob(message).then(
          (id) => navigate('chat', id),
          (err: Error) => (setError(err.message), setBusy(false)),
        );
      }}
    >
      <h2>Start a training job</h2>
      <label>
        model{' '}
        <select class="job-algo" value={algo} onChange={(e) => setAlgo((e.target as HTMLSelectElement).value)}>
          {ALGOS.map(([a, w]) => (
            <option key={a} value={a}>
              {w}
            </option>
          ))}
        </select>
      </label>
      <label>
        epochs <input class="job-epochs" type="number" min={1} max={1000} value={epochs} onInput={(e) => setEpochs((e.target as HTMLInputElement).value)} />
      </label>
      <label>
        seed <input class="job-seed" type="number" min={0} value={seed} onInput={(e) => setSeed((e.target as HTMLInputElement).value)} />
      </label>
      <p class="muted job-request">
        Asks the HPC agent in a new chat: “{message}”. Submitting asks for your approval there.
      </p>
      <button class="primary start-job-button" type="submit" disabled={!valid || busy}>
        {busy ? 'Starting…' : 'Start'}
      </button>
      {error && <div class="event warn">{error}</div>}
    </form>
  );
}

/** Every conversation's jobs, newest conversation first. */
function AllJobs() {
  const [threads, setThreads] = useState<{ thread: { id: string; title: string }; view: ThreadViewData }[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    let stop = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const load = () =>
      api.allJobs().then(
        (t) => {
          if (stop) return;
          setThreads(t);
          setError(null);
          if (t.some((x) => ((x.view.data as { jobs: JobView[] }).jobs ?? []).some((j) => j.job && ACTIVE.includes(j.job.state)))) timer = setTimeout(load, 3000);
        },
        (e: Error) => !stop && setError(e.message),
      );
    void load();
    return () => {
      stop = true;
      clearTimeout(timer);
    };
  }, []);
  return (
    <>
      {error && <div class="event warn">{error}</div>}
      {threads?.length === 0 && (
        <p class="muted jobs-empty">
          No training jobs yet. Start one with the form below, or ask in a chat, e.g. “Generate the SLURM script to train a cGAN on beams2d for 2 epochs with seed 3, submit it and wait for it”.
        </p>
      )}
      {threads?.map(({ thread, view }) => (
        <section key={thread.id} class="jobs-of-thread" data-thread={thread.id}>
          <h2>
            <a href={href('chat', thread.id)}>{thread.title}</a> <a class="muted" href={href('jobs', thread.id)}>(this chat's jobs)</a>
          </h2>
          <div class="job-list">
            {[...((view.data as { jobs: JobView[] }).jobs ?? [])].reverse().map((j) => (
              <JobCard key={j.key} j={j} links={view.links} />
            ))}
          </div>
        </section>
      ))}
    </>
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
          <AllJobs />
          <StartJobForm />
        </>
      )}
      {error && <div class="event warn">{error}</div>}
      {threadId && view === null && !error && (
        <p class="muted jobs-empty">
          No jobs in this conversation. Ask the agents for one here (e.g. “generate the SLURM script to train a cGAN on beams2d for 2 epochs and submit it”), or start one from <a href={href('jobs')}>all jobs</a>.
        </p>
      )}
      <div class="job-list">
        {[...jobs].reverse().map((j) => (
          <JobCard key={j.key} j={j} links={view?.links ?? []} />
        ))}
      </div>
    </div>
  );
}
