/** Prompt texts live in agents/prompts/<name>.md so they are diffable; this reads them once. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../../tools/errors.ts';

const cache = new Map<string, string>();

export function loadPrompt(name: string): string {
  const hit = cache.get(name);
  if (hit !== undefined) return hit;
  const file = fileURLToPath(new URL(`./${name}.md`, import.meta.url));
  let text: string;
  try {
    text = readFileSync(file, 'utf8').trim();
  } catch (err) {
    throw new ConfigError(`prompt "${name}" not found at ${file}`, { cause: err });
  }
  cache.set(name, text);
  return text;
}
