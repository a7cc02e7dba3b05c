/** `engiai problems`: the registry, with conditions, defaults and objectives. */
import type { Command } from 'commander';

export function register(program: Command): void {
  program
    .command('problems')
    .description('list the engineering problems, their conditions (with defaults) and objectives')
    .option('--json', '[boolean] print JSON')
    .action(async (opts: { json?: boolean }) => {
      const { allProblems } = await import('../../tools/engineering/registry.ts');
      const problems = await allProblems();
      const rows = problems.map((p) => ({
        id: p.id,
        version: p.version,
        title: p.title,
        objectives: p.objectives.map((o) => ({ name: o.name, direction: o.direction })),
        conditions: p.conditions.map((c) => ({ name: c.name, type: c.type, default: c.default, description: c.description })),
        config: p.configFields.map((c) => ({ name: c.name, type: c.type, default: c.default, description: c.description })),
        masks: (p.masks ?? []).map((m) => ({ name: m.name, role: m.role, default: m.default, description: m.description })),
        designShape: p.designShape(p.resolveConfig()),
      }));
      if (opts.json) {
        process.stdout.write(JSON.stringify(rows, null, 2) + '\n');
        return;
      }
      const { default: Table } = await import('cli-table3');
      const table = new Table({ head: ['problem', 'objectives', 'conditions (default)', 'design'], style: { head: [], border: [] }, wordWrap: true, colWidths: [18, 28, 52, 12] });
      for (const r of rows) {
        table.push([
          `${r.id} v${r.version}`,
          r.objectives.map((o) => `${o.name} (${o.direction === 'minimize' ? 'min' : 'max'})`).join('\n'),
          [...r.conditions.map((c) => `${c.name} = ${c.default}`), ...r.masks.map((m) => `${m.name} (mask) = ${m.default}`)].join('\n'),
          r.designShape.join('×'),
        ]);
      }
      process.stdout.write(table.toString() + '\n');
    });
}
