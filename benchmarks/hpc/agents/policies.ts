/**
 * The HPC suite's scripted agents, acting through the real supervisor graph and the HPC agent's tools:
 *   reference      generate → submit → monitor until finished → evaluate, with the prompt's configuration
 *   no-monitor     evaluates right after submitting (the evaluation finds no finished job)
 *   wrong-config   generates the script with the seed off by one (c_config = 0)
 */
import { isSupervisor, singleRoute, supervisorDecision } from '../../agents/supervisorPolicy.ts';
import { doneCalls, requestOf, type Decision, type Policy, type WireMessage } from '../../agents/transcript.ts';

export const HPC_AGENTS = ['reference', 'no-monitor', 'wrong-config'] as const;
export type HpcAgent = (typeof HPC_AGENTS)[number];

const call = (name: string, args: Record<string, unknown>): Decision => ({ text: '', calls: [{ name, args }] });
const FINISHED = /^(completed?|done|finished|succeeded|success)$/i;

function readRequest(text: string) {
  return {
    algorithm: /diffusion/i.test(text) ? 'diffusion' : 'cgan',
    problem: /\b(beams2d|photonics2d|thermoelastic2d)\b/i.exec(text)?.[1].toLowerCase() ?? 'beams2d',
    epochs: Number(/(\d+)\s*epochs/i.exec(text)?.[1] ?? 100),
    seed: Number(/seed\s*(\d+)/i.exec(text)?.[1] ?? 1),
    executor: /\b(local|slurm) executor/i.exec(text)?.[1].toLowerCase(),
  };
}

function hpcDecision(agent: HpcAgent, messages: readonly WireMessage[], tools: readonly string[]): Decision {
  const r = readRequest(requestOf(messages));
  const done = doneCalls(messages);
  const ok = (n: string) => done.filter((d) => d.ok && d.name === n);
  const gen = ok('generate_slurm_script').at(-1);
  if (!gen) return call('generate_slurm_script', { algorithm: r.algorithm, problem: r.problem, epochs: r.epochs, seed: agent === 'wrong-config' ? r.seed + 1 : r.seed });
  const sub = ok('submit_job').at(-1);
  if (!sub) return call('submit_job', { script_path: gen.result.script_path, ...(r.executor ? { executor: r.executor } : {}) });
  const job_id = sub.result.job_id;
  const states = [...ok('wait_for_job'), ...ok('job_status')].map((d) => String(d.result.state ?? d.result.status ?? ''));
  if (agent !== 'no-monitor' && !states.some((s) => FINISHED.test(s)) && states.length < 20) return call(tools.includes('wait_for_job') ? 'wait_for_job' : 'job_status', { job_id });
  if (!done.some((d) => d.name === 'evaluate_model')) return call('evaluate_model', { job_id });
  const ev = ok('evaluate_model').at(-1);
  return { text: ev ? `Evaluation of job ${job_id}: ${JSON.stringify(ev.result.metrics ?? ev.result)}` : `The evaluation of job ${job_id} failed.`, calls: [] };
}

export function isHpcAgent(name: string): name is HpcAgent {
  return (HPC_AGENTS as readonly string[]).includes(name);
}

export function hpcPolicy(agent: HpcAgent): Policy {
  const route = singleRoute('hpc');
  return (messages, tools) => (isSupervisor(tools) ? supervisorDecision(messages, tools, route) : hpcDecision(agent, messages, tools));
}
