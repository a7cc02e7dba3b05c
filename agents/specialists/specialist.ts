/**
 * A specialist is a plug-in: a name, a description the supervisor routes by, its own tools, a prompt
 * (agents/prompts/<name>.md) and whether it can run under the current configuration. The supervisor
 * sees only specialists (as `transfer_to_<name>` tools); each specialist sees only its own tools.
 */
import { ConfigError } from '../../tools/errors.ts';
import type { EngiTool } from '../../tools/engineering/tools.ts';

export type Availability = { available: true } | { available: false; reason: string };

export interface Specialist {
  /** snake_case ASCII; the hand-off tool is `transfer_to_<name>`. */
  readonly name: string;
  readonly description: string;
  readonly tools: readonly EngiTool[];
  readonly prompt: string;
  readonly availability: Availability;
}

/** What specialists may depend on when deciding whether they are available. */
export interface SpecialistSettings {
  /** Names of configured services, e.g. { cluster: false, printer: false }. */
  services?: Partial<Record<'documents' | 'arxiv' | 'websearch' | 'cluster' | 'shell' | 'printer', boolean>>;
}

const NAME = /^[a-z][a-z0-9_]{0,39}$/;

export const handoffToolName = (agent: string) => `transfer_to_${agent}`;

/** Fails before any graph is built: bad or duplicate names, tools shared or named twice. */
export function validateSpecialists(specialists: readonly Specialist[]): void {
  const seen = new Set<string>();
  for (const s of specialists) {
    if (!NAME.test(s.name)) throw new ConfigError(`specialist name "${s.name}" must be snake_case ASCII`, { hint: 'use e.g. "engineering" or "web_search"' });
    if (seen.has(s.name)) throw new ConfigError(`specialist "${s.name}" is registered twice`, { hint: 'give every specialist a unique name' });
    if (s.name === 'supervisor' || s.name.endsWith('_tools')) throw new ConfigError(`specialist name "${s.name}" is reserved`);
    seen.add(s.name);
    const toolNames = new Set<string>();
    for (const t of s.tools) {
      if (!NAME.test(t.name)) throw new ConfigError(`tool "${t.name}" of ${s.name} must be snake_case ASCII`);
      if (toolNames.has(t.name)) throw new ConfigError(`tool "${t.name}" is listed twice for ${s.name}`);
      if (t.name.startsWith('transfer_to_')) throw new ConfigError(`tool "${t.name}" of ${s.name} uses the reserved hand-off prefix`);
      toolNames.add(t.name);
    }
  }
}
