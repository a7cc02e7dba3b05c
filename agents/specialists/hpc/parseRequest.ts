/**
 * What an HPC request asks for, read from its words: the model (cGAN or diffusion), the problem,
 * epochs, seed, scale, template, where to run, and which of the four steps (generate the script,
 * submit it, wait for it, evaluate the model) — from the explicit phrasing ("generate the script,
 * submit it, wait, evaluate") or the natural one ("train a cGAN … and tell me how good it is").
 */
export interface HpcRequest {
  algo: 'cgan' | 'diffusion' | null;
  /** A problem other than beams2d the request names (unsupported for training). */
  otherProblem: string | null;
  epochs: number | null;
  seed: number | null;
  scale: 'small' | 'paper';
  template: 'engiai' | 'engiopt';
  /** 'default' for "on the cluster", 'local' for "locally", or a configured cluster's name. */
  where: string | null;
  nSamples: number | null;
  timeLimit: string | null;
  steps: { generate: boolean; submit: boolean; wait: boolean; evaluate: boolean; status: boolean; cancel: boolean; fetch: boolean };
}

const num = (re: RegExp, text: string): number | null => {
  const m = re.exec(text);
  return m ? Number(m[1]) : null;
};

export function parseHpcRequest(text: string, clusters: readonly string[]): HpcRequest {
  const t = text.toLowerCase();
  const algo = /\b(?:c-?gans?|conditional gan|gans?)\b/.test(t) ? 'cgan' : /\b(?:diffusion|ddpm)\b/.test(t) ? 'diffusion' : null;
  const other = /\b(photonics ?2d|thermoelastic ?2d|heat ?conduction ?2d|airfoil)\b/.exec(t);
  const named = clusters.find((c) => c !== 'local' && new RegExp(`\\b(?:on|cluster)\\s+(?:the\\s+)?${c}\\b|\\b${c}\\s+cluster\\b`).test(t));
  const local = /\b(?:locally|local executor|on this (?:machine|computer)|on my (?:machine|laptop|computer)|without (?:a )?cluster)\b/.test(t);
  const where = named ?? (local ? 'local' : /\b(?:cluster|slurm|hpc|supercomputer)\b/.test(t) ? 'default' : null);
  const train = /\btrain(?:s|ed|ing)?\b/.test(t);
  const evaluate = /\bevaluat|\bhow good\b|\bmetrics?\b|\bassess|\bscore\b|\bquality\b/.test(t);
  const submit = /\bsubmit|\blaunch\b|\brun (?:it|the (?:job|script))\b/.test(t) || train;
  const wait = /\bwait|\bmonitor|\buntil\b|\bfinish|\bwatch\b/.test(t) || evaluate || train;
  const generate = /\b(?:generate|write|create|make)\b.*\bscript\b|\bslurm script\b|\bjob script\b/.test(t) || train || submit;
  const status = /\bstatus\b|\bhow is (?:my|the) job\b|\bis (?:my|the) job\b|\bcheck (?:on )?(?:my|the) job\b/.test(t);
  const cancel = /\b(?:cancel|stop|kill|abort|scancel)\b/.test(t);
  const fetch = /\bfetch|\boutput|\blog\b|\bdownload/.test(t) || evaluate;
  return {
    algo,
    otherProblem: other ? other[1] : null,
    epochs: num(/\b(\d{1,5})\s*epochs?\b/, t) ?? num(/\bepochs?\s*(?:=|:|of|to)?\s*(\d{1,5})\b/, t),
    seed: num(/\bseed\s*(?:=|:|of)?\s*(\d{1,10})\b/, t),
    scale: /\bpaper[- ]scale\b|\bfull[- ]scale\b|\bscale\s*(?:=|:)?\s*paper\b|\bpaper size\b/.test(t) ? 'paper' : 'small',
    template: /\bengiopt\b/.test(t) ? 'engiopt' : 'engiai',
    where,
    nSamples: num(/\b(\d{1,4})\s*(?:test\s+)?samples\b/, t) ?? num(/\bn[-_ ]samples\s*(?:=|:)?\s*(\d{1,4})\b/, t),
    timeLimit: /\btime(?:[- ]limit)?\s*(?:of|=|:)?\s*(\d{1,3}:\d{2}:\d{2})\b/.exec(t)?.[1] ?? null,
    steps: { generate, submit, wait, evaluate, status, cancel, fetch },
  };
}

/** Where an HPC request starts: its first cluster, job, training or generative-model word. */
const MENTION = /\b(?:cluster|slurm|hpc|sbatch|squeue|supercomputer|job script|my job|the job|submit|c-?gans?|conditional gan|ddpm|diffusion model|generative model|train(?:s|ed|ing)?\s+(?:a|an|the|my)\b|epochs?)\b/i;

export const hpcMentionedAt = (request: string): number => MENTION.exec(request)?.index ?? -1;
