/**
 * Model specs: the one string that names a backend.
 *   offline                          deterministic rule-based planner (no network)
 *   openai:MODEL                     OpenAI Chat Completions (OPENAI_API_KEY, OPENAI_BASE_URL)
 *   google:MODEL                     Gemini API (GOOGLE_API_KEY or GEMINI_API_KEY, GOOGLE_BASE_URL)
 *   ollama:MODEL                     local Ollama (OLLAMA_HOST); MODEL may hold a tag: llama3.1:8b
 *   openai-compatible:MODEL@URL      any OpenAI-compatible server at URL (OPENAI_COMPATIBLE_API_KEY)
 */
import { ConfigError } from '../../tools/errors.ts';

export type Provider = 'offline' | 'openai' | 'google' | 'ollama' | 'openai-compatible';

export interface ModelSpec {
  provider: Provider;
  /** Provider's model id; 'offline' for the offline planner. */
  model: string;
  /** Only for openai-compatible: the server's base URL. */
  baseUrl?: string;
  /** The spec as written, normalised (e.g. for traces). */
  text: string;
}

const PROVIDERS: Provider[] = ['openai', 'google', 'ollama', 'openai-compatible'];
const EXAMPLES = 'offline, openai:gpt-4o-mini, google:gemini-2.5-flash, ollama:llama3.1, openai-compatible:qwen2.5@http://127.0.0.1:8000/v1';

export function parseModelSpec(input: string): ModelSpec {
  const text = input.trim();
  if (text === 'offline') return { provider: 'offline', model: 'offline', text };
  const colon = text.indexOf(':');
  const provider = (colon > 0 ? text.slice(0, colon) : '') as Provider;
  const rest = colon > 0 ? text.slice(colon + 1).trim() : '';
  if (!PROVIDERS.includes(provider)) {
    throw new ConfigError(`unknown model spec "${text}": expected offline or PROVIDER:MODEL with PROVIDER one of ${PROVIDERS.join(', ')}`, {
      hint: `Examples: ${EXAMPLES}. Set it with --model, ENGIAI_MODEL or model.spec in config/engiai.yaml.`,
    });
  }
  if (provider === 'openai-compatible') return parseCompatible(text, rest);
  if (!rest) throw new ConfigError(`model spec "${text}" names no model`, { hint: `Write ${provider}:MODEL, e.g. ${EXAMPLES}.` });
  return { provider, model: rest, text: `${provider}:${rest}` };
}

function parseCompatible(text: string, rest: string): ModelSpec {
  const match = /^(.+)@(https?:\/\/\S+)$/.exec(rest);
  if (!match) {
    throw new ConfigError(`model spec "${text}" must be openai-compatible:MODEL@URL`, {
      hint: 'e.g. openai-compatible:qwen2.5-7b-instruct@http://127.0.0.1:8000/v1 (URL up to and including /v1)',
    });
  }
  const [, model, url] = match;
  return { provider: 'openai-compatible', model, baseUrl: url.replace(/\/+$/, ''), text: `openai-compatible:${model}@${url}` };
}
