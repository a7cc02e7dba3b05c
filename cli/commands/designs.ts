/** `engiai designs [--problem ID] [--limit N] [--json]`: the stored designs, newest first — the web Designs page and "list all designs" in a chat. */
import type { Command } from 'commander';

export function register(program: Command): void {
  program
    .command('designs')
    .description('list the stored designs, newest first: id, problem, conditions, objectives, iterations, files')
    .option('--problem <id>', '[string] only designs of this problem')
    .option('--limit <n>', '[number] at most this many rows (default 50)', '50')
    .option('--json', '[boolean] print JSON')
    .action(async (opts: { problem?: string; limit: string; json?: boolean }) => {
      const { InputError } = await import('../../tools/errors.ts');
      const limit = Number(opts.limit);
      if (!/^\d+$/.test(opts.limit.trim()) || limit < 1) throw new InputError(`--limit must be a positive whole number, got "${opts.limit}"`, { field: 'limit' });
      const { loadConfig } = await import('../../config/load.ts');
      const { DesignStore } = await import('../../tools/engineering/store/designStore.ts');
      const { maskField } = await import('../../tools/engineering/tools/maskField.ts');
      const store = new DesignStore(loadConfig().home);
      const records = await store.list({ problem: opts.problem });
      const rows = records.slice(0, limit).map((r) => ({
        id: r.id,
        problem: r.meta.problem,
        created: r.meta.createdAt,
        conditions: r.meta.conditions,
        // the node masks it was made with, compact (absent: the defaults)
        ...maskField(r.meta.config ?? {}),
        objectives: r.meta.objectives,
        iterations: r.meta.iterations,
        files: Object.entries(r.meta.files)
          .filter(([, name]) => name)
          .map(([role]) => role),
      }));
      if (opts.json) {
        process.stdout.write(JSON.stringify({ count: records.length, designs: rows }, null, 2) + '\n');
        return;
      }
      if (!rows.length) {
        process.stdout.write(`No stored designs${opts.problem ? ` of ${opts.problem}` : ''}. Make one with: engiai optimize beams2d --volfrac 0.4\n`);
        return;
      }
      const pairs = (o: Record<string, unknown>) =>
        Object.entries(o)
          .map(([k, v]) => `${k} ${typeof v === 'number' ? Number(v.toPrecision(6)) : String(v)}`)
          .join('\n');
      const { default: Table } = await import('cli-table3');
      const table = new Table({ head: ['design', 'created', 'conditions', 'objectives', 'iterations', 'files'], style: { head: [], border: [] }, wordWrap: true });
      const masks = (r: (typeof rows)[number]) => Object.entries(r.masks ?? {}).map(([k, m]) => `\n${k} ${m.nodes} nodes`).join('');
      for (const r of rows) table.push([r.id, r.created.replace('T', ' ').slice(0, 19), pairs(r.conditions) + masks(r), pairs(r.objectives), String(r.iterations), r.files.join(', ')]);
      process.stdout.write(`${table.toString()}\n${records.length > rows.length ? `${rows.length} of ${records.length} shown (--limit)\n` : `${rows.length} design${rows.length === 1 ? '' : 's'}\n`}`);
    });
}
