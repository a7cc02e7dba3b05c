/**
 * Gathering a job array's shards back into the local dataset folder over SFTP: new complete lines
 * of each shard's rows.jsonl (read from where the last read stopped), their designs first (to
 * `<file>.tmp`, then renamed), then the rows appended — so a gather killed at any point leaves no row
 * without its design, and a rerun skips rows whose key is already local. Rows are checked against
 * the local plan (key, id, design file name) before anything is written.
 */
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { appendRow, designFile, type DatasetRow, type PlannedRow } from '../../engineering/dataset/index.ts';
import { InfraError } from '../../errors.ts';
import type { SshClient } from '../sshClient.ts';
import { shardDir, type ArrayRecord } from './arrayRecord.ts';

/** The most of one shard's rows.jsonl read per poll. */
const READ_CHUNK = 64 * 1024 * 1024;

export class ShardGatherer {
  /** Bytes of each shard's rows.jsonl already read. */
  private readonly offsets = new Map<number, number>();
  /** Complete lines of each shard's rows.jsonl already read. */
  readonly linesSeen = new Map<number, number>();
  computeSeconds = 0;

  constructor(
    private readonly ssh: SshClient,
    private readonly rec: ArrayRecord,
    private readonly outDir: string,
    private readonly wanted: Map<string, PlannedRow>,
    private readonly width: number,
    readonly doneKeys: Set<string>,
  ) {}

  /** Reads shard i's new rows and brings those not yet local home; returns how many were added. */
  async gather(i: number): Promise<number> {
    const dir = shardDir(this.rec, i);
    const offset = this.offsets.get(i) ?? 0;
    const buf = await this.ssh.readFrom(`${dir}/rows.jsonl`, offset, READ_CHUNK);
    if (!buf || buf.length === 0) return 0;
    const end = buf.lastIndexOf(0x0a);
    if (end < 0) return 0; // only a row still being written
    const lines = buf.subarray(0, end).toString('utf8').split('\n');
    const fresh: DatasetRow[] = [];
    for (const line of lines) {
      if (!line.trim()) continue;
      const row = this.check(i, JSON.parse(line) as DatasetRow);
      if (row && !this.doneKeys.has(row.key) && !fresh.some((f) => f.key === row.key)) fresh.push(row);
    }
    await this.ssh.getFiles(fresh.map((r) => ({ remote: `${dir}/${r.design}`, local: join(this.outDir, r.design) })));
    for (const row of fresh) {
      appendRow(join(this.outDir, 'rows.jsonl'), row);
      this.doneKeys.add(row.key);
      this.computeSeconds += row.seconds;
    }
    this.offsets.set(i, offset + end + 1);
    this.linesSeen.set(i, (this.linesSeen.get(i) ?? 0) + lines.length);
    return fresh.length;
  }

  /** A shard's row is one of the plan's, under the plan's id and design file name; anything else is refused. */
  private check(i: number, row: DatasetRow): DatasetRow | undefined {
    const planned = this.wanted.get(row.key);
    if (!planned) return undefined; // not this dataset's (cannot happen: the shard ran the same request)
    if (row.id !== planned.id || row.design !== designFile(planned.id, this.width) || row.split !== planned.split) {
      throw new InfraError(`shard ${i} returned row ${row.id} (${row.key}) that does not match the local plan (id ${planned.id}, ${designFile(planned.id, this.width)}, ${planned.split})`, {
        hint: 'the cluster runs a different engiai version; make `command` run the same version as here',
      });
    }
    return row;
  }

  /**
   * Appends the shard's errors.jsonl lines for rows still missing here to the local errors.jsonl
   * (once per key); returns the keys that failed.
   */
  async gatherErrors(i: number): Promise<Set<string>> {
    const failed = new Set<string>();
    const buf = await this.ssh.readFrom(`${shardDir(this.rec, i)}/errors.jsonl`, 0, READ_CHUNK);
    if (!buf?.length) return failed;
    const local = join(this.outDir, 'errors.jsonl');
    const known = existsSync(local) ? readFileSync(local, 'utf8') : '';
    for (const line of buf.toString('utf8').split('\n')) {
      if (!line.trim()) continue;
      let key: string | undefined;
      try {
        key = (JSON.parse(line) as { key?: string }).key;
      } catch {
        continue; // a torn last line
      }
      if (!key || !this.wanted.has(key) || this.doneKeys.has(key) || failed.has(key)) continue;
      failed.add(key);
      if (!known.includes(line)) appendFileSync(local, line + '\n');
    }
    return failed;
  }
}
