/**
 * The person's message with a sketch: the text with the marks' block (sketchMarks.ts), and — for a
 * model that reads images — the sketch's PNG as an image content part (LangChain's `image_url`
 * part with a data URL; @langchain/openai sends it as a Chat Completions image part, the Gemini
 * client as `inlineData`, the Ollama client as a user message of its own with the bytes in `images`). The PNG is checked: a real
 * PNG signature, at most MAX_SKETCH_PNG bytes.
 */
import { HumanMessage, type BaseMessage, type ContentBlock } from '@langchain/core/messages';
import { InputError } from '../../tools/errors.ts';
import { writeSketchBlock, type SketchMarks } from './sketchMarks.ts';

export const MAX_SKETCH_PNG = 512 * 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface Sketch {
  marks: SketchMarks;
  /** The drawing as PNG bytes. */
  png?: Buffer;
}

/** A `data:image/png;base64,…` URL as PNG bytes, checked; anything else is an InputError. */
export function pngFromDataUrl(url: unknown): Buffer {
  const prefix = 'data:image/png;base64,';
  if (typeof url !== 'string' || !url.startsWith(prefix)) throw new InputError('sketch.png must be a data:image/png;base64 URL', { field: 'sketch.png' });
  const b64 = url.slice(prefix.length);
  if (b64.length > Math.ceil((MAX_SKETCH_PNG * 4) / 3) + 4) throw new InputError(`sketch.png is larger than ${MAX_SKETCH_PNG / 1024} KiB`, { field: 'sketch.png' });
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(b64)) throw new InputError('sketch.png is not base64', { field: 'sketch.png' });
  const png = Buffer.from(b64, 'base64');
  if (png.length < 33 || !png.subarray(0, 8).equals(PNG_SIGNATURE)) throw new InputError('sketch.png is not a PNG image', { field: 'sketch.png' });
  return png;
}

/** The human message of a turn with a sketch; `withImage` false: the marks only (a model that cannot read images). */
export function sketchMessage(text: string, sketch: Sketch, withImage: boolean): HumanMessage {
  const full = `${text}\n\n${writeSketchBlock(sketch.marks)}`;
  if (!withImage || !sketch.png) return new HumanMessage(full);
  return new HumanMessage({ content: [{ type: 'text', text: full }, { type: 'image_url', image_url: { url: `data:image/png;base64,${sketch.png.toString('base64')}` } }] });
}

/** The image parts of a message (what a specialist's task carries on from the person's message). */
export function imageParts(m: BaseMessage | undefined): ContentBlock[] {
  if (!m || typeof m.content === 'string') return [];
  return m.content.filter((p) => typeof p === 'object' && p !== null && (p as { type?: unknown }).type === 'image_url') as ContentBlock[];
}
