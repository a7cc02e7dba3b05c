/**
 * sbatch's refusals, named by the argument to fix. A refused submission is the request's or the
 * configuration's fault (a partition that does not exist, a time limit over the QOS's, a GPU type
 * no node has), so it is an InputError naming the field — not a retryable infrastructure error;
 * only a controller that does not answer is retried. The patterns are SLURM's own messages
 * (src/common/slurm_errno.c and sbatch's option checks) as SLURM 22.05 prints them; see
 * tests/fixtures/slurm/README.md for where each recorded message comes from.
 */
import { InfraError, InputError } from '../errors.ts';

interface Rule {
  field: string;
  pattern: RegExp;
  what: string;
  hint: string;
}

const PARTITIONS = 'list the partitions you may use with `sinfo -s` on the cluster';

/** First match wins: the specific messages before the generic "node configuration" one. */
const RULES: Rule[] = [
  { field: 'partition', pattern: /invalid partition (?:specified|name)/i, what: 'the partition does not exist', hint: `pass another partition (generate_slurm_script's partition, or the cluster's \`partition\` setting); ${PARTITIONS}` },
  { field: 'partition', pattern: /user's group not permitted to use this partition|not allowed to use this partition|AccessDenied/i, what: 'you may not submit to that partition', hint: PARTITIONS },
  {
    field: 'time_limit',
    pattern: /MaxWallDuration\w*Limit|Requested time limit is invalid|Invalid --time specification|time limit exceeds|PartitionTimeLimit/i,
    what: 'the time limit is over what the partition or QOS allows (or unreadable)',
    hint: 'ask for a shorter time_limit (HH:MM:SS); `sinfo -o "%P %l"` shows each partition\'s limit and `sacctmgr show qos format=name,maxwall` the QOS limits',
  },
  {
    field: 'gres',
    pattern: /Invalid generic resource \(gres\) specification|Invalid Trackable RESource \(TRES\) specification|Invalid GRES/i,
    what: 'the GPU / generic resource request names something no node has',
    hint: 'request a GPU type the partition has (`sinfo -o "%P %G"` lists them), or none',
  },
  { field: 'account', pattern: /Invalid account or account\/partition combination|invalid account|Job has no account|InvalidAccount|Assoc\w*Limit/i, what: 'the SLURM account is missing, not yours for that partition, or at one of its limits', hint: 'check your accounts with `sacctmgr show assoc user=$USER format=account,partition`' },
  { field: 'qos', pattern: /Invalid qos specification|QOSMaxSubmitJob|QOSGrp\w*Limit|QOSMax\w*Limit|Job violates accounting\/QOS policy/i, what: 'the QOS refuses the job (its limits, or a QOS you may not use)', hint: 'check the QOS limits with `sacctmgr show qos` and your jobs in the queue (`squeue -u $USER`)' },
  { field: 'memory', pattern: /Memory specification can not be satisfied|Memory required by task is not available|mem-per-cpu|exceeds (?:the )?memory/i, what: 'no node has the memory asked for', hint: '`sinfo -o "%P %m"` shows the memory per node of each partition' },
  { field: 'cpus', pattern: /More processors requested than permitted|CPU count per node can not be satisfied/i, what: 'no node in the partition has that many CPUs', hint: 'ask for fewer cpus, or another partition; `sinfo -o "%P %c"` shows the CPUs per node' },
  {
    field: 'resources',
    pattern: /Requested node configuration is not available|Node count specification invalid/i,
    what: 'no node in the partition has the CPUs, memory or GPUs asked for',
    hint: 'ask for less (cpus, GPUs), or another partition; `sinfo -o "%P %c %m %G"` shows what each node has',
  },
];

const UNREACHABLE = /Unable to contact slurm controller|Socket timed out|Slurm backup controller in standby|Zero Bytes were transmitted|slurm_persist_conn_open|Connection refused/i;

/** The resource requests among a job script's #SBATCH lines (what "node configuration is not available" is about). */
export function resourceRequests(script: string): string[] {
  return [...script.matchAll(/^#SBATCH\s+(--(?:cpus-per-task|mem|mem-per-cpu|mem-per-gpu|gres|gpus|gpus-per-node|gpus-per-task|nodes|ntasks|ntasks-per-node|constraint)[= ]\S+|-[cCnN]\s*\S+)/gm)].map((m) => m[1]);
}

/** The error for a refused sbatch: `text` is its stderr (or stdout), `script` the job script it was given. */
export function sbatchError(cluster: string, exitCode: number | null, text: string, script = ''): InfraError | InputError {
  const said = text.trim().slice(0, 500);
  if (UNREACHABLE.test(said)) return new InfraError(`sbatch could not reach the SLURM controller on ${cluster}: ${said}`, { retryable: true, hint: 'the controller is busy or down; try again in a minute' });
  const rule = RULES.find((r) => r.pattern.test(said));
  if (!rule) return new InfraError(`sbatch failed on ${cluster} (exit ${exitCode}): ${said}`, { hint: 'read the message above; check the partition, the time limit and the account settings of the cluster' });
  const asked = rule.field === 'resources' || rule.field === 'memory' || rule.field === 'cpus' || rule.field === 'gres' ? resourceRequests(script) : [];
  const asks = asked.length ? ` The job asks for ${asked.join(' ')}.` : '';
  return new InputError(`sbatch refused the job on ${cluster}: ${rule.what} (${rule.field}).${asks} SLURM said: ${said}`, { field: rule.field, hint: rule.hint });
}
