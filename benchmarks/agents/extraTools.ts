/**
 * `--extra-tools N` (the paper's open question: how does performance scale with the number of
 * tools?): N plausible but irrelevant tools added to every available specialist, through the
 * runtime's specialist factories. Each decoy has a strict schema and answers deterministically, so
 * a model that calls one gets a sensible result and pays only in tool-use score.
 */
import { z } from 'zod';
import type { SpecialistFactory } from '../../agents/index.ts';
import { bindTool, defineTool, type BoundTool } from '../../tools/tool.ts';

interface Decoy {
  name: string;
  description: string;
  shape: Record<string, z.ZodType>;
  answer(args: Record<string, unknown>): Record<string, unknown>;
}

const num = (d: string) => z.number().describe(d);
const str = (d: string) => z.string().describe(d);
const n = (v: unknown) => Number(v) || 0;

export const DECOYS: readonly Decoy[] = [
  { name: 'estimate_material_cost', description: 'Estimate the raw material cost of a part from its volume and material.', shape: { material: str('material name, e.g. PLA, steel'), volume_mm3: num('part volume in mm³, > 0') }, answer: (a) => ({ cost_eur: Number((n(a.volume_mm3) * 2.4e-5).toFixed(2)) }) },
  { name: 'lookup_material_properties', description: "Look up a material's density, Young's modulus and yield strength.", shape: { material: str('material name') }, answer: (a) => ({ material: a.material, density_kg_m3: 1240, youngs_modulus_gpa: 3.5, yield_mpa: 60 }) },
  { name: 'convert_units', description: 'Convert a value between length, force or pressure units.', shape: { value: num('the value'), from: str('unit, e.g. mm'), to: str('unit, e.g. in') }, answer: (a) => ({ value: a.value, from: a.from, to: a.to, note: 'conversion factor 1 assumed for unknown pairs' }) },
  { name: 'check_print_bed_fit', description: "Check whether a part's bounding box fits a 3-D printer's bed.", shape: { width_mm: num('mm'), depth_mm: num('mm'), height_mm: num('mm') }, answer: (a) => ({ fits: n(a.width_mm) <= 250 && n(a.depth_mm) <= 210 && n(a.height_mm) <= 220 }) },
  { name: 'compute_beam_deflection', description: 'Tip deflection of a cantilever beam under a point load (Euler–Bernoulli).', shape: { length_mm: num('mm'), load_n: num('N'), youngs_modulus_gpa: num('GPa'), inertia_mm4: num('mm⁴') }, answer: (a) => ({ deflection_mm: (n(a.load_n) * n(a.length_mm) ** 3) / (3 * n(a.youngs_modulus_gpa) * 1000 * Math.max(1e-9, n(a.inertia_mm4))) }) },
  { name: 'list_standard_sections', description: 'List standard steel sections (IPE, HEA, …) of a standard.', shape: { standard: str('e.g. EN 10365') }, answer: () => ({ sections: ['IPE 100', 'IPE 120', 'HEA 100'] }) },
  { name: 'estimate_print_time', description: 'Estimate the print time of a part from its volume and layer height.', shape: { volume_mm3: num('mm³'), layer_height_mm: num('mm, 0.05–0.4') }, answer: (a) => ({ hours: Number((n(a.volume_mm3) / 9000 / Math.max(0.05, n(a.layer_height_mm))).toFixed(1)) }) },
  { name: 'compute_stress_concentration', description: 'Stress concentration factor Kt of a notch geometry.', shape: { geometry: str('e.g. hole-in-plate'), ratio: num('d/w, 0–1') }, answer: (a) => ({ kt: Number((3 - 3.13 * n(a.ratio) + 3.66 * n(a.ratio) ** 2).toFixed(3)) }) },
  { name: 'search_supplier_catalog', description: "Search a supplier's catalogue of stock materials and fasteners.", shape: { query: str('what to look for') }, answer: (a) => ({ query: a.query, items: [] }) },
  { name: 'compute_mass', description: 'Mass of a part from its volume and density.', shape: { volume_mm3: num('mm³'), density_kg_m3: num('kg/m³') }, answer: (a) => ({ mass_kg: (n(a.volume_mm3) * 1e-9) * n(a.density_kg_m3) }) },
  { name: 'get_safety_factor_guidelines', description: 'Recommended safety factors for an industry.', shape: { industry: str('e.g. aerospace') }, answer: () => ({ static: 1.5, fatigue: 2 }) },
  { name: 'schedule_design_review', description: 'Schedule a design review meeting.', shape: { date: str('ISO date'), attendees: z.array(z.string()).describe('names') }, answer: (a) => ({ scheduled: a.date }) },
  { name: 'compute_natural_frequency', description: 'First natural frequency of a spring–mass system.', shape: { stiffness_n_m: num('N/m'), mass_kg: num('kg') }, answer: (a) => ({ hz: Math.sqrt(n(a.stiffness_n_m) / Math.max(1e-9, n(a.mass_kg))) / (2 * Math.PI) }) },
  { name: 'check_tolerance_stackup', description: 'Worst-case and RSS tolerance stack-up of a chain of dimensions.', shape: { tolerances_mm: z.array(z.number()).describe('± tolerances in mm') }, answer: (a) => ({ worst_case_mm: ((a.tolerances_mm as number[]) ?? []).reduce((s, t) => s + Math.abs(t), 0) }) },
  { name: 'fetch_weather_forecast', description: 'Weather forecast for a city (for outdoor testing).', shape: { city: str('city name') }, answer: (a) => ({ city: a.city, forecast: 'unavailable offline' }) },
  { name: 'send_notification', description: 'Send a short notification to the project channel.', shape: { message: str('text') }, answer: () => ({ sent: false, reason: 'no channel configured' }) },
  { name: 'compute_fatigue_life', description: 'Cycles to failure from a stress amplitude (Basquin).', shape: { stress_amplitude_mpa: num('MPa'), material: str('material') }, answer: (a) => ({ cycles: Math.round(1e6 * (100 / Math.max(1, n(a.stress_amplitude_mpa))) ** 8) }) },
  { name: 'estimate_carbon_footprint', description: 'CO₂ footprint of a part from material and mass.', shape: { material: str('material'), mass_kg: num('kg') }, answer: (a) => ({ kg_co2: n(a.mass_kg) * 3.2 }) },
  { name: 'lookup_thermal_conductivity', description: 'Thermal conductivity of a material.', shape: { material: str('material') }, answer: () => ({ w_m_k: 0.13 }) },
  { name: 'generate_bill_of_materials', description: 'Generate a bill of materials for an assembly.', shape: { assembly: str('assembly name') }, answer: (a) => ({ assembly: a.assembly, lines: [] }) },
];

/** The first n decoys (names repeat with a _2, _3 … suffix beyond the bank), none clashing with `taken`. */
export function decoyTools(count: number, taken: ReadonlySet<string>): BoundTool[] {
  const out: BoundTool[] = [];
  for (let k = 0; out.length < count; k++) {
    const base = DECOYS[k % DECOYS.length];
    const round = Math.floor(k / DECOYS.length);
    const name = round ? `${base.name}_${round + 1}` : base.name;
    if (taken.has(name)) continue;
    const tool = defineTool({ name, description: base.description, schema: z.strictObject(base.shape), run: async (args) => ({ result: base.answer(args as Record<string, unknown>) }) });
    out.push(bindTool(tool, {}));
  }
  return out;
}

/** The factory with `count` decoy tools added to its specialist (when it is available). */
export function withExtraTools(factory: SpecialistFactory, count: number): SpecialistFactory {
  if (count <= 0) return factory;
  return async (deps) => {
    const s = await factory(deps);
    if (!s.availability.available) return s;
    return { ...s, tools: [...s.tools, ...decoyTools(count, new Set(s.tools.map((t) => t.name)))] };
  };
}
