/** Numbers with units and scientific notation out of model text (scoring/numbers.ts, units.ts). */
import { describe, expect, it } from 'vitest';
import { numbersIn, plainMath, resultOf, unitAfter } from '../../../benchmarks/reasoning/scoring/numbers.ts';
import { conversionFactor, convertValue, normalizeUnitText } from '../../../benchmarks/reasoning/units.ts';

const first = (text: string) => numbersIn(plainMath(text))[0];

describe('numbersIn', () => {
  it.each([
    ['x = 12.5 kN', 12.5, 'kN'],
    ['x = -3.2e-4 m', -3.2e-4, 'm'],
    ['x = −3.2E+04 Pa', -3.2e4, 'Pa'],
    ['x = 4.909 × 10^-4 m²', 4.909e-4, 'm^2'],
    ['x = 4.909×10⁻⁴ m^2', 4.909e-4, 'm^2'],
    ['x = 4.909 x 10^(-4) m^2', 4.909e-4, 'm^2'],
    ['$x = 4.909 \\times 10^{-4}\\,\\text{m}^{2}$', 4.909e-4, 'm^2'],
    ['x = 2.5·10^3 W', 2500, 'W'],
    ['x = 10^-3 s', 1e-3, 's'],
    ['x = 12,500 N', 12500, 'N'],
    ['x = .75', 0.75, ''],
    ['x = 45 %', 45, '%'],
    ['V = 3.2 m³/s', 3.2, 'm^3/s'],
    ['h = 850 W/(m²·K)', 850, 'W/(m^2 K)'],
    ['M = 12 kN·m/m', 12, 'kN m/m'],
    ['C = 4.7 µF', 4.7, 'uF'],
    ['R = 220 Ω', 220, 'ohm'],
    ['T = 25 °C', 25, 'degC'],
    ['k = 1.2 kJ/(kg·K)', 1.2, 'kJ/(kg K)'],
    ['RL = 9.54 dB', 9.54, 'dB'],
    ['n = 600 rpm', 600, 'rpm'],
  ])('%s', (text, value, unit) => {
    const n = first(text.replace(/^x = |^[A-Za-z]+ = /, ''));
    expect(n.value).toBeCloseTo(value, 12);
    expect(n.unit).toBe(unit);
  });

  it('does not take words for units, nor subscripts for numbers', () => {
    expect(unitAfter(' in series')).toBe('');
    expect(unitAfter(' m long')).toBe('m');
    expect(unitAfter(' mm² (area)')).toBe('mm^2');
    expect(numbersIn('E2 = k·q2/r2').map((n) => n.value)).toEqual([]);
    expect(numbersIn('the area 25² /4').map((n) => n.value)).toEqual([4]);
  });
});

describe('resultOf', () => {
  it('takes the first number after the last "="', () => {
    expect(resultOf('σ = P/A = 45,000 N / 993.6 mm² = 45.29 MPa (below the 250 MPa yield strength)')).toMatchObject({ value: 45.29, unit: 'MPa' });
    expect(resultOf('A = π(0.025)²/4 ≈ 4.909e-4 m²')).toMatchObject({ value: 4.909e-4, unit: 'm^2' });
    expect(resultOf('The damping ratio is 0.29')).toMatchObject({ value: 0.29 });
    expect(resultOf('no numbers here')).toBeUndefined();
  });
});

describe('units', () => {
  it('normalises what models write', () => {
    expect(normalizeUnitText('kg·m⁻³')).toBe('kg m^-3');
    expect(normalizeUnitText('\\mathrm{kN}\\cdot\\mathrm{m}')).toBe('kN m');
    expect(normalizeUnitText('kΩ')).toBe('kohm');
  });

  it('converts by the library, refuses different dimensions, handles temperature offsets', () => {
    expect(conversionFactor('kPa', 'MPa')).toBeCloseTo(1e-3, 15);
    expect(conversionFactor('L/s', 'm^3/s')).toBeCloseTo(1e-3, 15);
    expect(conversionFactor('kN', 'm')).toBeNull();
    expect(conversionFactor('furlongs per fortnight', 'm')).toBeNull();
    expect(convertValue(25, 'degC', 'K')).toBeCloseTo(298.15, 10);
    expect(convertValue(1, 'rpm', 'Hz')).toBeCloseTo(1 / 60, 12);
  });
});
