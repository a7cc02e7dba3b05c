/**
 * The HPC specialist (paper §3.2, the HPC benchmark): generates SLURM scripts for training generative
 * design models, submits them (after approval), monitors them to the end, fetches their outputs and
 * evaluates the trained model with EngiOpt's metrics — on a SLURM cluster over SSH, or on the local
 * executor when none is configured. Its tools are tools/hpc/tools/, bound to an HpcContext built
 * from the `hpc` settings; its pipeline record survives restarts (tools/hpc/pipelineStore.ts).
 */
import { hpcContext, hpcTools } from '../../../tools/hpc/index.ts';
import { bindTools } from '../../../tools/tool.ts';
import { loadPrompt } from '../../prompts/loadPrompt.ts';
import type { Specialist, SpecialistFactory } from '../specialist.ts';
import { planHpc } from './offlinePlanner.ts';
import { jobsView } from './jobsView.ts';
import { hpcMentionedAt } from './parseRequest.ts';

export const hpcSpecialist: SpecialistFactory = ({ config }): Specialist => {
  const context = hpcContext(config);
  const clusters = Object.keys(context.settings.clusters);
  const kinds = Object.fromEntries(clusters.map((c) => [c, context.settings.clusters[c].executor]));
  const described = clusters.map((c) => `${c} (${kinds[c]})`).join(', ');
  return {
    name: 'hpc',
    description:
      'HPC jobs: generates SLURM training scripts for generative design models (cGAN, diffusion) on EngiBench datasets, submits them to a cluster over SSH ' +
      `(or runs them on the local executor), monitors them, fetches their outputs and evaluates the trained models with EngiOpt's metrics. Clusters: ${described}.`,
    tools: bindTools(hpcTools, context),
    prompt: loadPrompt(new URL('./prompt.md', import.meta.url), { CLUSTERS: described, DEFAULT_CLUSTER: context.defaultCluster }),
    availability: { available: true },
    defaultApprovals: ['submit_job', 'cancel_job'],
    offline: {
      mentionedAt: hpcMentionedAt,
      // "what's the status of my training job?" is read from job_status; other questions are not orders
      answers: (q) => /\b(?:status|state|progress)\b|\b(?:is|has)\b.*\bjob\b.*\b(?:done|finished|running|complete|completed|queued|pending)\b/i.test(q),
      plan: (task) => planHpc(task, { clusters, defaultCluster: context.defaultCluster, kinds }),
    },
    threadView: async (threadId) => jobsView(context, threadId),
    close: () => context.close(),
  };
};
