/**
 * The offline engineering agent's answer, written from the tool results: one line per call, then how
 * words were read ("Read: …"), what could not be applied ("Not applied: …") and the tools' warnings.
 * The optimize line carries the conditions and config as JSON, so a later turn can read them back
 * (thread.ts).
 */
import type { ProblemInfo } from '../../../tools/engineering/tools/index.ts';
import { errorText, type DoneCall } from '../specialistTask.ts';

const fmt = (v: unknown): string => (typeof v === 'object' ? JSON.stringify(v) : String(v));

function line(d: DoneCall): string | null {
  const r = d.result;
  if (!d.ok) return `${d.name} failed: ${errorText(r)}`;
  switch (d.name) {
    case 'optimize_design': {
      const config = (d.args.config ?? {}) as Record<string, unknown>;
      const cfg = Object.keys(config).length ? ` (config ${JSON.stringify(config)})` : '';
      return `Optimized ${r.problem} with ${fmt(r.conditions)}${cfg}: design ${r.design_id} after ${r.iterations} iterations, final objective ${fmt(r.final_objective)}, volume fraction ${r.volume_fraction}. Stored in ${r.path}`;
    }
    case 'simulate_design': {
      const changed = r.conditions_changed as Record<string, unknown> | undefined;
      const under = changed && Object.keys(changed).length
        ? ` — under changed conditions ${fmt(changed)}: the design was not optimized for these conditions${r.note ? ` (${r.note})` : ''}`
        : d.args.conditions ? ` — the conditions given (${fmt(d.args.conditions)}) are the ones it was optimized for` : '';
      const notes = (r.constraint_violations as string[] | undefined)?.length ? `; constraint notes: ${(r.constraint_violations as string[]).join('; ')}` : '';
      return `Simulated ${r.design_id}: ${fmt(r.objectives)}${under}${notes}`;
    }
    case 'render_design':
      return `Rendered ${r.design_id}: ${Object.values((r.files ?? {}) as Record<string, string>).join(', ')}`;
    case 'convert_design_to_stl': {
      // a 3-D design's surface also carries the mesh-vs-design volume fraction check
      const vf = r.volume_fraction as { mesh: number; design: number; tolerance: number; ok: boolean } | undefined;
      const check = vf ? `; volume fraction ${vf.mesh} against the design's ${vf.design}${vf.ok ? '' : `, off by more than ${vf.tolerance}`}` : '';
      return `STL (threshold ${r.threshold}, scale_xy ${r.scale_xy}, scale_z ${r.scale_z}, mirror_y ${r.mirror_y}): ${r.stl_path} (${r.triangles} triangles, watertight: ${r.watertight}${check})`;
    }
    case 'compare_designs': {
      const rows = ((r.designs ?? []) as { design_id: string; conditions: unknown; objectives: unknown }[]).map((x) => `${x.design_id} ${fmt(x.conditions)} → ${fmt(x.objectives)}`);
      const differing = (r.differing_conditions as string[] | undefined)?.join(', ') || 'none';
      return `Compared ${rows.length} ${r.problem} designs (differing conditions: ${differing}):\n${rows.map((x) => `  ${x}`).join('\n')}\nBest: ${fmt(r.best)}`;
    }
    case 'list_designs': {
      const rows = ((r.designs ?? []) as { design_id: string; conditions: unknown; objectives: unknown }[]).map((x) => `  ${x.design_id} ${fmt(x.conditions)} → ${fmt(x.objectives)}`);
      if (rows.length) return `Designs (${r.scope === 'all' ? 'all stored' : 'this conversation'}, newest first):\n${rows.join('\n')}`;
      const inStore = Number(r.in_store ?? 0);
      return r.scope === 'all' ? 'No stored designs.' : `No designs made in this conversation${inStore ? ` (the store holds ${inStore}: ask to "list all designs")` : ''}.`;
    }
    case 'describe_problem':
      return `${r.title ?? r.id}: ${r.description ?? ''}\nConditions: ${((r.conditions ?? []) as { name: string; description: string; default: unknown }[]).map((f) => `${f.name} (${f.description}; default ${f.default})`).join('; ')}`;
    case 'ask_human_for_clarification':
      return `You answered: ${fmt(r.answer)}`;
    default:
      return null;
  }
}

export interface AnswerExtras {
  notes: string[];
  notApplied: string[];
}

export function finalText(done: DoneCall[], extras: AnswerExtras): string {
  // the person's answers last, so the first line is the work (a later turn reads the design from it)
  const ordered = [...done.filter((d) => d.name !== 'ask_human_for_clarification'), ...done.filter((d) => d.name === 'ask_human_for_clarification')];
  const [first, ...rest] = ordered.map(line).filter((l): l is string => l !== null);
  const warnings = done.flatMap((d) => (Array.isArray(d.result.warnings) ? (d.result.warnings as string[]) : []));
  // how the request was read comes right after the first line: the context a later turn sees is clipped
  const lines = first ? [first] : [];
  if (extras.notes.length) lines.push(`Read: ${[...new Set(extras.notes)].join('; ')}`);
  if (extras.notApplied.length) lines.push(`Not applied: ${[...new Set(extras.notApplied)].join('; ')}`);
  lines.push(...rest);
  if (warnings.length) lines.push(`Warnings: ${[...new Set(warnings)].join('; ')}`);
  return lines.join('\n') || 'Nothing to do.';
}

export function helpText(catalog: readonly ProblemInfo[]): string {
  const list = catalog.map((p) => `${p.id} (${p.conditions.map((f) => f.name).join(', ')})`);
  return (
    `I can optimize, simulate, render, export, list and compare designs of these problems: ${list.join('; ')}. ` +
    'Example: "Optimize a Beams2D beam with volfrac 0.4, forcedist 0.65 and rmin 4, simulate it and render it".'
  );
}
