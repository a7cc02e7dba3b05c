/**
 * Property tables the templates draw from (EngChain §4.4, domain-aware parameterization): real
 * materials, fluids and species with consistent, textbook-typical values (room temperature).
 */

export interface Metal {
  name: string;
  /** Young's modulus, GPa. */
  E: number;
  /** Yield strength, MPa. */
  Sy: number;
}

export const METALS: readonly Metal[] = [
  { name: 'AISI 1020 cold-drawn steel', E: 200, Sy: 350 },
  { name: 'AISI 4140 quenched-and-tempered steel', E: 205, Sy: 655 },
  { name: 'A36 structural steel', E: 200, Sy: 250 },
  { name: '6061-T6 aluminum', E: 68.9, Sy: 276 },
  { name: '7075-T6 aluminum', E: 71.7, Sy: 503 },
  { name: 'Ti-6Al-4V titanium', E: 114, Sy: 880 },
  { name: 'C36000 brass', E: 97, Sy: 310 },
];

export interface Fluid {
  name: string;
  /** Density, kg/m^3. */
  rho: number;
  /** Dynamic viscosity, Pa s. */
  mu: number;
}

export const LIQUIDS: readonly Fluid[] = [
  { name: 'water at 20 °C', rho: 998, mu: 1.002e-3 },
  { name: 'water at 40 °C', rho: 992, mu: 6.53e-4 },
  { name: 'kerosene at 20 °C', rho: 804, mu: 1.92e-3 },
  { name: 'ethanol at 20 °C', rho: 789, mu: 1.2e-3 },
];

export const WATER_RHO = 998;
export const MERCURY_RHO = 13_560;

/** Wide-flange steel sections: second moment of area about the strong axis, 10^6 mm^4. */
export const W_SECTIONS: readonly { name: string; I: number }[] = [
  { name: 'W200x46', I: 45.5 },
  { name: 'W250x67', I: 104 },
  { name: 'W310x60', I: 128 },
  { name: 'W360x72', I: 201 },
  { name: 'W410x85', I: 316 },
  { name: 'W460x97', I: 445 },
];

export interface Gas {
  name: string;
  /** Molar mass, g/mol. */
  M: number;
  /** Ideal-gas cp = a + bT + cT² + dT³ in J/(mol K), T in K (Çengel Table A-2c form). */
  cp: [number, number, number, number];
}

export const GASES: readonly Gas[] = [
  { name: 'nitrogen (N2)', M: 28.01, cp: [28.9, -0.1571e-2, 0.8081e-5, -2.873e-9] },
  { name: 'oxygen (O2)', M: 32.0, cp: [25.48, 1.52e-2, -0.7155e-5, 1.312e-9] },
  { name: 'carbon dioxide (CO2)', M: 44.01, cp: [22.26, 5.981e-2, -3.501e-5, 7.469e-9] },
  { name: 'methane (CH4)', M: 16.04, cp: [19.89, 5.024e-2, 1.269e-5, -11.01e-9] },
  { name: 'water vapor (H2O)', M: 18.02, cp: [32.24, 0.1923e-2, 1.055e-5, -3.595e-9] },
];

export interface Antoine {
  name: string;
  /** log10(P / mmHg) = A − B / (C + T/°C). */
  A: number;
  B: number;
  C: number;
}

/** Ideal binary pairs (light component first) for Raoult's law. */
export const ANTOINE_PAIRS: readonly [Antoine, Antoine][] = [
  [
    { name: 'benzene', A: 6.90565, B: 1211.033, C: 220.79 },
    { name: 'toluene', A: 6.95464, B: 1344.8, C: 219.482 },
  ],
  [
    { name: 'n-hexane', A: 6.87601, B: 1171.17, C: 224.41 },
    { name: 'n-heptane', A: 6.89677, B: 1264.9, C: 216.54 },
  ],
];

export interface Conductor {
  name: string;
  /** Thermal conductivity, W/(m K). */
  k: number;
}

export const WALL_MATERIALS: readonly Conductor[] = [
  { name: 'common brick', k: 0.72 },
  { name: 'concrete', k: 1.4 },
  { name: 'window glass', k: 0.78 },
  { name: 'plasterboard', k: 0.17 },
  { name: 'pine wood', k: 0.12 },
];

export const INSULATIONS: readonly Conductor[] = [
  { name: 'glass-fibre insulation', k: 0.038 },
  { name: 'expanded polystyrene', k: 0.033 },
  { name: 'mineral wool', k: 0.04 },
];

export interface Dielectric {
  name: string;
  epsr: number;
}

export const DIELECTRICS: readonly Dielectric[] = [
  { name: 'polyethylene', epsr: 2.25 },
  { name: 'PTFE', epsr: 2.1 },
  { name: 'FR-4 laminate', epsr: 4.4 },
  { name: 'fused silica', epsr: 3.8 },
  { name: 'alumina', epsr: 9.8 },
];

/** Physical constants (CODATA 2018 / exact SI). */
export const G = 9.81;
export const GAS_R = 8.314462618;
export const C0 = 299_792_458;
export const EPS0 = 8.8541878128e-12;
export const ETA0 = 376.730313668;
export const COULOMB_K = 8.9875517923e9;
export const GAMMA_W = 9.81;
