/**
 * The offline HPC agent: from the request and the tool results so far it picks the next call of
 * generate_slurm_script → submit_job → wait_for_job (again while it times out) → fetch_job_output →
 * evaluate_model, stopping at the steps the request asks for; follow-ups ("how is my job", "cancel
 * it", "evaluate it") act on the conversation's latest job. The answer is written from the results.
 */
import { errorText, type DoneCall, type Plan, type PlannedCall, type SpecialistTask } from '../specialistTask.ts';
import { parseHpcRequest, type HpcRequest } from './parseRequest.ts';

export interface HpcPlannerInfo {
  clusters: readonly string[];
  defaultCluster: string;
  /** Executor kind per cluster name. */
  kinds: Readonly<Record<string, 'slurm' | 'local'>>;
}

const DEFAULT_EPOCHS = 10;
const MAX_WAITS = 50;
const TERMINAL = ['COMPLETED', 'FAILED', 'CANCELLED', 'UNKNOWN'];

const lastOf = (done: DoneCall[], name: string) => [...done].reverse().find((d) => d.name === name);
const okOf = (done: DoneCall[], name: string) => [...done].reverse().find((d) => d.name === name && d.ok);

function clusterArg(req: HpcRequest, info: HpcPlannerInfo, notes: string[]): string | undefined {
  if (req.where === 'local') {
    if (info.kinds.local === 'local') return 'local';
    notes.push('no local executor is configured, so the default cluster was used');
    return undefined;
  }
  if (req.where && req.where !== 'default') return req.where;
  if (req.where === 'default' && info.kinds[info.defaultCluster] !== 'slurm') notes.push(`no SLURM cluster is configured, so the job ran on the embedded local executor ("${info.defaultCluster}")`);
  return undefined;
}

function generateArgs(req: HpcRequest, info: HpcPlannerInfo, notes: string[]): Record<string, unknown> {
  if (req.epochs === null) notes.push(`no epoch count given: used ${DEFAULT_EPOCHS}`);
  const cluster = clusterArg(req, info, notes);
  return {
    algo: req.algo,
    problem: 'beams2d',
    epochs: req.epochs ?? DEFAULT_EPOCHS,
    seed: req.seed ?? 1,
    scale: req.scale,
    template: req.template,
    ...(cluster ? { cluster } : {}),
    ...(req.timeLimit ? { time_limit: req.timeLimit } : {}),
    ...(req.cpus ? { cpus: req.cpus } : {}),
  };
}

const fmt = (v: unknown) => (typeof v === 'number' ? (Math.abs(v) >= 1e5 || (Math.abs(v) < 1e-3 && v !== 0) ? v.toExponential(4) : Number(v.toPrecision(6)).toString()) : String(v));

function answer(done: DoneCall[], notes: string[], notApplied: string[] = []): string {
  const lines: string[] = [];
  for (const d of done) {
    const r = d.result;
    if (!d.ok) {
      lines.push(`${d.name} failed: ${errorText(r)}`);
      continue;
    }
    if (d.name === 'generate_slurm_script') lines.push(`Job script ${r.script_id} (${r.template} template: ${r.algo} on ${r.problem}, ${r.epochs} epochs, seed ${r.seed}, scale ${r.scale}) for cluster "${r.cluster}" (${r.executor}): ${r.script_path}`);
    if (d.name === 'submit_job') lines.push(`Submitted as job ${r.job_id} on ${r.cluster}${r.already_submitted ? ' (already submitted earlier; not run twice)' : ''}.`);
    if (d.name === 'job_status' || d.name === 'cancel_job') lines.push(`Job ${r.job_id}: ${r.state}${r.elapsed_s !== undefined ? ` after ${r.elapsed_s} s` : ''}${r.reason ? ` (${r.reason})` : ''}.`);
    if (d.name === 'wait_for_job' && !r.timed_out) {
      lines.push(`Job ${r.job_id} ended ${r.state}${r.exit_code ? ` (exit ${r.exit_code})` : ''}${r.elapsed_s !== undefined ? ` after ${r.elapsed_s} s` : ''}.`);
      if (r.state !== 'COMPLETED') lines.push(`Last lines of its log:\n${((r.log_tail as string[]) ?? []).map((l) => `  ${l}`).join('\n')}`);
    }
    if (d.name === 'fetch_job_output' && r.model_dir) lines.push(`Model copied to ${r.model_dir}.`);
    if (d.name === 'evaluate_model') {
      lines.push(
        `Evaluation (EngiOpt metrics, ${r.n_samples} test conditions${r.sigma !== undefined ? `, sigma ${r.sigma}` : ''}): IOG ${fmt(r.iog)}, COG ${fmt(r.cog)}, FOG ${fmt(r.fog)}, MMD ${fmt(r.mmd)}, DPP ${fmt(r.dpp)}, violation ratio ${fmt(r.viol)}.`,
      );
      if (r.reference_objective !== undefined) lines.push(`Baseline: the test-set designs' mean compliance is ${fmt(r.reference_objective)} (compare with IOG); lower MMD means closer to the dataset. Metrics: ${r.metrics_file}`);
    }
  }
  const waits = done.filter((d) => d.name === 'wait_for_job' && d.ok && d.result.timed_out);
  if (waits.length && !done.some((d) => d.name === 'wait_for_job' && d.ok && !d.result.timed_out)) lines.push(`The job is still ${waits.at(-1)!.result.state}; ask me again to keep waiting.`);
  if (notes.length) lines.push(`Notes: ${[...new Set(notes)].join('; ')}.`);
  if (notApplied.length) lines.push(`Not applied: ${[...new Set(notApplied)].join('; ')} (no setting of the training job takes it).`);
  return lines.join('\n') || 'Nothing to do.';
}

const HELP =
  'I run training jobs on a SLURM cluster (or the local executor) in four steps: generate the job script, submit it, wait for it, and evaluate the model with EngiOpt\'s metrics. ' +
  'Example: "train a cGAN on beams2d for 2 epochs with seed 3 on the cluster and tell me how good it is".';

/** The next steps for a follow-up about the latest job (no model named in the request). */
function followUp(req: HpcRequest, done: DoneCall[]): PlannedCall | null {
  if (req.steps.cancel) return okOf(done, 'cancel_job') || lastOf(done, 'cancel_job') ? null : { name: 'cancel_job', args: {} };
  if (req.steps.status && !req.steps.wait) return lastOf(done, 'job_status') ? null : { name: 'job_status', args: {} };
  return null;
}

function nextCall(req: HpcRequest, info: HpcPlannerInfo, done: DoneCall[], notes: string[]): PlannedCall | null {
  const gen = okOf(done, 'generate_slurm_script');
  if (req.algo && req.steps.generate && !gen) return { name: 'generate_slurm_script', args: generateArgs(req, info, notes) };
  if (req.algo) generateArgs(req, info, notes); // the notes
  const sub = okOf(done, 'submit_job');
  if (gen && req.steps.submit && !sub) return { name: 'submit_job', args: { script_id: gen.result.script_id } };
  const jobId = (sub?.result.job_id as string | undefined) ?? undefined;
  const idArg = jobId ? { job_id: jobId } : {};
  if (!req.algo && !req.steps.wait && !req.steps.evaluate && !req.steps.fetch) return followUp(req, done);
  if (req.algo && !sub) return null;
  const waits = done.filter((d) => d.name === 'wait_for_job' && d.ok);
  const ended = waits.find((w) => TERMINAL.includes(String(w.result.state)) && !w.result.timed_out);
  if (req.steps.wait && !ended) return waits.length >= MAX_WAITS ? null : { name: 'wait_for_job', args: idArg };
  if (ended && ended.result.state !== 'COMPLETED') return null;
  if (req.steps.fetch && !okOf(done, 'fetch_job_output')) return { name: 'fetch_job_output', args: { ...idArg, tail_lines: 10 } };
  if (req.steps.evaluate && !okOf(done, 'evaluate_model')) return { name: 'evaluate_model', args: idArg };
  return null;
}

export function planHpc({ request, done }: SpecialistTask, info: HpcPlannerInfo): Plan {
  const req = parseHpcRequest(request, info.clusters);
  const notes: string[] = [];
  if (req.unknownCluster) {
    return {
      text: `The cluster "${req.unknownCluster}" is not configured (clusters: ${info.clusters.join(', ') || 'none'}), so nothing was generated or submitted: it was not replaced by another cluster. Name one of these, or add "${req.unknownCluster}" under hpc.clusters in engiai.yaml.`,
      calls: [],
    };
  }
  if (req.holdSubmit) notes.push('not submitted, as you asked: say "submit the job" when it should run');
  if (req.otherProblem) return { text: `Native training runs on beams2d datasets only; "${req.otherProblem}" is not supported yet. ${HELP}`, calls: [] };
  const follow = req.steps.status || req.steps.cancel || req.steps.wait || req.steps.evaluate || req.steps.fetch;
  if (!req.algo && !follow) return { text: HELP, calls: [] };
  if (done.some((d) => !d.ok)) return { text: answer(done, notes, req.notApplied), calls: [] };
  const call = nextCall(req, info, done, notes);
  return call ? { text: '', calls: [call] } : { text: answer(done, notes, req.notApplied), calls: [] };
}
