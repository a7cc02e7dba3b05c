/** The `masks` field of a tool result: the node masks given, compact (nodeMask.ts), or nothing when all are defaults. */
import type { ConfigValues } from '../constraint.ts';
import { givenMasks, type CompactMask } from '../nodeMask.ts';

export function maskField(config: ConfigValues): { masks?: Record<string, CompactMask> } {
  const masks = givenMasks(config);
  return Object.keys(masks).length ? { masks } : {};
}
