/**
 * The two benchmark protocols (issue 19): `paper` follows the published reference code
 * (gioelemo/EngiAI-Public) in prompts, sampling and scoring; `engiai` is ours, with its holes
 * closed. A run is generated under one protocol (recorded in its configuration hash) and every
 * trial is scored under both.
 */
import { InputError } from '../../tools/errors.ts';

export const PROTOCOLS = ['paper', 'engiai'] as const;
export type Protocol = (typeof PROTOCOLS)[number];

export function isProtocol(v: string): v is Protocol {
  return (PROTOCOLS as readonly string[]).includes(v);
}

/** `--protocol` → a Protocol (`fallback` when not given); anything else is an InputError naming the choices. */
export function parseProtocol(v: string | undefined, fallback: Protocol): Protocol {
  if (v === undefined || v === '') return fallback;
  if (!isProtocol(v)) throw new InputError(`unknown --protocol "${v}"`, { field: 'protocol', hint: `one of ${PROTOCOLS.join(', ')}` });
  return v;
}
