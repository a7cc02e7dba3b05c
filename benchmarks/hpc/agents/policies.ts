/**
 * The HPC suite's scripted agents, acting through the real supervisor graph and the registry's HPC
 * agent's tools (tools/hpc/tools/):
 *   reference      generate → submit → monitor until finished → evaluate, with the prompt's
 *                  configuration, then reports the six metrics by name
 *   no-monitor     evaluates right after submitting (the evaluation finds no finished job)
 *   wrong-config   generates the script with the seed off by one (c_config = 0)
 * Every call's arguments are typed by the real tool's zod schema (z.input of its `schema`), so a
 * renamed or removed field fails the type check instead of every call at run time
 * (tests/integration/benchAgentic/hpcPolicies.int.test.ts also parses them against the registered tools).
 */
import type { z } from 'zod';
import type { evaluateModelTool } from '../../../tools/hpc/tools/evaluateTool.ts';
import type { generateSlurmScript } from '../../../tools/hpc/tools/generateScript.ts';
import type { jobStatus, waitForJob } from '../../../tools/hpc/tools/monitorTools.ts';
import type { submitJob } from '../../../tools/hpc/tools/submitJob.ts';
import { isSupervisor, singleRoute, supervisorDecision } from '../../agents/supervisorPolicy.ts';
import { doneCalls, requestOf, type Decision, type Policy, type WireMessage } from '../../agents/transcript.ts';
import { HPC_METRICS } from '../prompts.ts';

export const HPC_AGENTS = ['reference', 'no-monitor', 'wrong-config'] as const;
export type HpcAgent = (typeof HPC_AGENTS)[number];

/** The arguments each tool the agents call takes, from its schema. */
export interface HpcCallArgs {
  generate_slurm_script: z.input<typeof generateSlurmScript.schema>;
  submit_job: z.input<typeof submitJob.schema>;
  wait_for_job: z.input<typeof waitForJob.schema>;
  job_status: z.input<typeof jobStatus.schema>;
  evaluate_model: z.input<typeof evaluateModelTool.schema>;
}

function call<N extends keyof HpcCallArgs>(name: N, args: HpcCallArgs[N]): Decision {
  return { text: '', calls: [{ name, args: args as Record<string, unknown> }] };
}

const FINISHED = /^(completed?|done|finished|succeeded|success)$/i;

function readRequest(text: string): { algo: 'cgan' | 'diffusion'; problem: 'beams2d'; epochs: number; seed: number } {
  return {
    algo: /diffusion/i.test(text) ? 'diffusion' : 'cgan',
    // the real tool trains on Beams2D only; a prompt naming another problem still goes to beams2d
    problem: 'beams2d',
    epochs: Number(/(\d+)\s*epochs/i.exec(text)?.[1] ?? 100),
    seed: Number(/seed\s*=?\s*(\d+)/i.exec(text)?.[1] ?? 1),
  };
}

/** "IOG: 1.2, COG: …" from an evaluate_model result (the names of HPC_METRICS, as a person reports them). */
function metricsLine(result: Record<string, unknown>): string {
  const parts: string[] = [];
  for (const [name, re] of Object.entries(HPC_METRICS)) {
    const k = Object.keys(result).find((x) => re.test(x));
    if (k && typeof result[k] === 'number') parts.push(`${name === 'violation ratio' ? 'viol' : name}: ${result[k]}`);
  }
  return parts.join(', ');
}

function hpcDecision(agent: HpcAgent, messages: readonly WireMessage[], tools: readonly string[]): Decision {
  const r = readRequest(requestOf(messages));
  const done = doneCalls(messages);
  const ok = (n: string) => done.filter((d) => d.ok && d.name === n);
  const gen = ok('generate_slurm_script').at(-1);
  if (!gen) {
    if (done.filter((d) => d.name === 'generate_slurm_script').length >= 2) return { text: `generate_slurm_script failed: ${JSON.stringify(done.at(-1)?.result)}`, calls: [] };
    return call('generate_slurm_script', { algo: r.algo, problem: r.problem, epochs: r.epochs, seed: agent === 'wrong-config' ? r.seed + 1 : r.seed });
  }
  const sub = ok('submit_job').at(-1);
  if (!sub) {
    if (done.some((d) => d.name === 'submit_job')) return { text: `submit_job failed: ${JSON.stringify(done.at(-1)?.result)}`, calls: [] };
    return call('submit_job', { script_id: String(gen.result.script_id) });
  }
  const job_id = String(sub.result.job_id);
  const states = [...ok('wait_for_job'), ...ok('job_status')].map((d) => String(d.result.state ?? ''));
  if (agent !== 'no-monitor' && !states.some((s) => FINISHED.test(s)) && states.length < 20) {
    return tools.includes('wait_for_job') ? call('wait_for_job', { job_id }) : call('job_status', { job_id });
  }
  if (!done.some((d) => d.name === 'evaluate_model')) return call('evaluate_model', { job_id });
  const ev = ok('evaluate_model').at(-1);
  return { text: ev ? `Evaluation of job ${job_id}: ${metricsLine(ev.result)}.` : `The evaluation of job ${job_id} failed.`, calls: [] };
}

export function isHpcAgent(name: string): name is HpcAgent {
  return (HPC_AGENTS as readonly string[]).includes(name);
}

export function hpcPolicy(agent: HpcAgent): Policy {
  const route = singleRoute('hpc');
  return (messages, tools) => (isSupervisor(tools) ? supervisorDecision(messages, tools, route) : hpcDecision(agent, messages, tools));
}
