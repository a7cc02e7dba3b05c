/**
 * Prompt texts are Markdown files so they are diffable: the supervisor's in agents/prompts/, each
 * specialist's in its own folder. Read once; `{{NAME}}` placeholders are filled from `vars`, so a
 * rule stated in a tool schema can be stated in the same words in a prompt.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ConfigError } from '../../tools/errors.ts';

const cache = new Map<string, string>();

/** `source`: a name in agents/prompts/ ("supervisor") or the URL of a .md file. */
export function loadPrompt(source: string | URL, vars: Record<string, string> = {}): string {
  const url = typeof source === 'string' ? new URL(`./${source}.md`, import.meta.url) : source;
  let text = cache.get(url.href);
  if (text === undefined) {
    const file = fileURLToPath(url);
    try {
      text = readFileSync(file, 'utf8').trim();
    } catch (err) {
      throw new ConfigError(`prompt not found at ${file}`, { cause: err });
    }
    cache.set(url.href, text);
  }
  return text.replace(/\{\{([A-Z_]+)\}\}/g, (m, name: string) => vars[name] ?? m);
}
