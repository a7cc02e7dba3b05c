/**
 * Whether a model spec names a model that reads images (so a sketch goes to it as an image part).
 * By the providers' published model families: OpenAI GPT-4o, GPT-4.1, GPT-5 and the o-series
 * (o1, o3, o4); every Gemini model; on Ollama the vision families (llava, bakllava, llama3.2-vision,
 * gemma3, qwen2.5vl, minicpm-v, moondream, granite3.2-vision, mistral-small3.1). An
 * openai-compatible server's model is taken by its name the same way. Anything else gets the
 * sketch's marks as text only, and the turn says the image was not sent.
 */
import { parseModelSpec } from './modelSpec.ts';

const OPENAI_VISION = /^(?:gpt-4o|chatgpt-4o|gpt-4\.1|gpt-4-turbo|gpt-5|o1(?!-mini)|o3|o4)/;
const OLLAMA_VISION = /^(?:llava|bakllava|llama3\.2-vision|llama4|gemma3|qwen2\.5vl|qwen2\.5-vl|minicpm-v|moondream|granite3\.2-vision|mistral-small3\.1)/;

export function acceptsImages(spec: string): boolean {
  let parsed;
  try {
    parsed = parseModelSpec(spec);
  } catch {
    return false;
  }
  const model = parsed.model.toLowerCase().replace(/^.*\//, '');
  switch (parsed.provider) {
    case 'openai':
      return OPENAI_VISION.test(model);
    case 'google':
      return model.startsWith('gemini');
    case 'ollama':
      return OLLAMA_VISION.test(model);
    case 'openai-compatible':
      return OPENAI_VISION.test(model) || OLLAMA_VISION.test(model) || model.startsWith('gemini');
    default:
      return false;
  }
}
