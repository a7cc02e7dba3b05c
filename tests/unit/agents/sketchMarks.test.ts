/** The sketch's marks: the schema's bounds, normalised boxes and rounding, and the message block read back. */
import { describe, expect, it } from 'vitest';
import { checkSketchMarks, describeMarks, readSketchBlock, writeSketchBlock } from '../../../agents/sketch/sketchMarks.ts';
import { pngFromDataUrl } from '../../../agents/sketch/sketchMessage.ts';
import { InputError } from '../../../tools/errors.ts';

describe('sketch marks', () => {
  it('rounds to three decimals and orders a box its corners', () => {
    const s = checkSketchMarks({ problem: 'beams2d', marks: [{ kind: 'keepout', x0: 0.61234, y0: 0.9, x1: 0.2, y1: 0.1 }, { kind: 'load', x: 0.33333, y: 0, dx: 0.1, dy: 0.99499 }] });
    expect(s.marks).toEqual([{ kind: 'keepout', x0: 0.2, y0: 0.1, x1: 0.612, y1: 0.9 }, { kind: 'load', x: 0.333, y: 0, dx: 0.1, dy: 0.995 }]);
    expect(describeMarks(s)).toBe('1 load, 1 keep-out region');
  });

  it('refuses what is not a sketch, naming the field', () => {
    const bad: unknown[] = [
      null,
      { problem: 'beams2d' },
      { problem: 'Beams 2D', marks: [] },
      { problem: 'beams2d', marks: [{ kind: 'load', x: -0.1, y: 0 }] },
      { problem: 'beams2d', marks: [{ kind: 'load', x: Number.NaN, y: 0 }] },
      { problem: 'beams2d', marks: [{ kind: 'support', x: 0, y: 0, extra: 1 }] },
      { problem: 'beams2d', marks: Array.from({ length: 51 }, () => ({ kind: 'support', x: 0, y: 0 })) },
    ];
    for (const v of bad) expect(() => checkSketchMarks(v), JSON.stringify(v)?.slice(0, 60)).toThrow(InputError);
    expect(() => checkSketchMarks({ problem: 'beams2d', marks: [{ kind: 'load', x: 2, y: 0 }] })).toThrow(/sketch marks: marks\.0\.x/);
  });

  it('reads its block back out of a message, and leaves a message without one alone', () => {
    const s = checkSketchMarks({ problem: 'beams2d', marks: [{ kind: 'support', x: 1, y: 1 }] });
    expect(readSketchBlock(`Use my sketch\n\n${writeSketchBlock(s)}`)).toEqual({ text: 'Use my sketch', sketch: s });
    expect(readSketchBlock('Optimize a beam')).toEqual({ text: 'Optimize a beam', sketch: null });
    // a block that does not parse is dropped from the text and yields no marks (nothing guessed)
    const broken = writeSketchBlock(s).replace('"support"', '"arrow"');
    expect(readSketchBlock(`x\n\n${broken}`)).toEqual({ text: 'x', sketch: null });
  });

  it('takes only a real PNG data URL', () => {
    expect(() => pngFromDataUrl('data:image/png;base64,' + Buffer.from('GIF89a-not-a-png-at-all-but-long-enough').toString('base64'))).toThrow(/not a PNG/);
    expect(() => pngFromDataUrl('data:image/png;base64,@@@')).toThrow(/not base64/);
    expect(() => pngFromDataUrl(42)).toThrow(/data:image\/png;base64/);
  });
});
