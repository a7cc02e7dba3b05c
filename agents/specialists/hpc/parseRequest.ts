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
  cpus: number | null;
  /** A cluster the request names that is not configured ("on the cluster taurus"): never replaced by another. */
  unknownCluster: string | null;
  /** "don't submit it yet", "prepare (but do not submit)": the script only. */
  holdSubmit: boolean;
  /** Numbers no setting took ("on 3 nodes"): reported as not applied, never dropped. */
  notApplied: string[];
  steps: { generate: boolean; submit: boolean; wait: boolean; evaluate: boolean; status: boolean; cancel: boolean; fetch: boolean };
}

const num = (re: RegExp, text: string): number | null => {
  const m = re.exec(text);
  return m ? Number(m[1]) : null;
};

const WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12, fifteen: 15, twenty: 20, thirty: 30, fifty: 50, hundred: 100 };
const NOT_A_CLUSTER = new Set(['the', 'a', 'an', 'my', 'our', 'this', 'that', 'slurm', 'hpc', 'default', 'configured', 'local', 'gpu', 'cpu', 'and', 'or', 'with', 'for', 'to', 'job', 'jobs', 'queue', 'it', 'there', 'instead', 'now', 'please', 'too', 'tonight', 'today', 'later']);

/** "1 hour", "90 minutes", "2h", "01:30:00" → HH:MM:SS (days as D-HH:MM:SS). */
function timeLimitOf(t: string): { value: string; at: string } | null {
  const hms = /\b(?:time(?:[- ]limit)?|wall[- ]?(?:time|clock)|limit)\s*(?:of|=|:)?\s*(\d{1,3}:\d{2}:\d{2})\b/.exec(t) ?? /\b(\d{1,3}:\d{2}:\d{2})\b/.exec(t);
  if (hms) return { value: hms[1], at: hms[0] };
  const m = /\b(\d+(?:\.\d+)?)\s*[- ]?(hours?|hrs?|h|minutes?|mins?)\b(?=[^.;]*\b(?:limit|wall|time)\b)|\b(?:time[- ]limit|wall[- ]?time|limit)\s*(?:of|=|:)?\s*(\d+(?:\.\d+)?)\s*(hours?|hrs?|h|minutes?|mins?)\b/.exec(t);
  if (!m) return null;
  const n = Number(m[1] ?? m[3]);
  const unit = m[2] ?? m[4];
  const minutes = Math.round(/^h/.test(unit) ? n * 60 : n);
  const [d, h, mi] = [Math.floor(minutes / 1440), Math.floor((minutes % 1440) / 60), minutes % 60];
  const hh = `${String(h).padStart(2, '0')}:${String(mi).padStart(2, '0')}:00`;
  return { value: d ? `${d}-${hh}` : hh, at: m[0] };
}

export function parseHpcRequest(text: string, clusters: readonly string[]): HpcRequest {
  const t = text.toLowerCase().replace(/\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|fifty|hundred)\b(?=\s+(?:epochs?|cpus?|cores?|samples|seeds?)\b)/g, (w) => String(WORDS[w]));
  const algo = /\b(?:c-?gans?|conditional gan|gans?)\b/.test(t) ? 'cgan' : /\b(?:diffusion|ddpm)\b/.test(t) ? 'diffusion' : null;
  const other = /\b(photonics ?2d|thermoelastic ?2d|heat ?conduction ?2d|airfoil)\b/.exec(t);
  const named = clusters.find((c) => c !== 'local' && new RegExp(`\\b(?:on|cluster)\\s+(?:the\\s+)?${c}\\b|\\b${c}\\s+cluster\\b`).test(t));
  const local = /\b(?:locally|local executor|on this (?:machine|computer)|on my (?:machine|laptop|computer)|without (?:a )?cluster)\b/.test(t);
  const where = named ?? (local ? 'local' : /\b(?:cluster|slurm|hpc|supercomputer)\b/.test(t) ? 'default' : null);
  // "on the cluster taurus", "cluster named taurus", "on the taurus cluster"
  const askedName = [/\bcluster\s+(?:named\s+|called\s+)?["'`]?([a-z][a-z0-9_-]{0,31})/g, /\bon\s+(?:the\s+)?["'`]?([a-z][a-z0-9_-]{0,31})["'`]?\s+(?:cluster|supercomputer)\b/g]
    .flatMap((re) => [...t.matchAll(re)].map((m) => m[1]))
    .find((n) => !NOT_A_CLUSTER.has(n));
  const unknownCluster = askedName && !clusters.includes(askedName) ? askedName : null;
  const holdSubmit = /\b(?:don'?t|do not|not|never|without|no need to|hold off on|before you)\s+(?:yet\s+)?(?:submit|launch|start|run)(?:ting|ning|ing)?\b|\bnot (?:to )?submit|\bjust (?:the|a) script\b|\bonly (?:the|a) script\b|\bscript only\b/.test(t);
  // "training job", "training run" name a job, not a request to train
  const train = /\btrain(?:s|ed)?\b|\btraining\b(?!\s+(?:job|run|script|log))/.test(t);
  const evaluate = /\bevaluat|\bhow good\b|\bmetrics?\b|\bassess|\bscore\b|\bquality\b/.test(t);
  const submit = !holdSubmit && (/\bsubmit|\blaunch\b|\brun (?:it|the (?:job|script))\b/.test(t) || train);
  const wait = !holdSubmit && (/\bwait|\bmonitor|\buntil\b|\bfinish|\bwatch\b/.test(t) || evaluate || train);
  const generate = /\b(?:generate|write|create|make|prepare|draft|set up)\b.*\bscript\b|\btraining script\b|\bslurm script\b|\bjob script\b/.test(t) || train || submit;
  const status = /\bstatus\b|\bhow is (?:my|the) job\b|\bis (?:my|the) job\b|\bcheck (?:on )?(?:my|the) job\b/.test(t);
  const cancel = /\b(?:cancel|stop|kill|abort|scancel)\b/.test(t);
  const fetch = !holdSubmit && (/\bfetch|\boutput|\blog\b|\bdownload/.test(t) || evaluate);
  const epochs = num(/\b(\d{1,5})\s*epochs?\b/, t) ?? num(/\bepochs?\s*(?:=|:|of|to)?\s*(\d{1,5})\b/, t);
  const seed = num(/\bseed\s*(?:=|:|of)?\s*(\d{1,10})\b/, t);
  const nSamples = num(/\b(\d{1,4})\s*(?:test\s+)?samples\b/, t) ?? num(/\bn[-_ ]samples\s*(?:=|:)?\s*(\d{1,4})\b/, t);
  const cpus = num(/\b(\d{1,4})\s*(?:cpus?|cores?|threads)\b/, t) ?? num(/\b(?:cpus?|cores?)\s*(?:=|:)?\s*(\d{1,4})\b/, t);
  const time = timeLimitOf(t);
  // every other number is named back: "on 3 nodes" is not silently dropped
  let rest = t.replace(/\b(?:beams|photonics|thermoelastic|heat ?conduction) ?2d\b|\b[a-z]+\d+\b/g, ' ');
  if (time) rest = rest.replace(time.at, ' ');
  for (const re of [/\b\d{1,5}\s*epochs?\b|\bepochs?\s*(?:=|:|of|to)?\s*\d{1,5}\b/, /\bseed\s*(?:=|:|of)?\s*\d{1,10}\b/, /\b\d{1,4}\s*(?:test\s+)?samples\b|\bn[-_ ]samples\s*(?:=|:)?\s*\d{1,4}\b/, /\b\d{1,4}\s*(?:cpus?|cores?|threads)\b|\b(?:cpus?|cores?)\s*(?:=|:)?\s*\d{1,4}\b/]) rest = rest.replace(re, ' ');
  const notApplied = [...rest.matchAll(/(?:[a-z]+\s+)?(?<![\w.])\d+(?:\.\d+)?(?![\w.])(?:\s*[a-z]+)?/g)].map((m) => `"${m[0].trim()}"`);
  return {
    algo,
    otherProblem: other ? other[1] : null,
    epochs,
    seed,
    scale: /\bpaper[- ]scale\b|\bfull[- ]scale\b|\bscale\s*(?:=|:)?\s*paper\b|\bpaper size\b/.test(t) ? 'paper' : 'small',
    template: /\bengiopt\b/.test(t) ? 'engiopt' : 'engiai',
    where,
    nSamples,
    timeLimit: time?.value ?? null,
    cpus,
    unknownCluster,
    holdSubmit,
    notApplied,
    steps: { generate, submit, wait, evaluate, status, cancel, fetch },
  };
}

/** Where an HPC request starts: its first cluster, job, training or generative-model word. */
const MENTION = /\b(?:cluster|slurm|hpc|sbatch|squeue|supercomputer|job script|my job|the job|submit|c-?gans?|conditional gan|ddpm|diffusion model|generative model|train(?:s|ed|ing)?\s+(?:a|an|the|my)\b|epochs?)\b/i;

export const hpcMentionedAt = (request: string): number => MENTION.exec(request)?.index ?? -1;
