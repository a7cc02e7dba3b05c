/**
 * The tools that ask before running on a server start: the specialists' defaults, plus the tools a
 * flag adds, minus the defaults a flag removes by name. Adding never drops a default; removing one
 * is explicit and shows in the startup line and the settings. An unknown tool name is an error.
 */
import { InputError } from '../../tools/errors.ts';

export interface ApprovalList {
  /** Tools that ask before running. */
  approvals: string[];
  /** The specialists' defaults. */
  defaults: string[];
  /** Defaults that this start removed (explicitly). */
  removed: string[];
  /** Tools this start added besides the defaults. */
  added: string[];
}

export function approvalList(known: readonly string[], defaults: readonly string[], add: readonly string[] = [], remove: readonly string[] = []): ApprovalList {
  for (const [flag, names] of [['--approve', add], ['--without-approval', remove]] as const) {
    const unknown = names.filter((n) => !known.includes(n));
    if (unknown.length) throw new InputError(`${flag}: unknown tool ${unknown.map((n) => `"${n}"`).join(', ')}`, { field: flag.slice(2), hint: `tools that can ask before running: ${known.join(', ')}` });
  }
  const approvals = [...new Set([...defaults, ...add])].filter((n) => !remove.includes(n));
  return { approvals, defaults: [...defaults], removed: defaults.filter((n) => remove.includes(n)), added: approvals.filter((n) => !defaults.includes(n)) };
}

/** One line for the server log: what asks, and what was added to or removed from the defaults. */
export function describeApprovals(l: ApprovalList): string {
  const parts = [`approvals: ${l.approvals.join(', ') || 'none'}`];
  if (l.added.length) parts.push(`added: ${l.added.join(', ')}`);
  if (l.removed.length) parts.push(`DEFAULTS REMOVED (--without-approval): ${l.removed.join(', ')}`);
  return parts.join(' · ');
}
