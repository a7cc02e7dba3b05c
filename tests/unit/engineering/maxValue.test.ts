/** fields.ts maxValue: Math.max's result without spreading the array (a spread of a 51³ field overflows the stack). */
import { describe, expect, it } from 'vitest';
import { maxValue } from '../../../tools/engineering/fields.ts';

describe('maxValue', () => {
  it('takes the largest entry of a 51³ nodal field (132,651 values), where Math.max(...a) throws RangeError', () => {
    const a = new Float64Array(51 ** 3).map((_, i) => Math.sin(i) * 1e-3);
    a[98_765] = 0.25;
    expect(() => Math.max(...a)).toThrow(RangeError);
    expect(maxValue(a)).toBe(0.25);
  });

  it('is Math.max on small arrays: negatives, NaN anywhere, empty', () => {
    expect(maxValue([-3, -1, -2])).toBe(-1);
    expect(maxValue([1, Number.NaN, 5])).toBeNaN();
    expect(maxValue([Number.NaN, 1])).toBeNaN();
    expect(maxValue([])).toBe(-Infinity);
  });
});
