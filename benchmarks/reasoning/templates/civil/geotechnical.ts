/** Civil engineering · Geotechnical engineering: stresses in soil, settlement, earth pressure, bearing capacity. */
import { chain } from '../../chain.ts';
import { formatNumber as f } from '../../format.ts';
import { defineTemplate, type Template } from '../../template.ts';
import { add, div, mul, pow, q, sub } from '../../units.ts';
import { GAMMA_W } from '../data.ts';

const DOMAIN = 'Geotechnical engineering';
const deg = Math.PI / 180;

export const effectiveStress = defineTemplate({
  id: 'civil.effective_stress',
  title: 'Vertical effective stress below the water table',
  branch: 'civil',
  domain: DOMAIN,
  area: 'Effective stress',
  axes: { concepts: 1, mathematics: 1, depth: 2 },
  generate(r) {
    const z = r.grid(4, 20, 0.5);
    const zw = r.grid(0.5, 10, 0.5);
    const gam = r.grid(16, 19, 0.5);
    const gsat = r.grid(18, 21, 0.5);
    const c = chain();
    c.check(zw <= z - 1 && gsat > gam, 'the point lies at least 1 m below the water table; γ_sat > γ');
    const sv = c.step('σ_v', 'Total vertical stress', 'σ_v = γ·z_w + γ_sat·(z − z_w)', add(mul(q(gam, 'kN/m^3'), q(zw, 'm')), mul(q(gsat, 'kN/m^3'), q(z - zw, 'm'))), 'kPa');
    const u = c.step('u', 'Pore-water pressure', 'u = γ_w·(z − z_w)', mul(q(GAMMA_W, 'kN/m^3'), q(z - zw, 'm')), 'kPa');
    c.step("σ'_v", 'Vertical effective stress', "σ'_v = σ_v − u", sub(sv, u), 'kPa');
    return c.finish(
      `A uniform sand deposit has a unit weight of ${f(gam)} kN/m³ above the water table and a saturated unit weight of ${f(gsat)} kN/m³ below it. The water table is ${f(zw)} m below the ground surface. Taking γ_w = ${f(GAMMA_W)} kN/m³, determine the vertical effective stress at a depth of ${f(z)} m. Give the final answer in kPa.`,
      { z_m: z, zw_m: zw, gamma: gam, gamma_sat: gsat, gamma_w: GAMMA_W },
      'the vertical effective stress',
    );
  },
});

export const consolidationSettlement = defineTemplate({
  id: 'civil.consolidation_settlement',
  title: 'Primary consolidation settlement of a normally consolidated clay',
  branch: 'civil',
  domain: DOMAIN,
  area: 'Consolidation',
  axes: { concepts: 2, mathematics: 2, depth: 2 },
  generate(r) {
    const H = r.grid(2, 10, 0.5);
    const Cc = r.grid(0.15, 0.6, 0.01);
    const e0 = r.grid(0.6, 1.5, 0.05);
    const s0 = r.grid(50, 200, 5);
    const ds = r.grid(20, 150, 5);
    const c = chain();
    const sf = c.step("σ'_f", 'Final effective stress at mid-layer', "σ'_f = σ'_0 + Δσ", add(q(s0, 'kPa'), q(ds, 'kPa')), 'kPa');
    const lr = c.step('log ratio', 'Logarithm of the stress ratio', "log10(σ'_f/σ'_0)", Math.log10(div(sf, q(s0, 'kPa')) as number), '');
    c.step('S_c', 'Consolidation settlement', 'S_c = Cc·H/(1 + e0)·log10(σ\'_f/σ\'_0)', mul(Cc, div(q(H, 'm'), 1 + e0), lr), 'mm');
    return c.finish(
      `A ${f(H)} m thick layer of normally consolidated clay has a compression index Cc = ${f(Cc)} and an initial void ratio e0 = ${f(e0)}. The initial vertical effective stress at the middle of the layer is ${f(s0)} kPa, and a new embankment increases it by ${f(ds)} kPa. Determine the primary consolidation settlement of the layer. Give the final answer in mm.`,
      { H_m: H, Cc, e0, s0_kPa: s0, ds_kPa: ds },
      'the consolidation settlement',
    );
  },
});

export const rankineWallThrust = defineTemplate({
  id: 'civil.rankine_wall_thrust',
  title: 'Active thrust and overturning moment on a retaining wall (Rankine)',
  branch: 'civil',
  domain: DOMAIN,
  area: 'Lateral earth pressure',
  axes: { concepts: 2, mathematics: 2, depth: 2 },
  generate(r) {
    const phi = r.grid(26, 40, 1);
    const gam = r.grid(16, 20, 0.5);
    const H = r.grid(2, 8, 0.25);
    const c = chain();
    const Ka = c.step('K_a', 'Rankine active earth-pressure coefficient', 'K_a = tan²(45° − φ/2)', Math.pow(Math.tan((45 - phi / 2) * deg), 2), '');
    const Pa = c.step('P_a', 'Active thrust per metre of wall', 'P_a = ½·K_a·γ·H²', mul(0.5, Ka, q(gam, 'kN/m^3'), pow(q(H, 'm'), 2)), 'kN/m');
    const y = c.step('ȳ', 'Height of the thrust above the base', 'ȳ = H/3', div(q(H, 'm'), 3), 'm');
    c.step('M_o', 'Overturning moment about the toe per metre of wall', 'M_o = P_a·ȳ', mul(Pa, y), 'kN m/m');
    return c.finish(
      `A ${f(H)} m high vertical retaining wall with a smooth back supports a horizontal backfill of dry cohesionless soil with friction angle φ = ${f(phi)}° and unit weight ${f(gam)} kN/m³. Using Rankine's theory, determine the active thrust and its overturning moment about the base of the wall, per metre of wall length. Give the final answer (the overturning moment) in kN·m/m.`,
      { phi_deg: phi, gamma: gam, H_m: H },
      'the overturning moment per metre',
    );
  },
});

export const terzaghiBearing = defineTemplate({
  id: 'civil.terzaghi_bearing',
  title: 'Allowable bearing pressure of a strip footing',
  branch: 'civil',
  domain: DOMAIN,
  area: 'Bearing capacity',
  axes: { concepts: 3, mathematics: 2, depth: 3 },
  generate(r) {
    const B = r.grid(1, 3, 0.25);
    const Df = r.grid(0.5, 2, 0.25);
    const phi = r.grid(20, 36, 1);
    const coh = r.grid(0, 30, 5);
    const gam = r.grid(17, 20, 0.5);
    const FS = 3;
    const t = Math.tan(phi * deg);
    const c = chain();
    const Nq = c.step('N_q', 'Bearing-capacity factor N_q', 'N_q = e^(π·tan φ)·tan²(45° + φ/2)', Math.exp(Math.PI * t) * Math.pow(Math.tan((45 + phi / 2) * deg), 2), '') as number;
    const Nc = c.step('N_c', 'Bearing-capacity factor N_c', 'N_c = (N_q − 1)·cot φ', (Nq - 1) / t, '');
    const Ng = c.step('N_γ', 'Bearing-capacity factor N_γ (Vesić)', 'N_γ = 2·(N_q + 1)·tan φ', 2 * (Nq + 1) * t, '');
    const qo = c.step('q', 'Overburden pressure at the footing base', 'q = γ·D_f', mul(q(gam, 'kN/m^3'), q(Df, 'm')), 'kPa');
    const qu = c.step('q_ult', 'Ultimate bearing capacity', 'q_ult = c·N_c + q·N_q + ½·γ·B·N_γ', add(add(mul(q(coh, 'kPa'), Nc), mul(qo, Nq)), mul(0.5, q(gam, 'kN/m^3'), q(B, 'm'), Ng)), 'kPa');
    c.step('q_all', 'Allowable bearing pressure', 'q_all = q_ult/FS', div(qu, FS), 'kPa');
    return c.finish(
      `A strip footing ${f(B)} m wide is founded at a depth of ${f(Df)} m in a soil with cohesion c = ${f(coh)} kPa, friction angle φ = ${f(phi)}° and unit weight ${f(gam)} kN/m³ (water table deep). Using the general bearing-capacity equation with N_q = e^(π tan φ)·tan²(45° + φ/2), N_c = (N_q − 1)·cot φ and N_γ = 2(N_q + 1)·tan φ, and a factor of safety of ${FS}, determine the allowable bearing pressure. Give the final answer in kPa.`,
      { B_m: B, Df_m: Df, phi_deg: phi, c_kPa: coh, gamma: gam, FS },
      'the allowable bearing pressure',
    );
  },
});

export const geotechnical: Template[] = [effectiveStress, consolidationSettlement, rankineWallThrust, terzaghiBearing];
