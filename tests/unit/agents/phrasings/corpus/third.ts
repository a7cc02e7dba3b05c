/** A third set, written to probe the reader: chatty text, ranges, stray numbers, odd formats. */
import type { Phrasing } from '../harness.ts';
import { beam, beamAll, compare, one, photonics, render, setup, sim, stl, thermo, thread } from './helpers.ts';

const T1 = 'Optimize a beam with volfrac 0.3, rmin 2 and forcedist 0.5 on a 40x20 grid';
const C1 = beamAll({ volfrac: 0.3, rmin: 2, forcedist: 0.5 });
const G = { nelx: 40, nely: 20 };
const B = { volfrac: 0.3, rmin: 2, forcedist: 0.5 };

export const PHRASINGS: Phrasing[] = [
  one('t-1', 'ranges', 'Optimize a beam with volfrac between 0.3 and 0.4, rmin 2 and forcedist 0.5', { calls: beam({ volfrac: 0.35, rmin: 2, forcedist: 0.5 }), ask: { missing: ['volfrac'] } }, ['0.35']),
  one('t-2', 'ranges', 'Optimize a beam with volfrac 0.3, rmin 2-3 and forcedist 0.5', { calls: beam({ volfrac: 0.3, rmin: 2.5, forcedist: 0.5 }), ask: { missing: ['rmin'] } }, ['2.5']),
  one('t-3', 'ranges', 'Optimize a beam with volfrac 0.3 or 0.4, rmin 2 and forcedist 0.5', { calls: beam({ volfrac: 0.4, rmin: 2, forcedist: 0.5 }), ask: { missing: ['volfrac'] } }, ['0.4']),
  one('t-4', 'notApplied', 'I have 2 questions. First, optimize a beam with volfrac 0.3, rmin 2 and forcedist 0.5', { calls: beam(B), notApplied: ['2 questions'] }),
  one('t-5', 'synonyms', 'Optimize a beam, load at 75% of the span, 30% material, rmin 2', { calls: beam({ volfrac: 0.3, rmin: 2, forcedist: 0.75 }) }),
  one('t-6', 'synonyms', 'Optimize a beam with vol. frac. 0.3, r_min 2, force_dist 0.5', { calls: beam(B) }),
  one('t-7', 'synonyms', 'Optimize a beam: V_f = 0.3, rmin = 2, load position = 0.5', { calls: beam(B) }),
  one('t-8', 'synonyms', 'Optimize a beam, volfrac of .3, rmin of 2, forcedist of .5', { calls: beam(B) }),
  one('t-9', 'baseline', 'Hello, I am working on a bridge project for 3 years now. Could you optimize a beam for me with volfrac 0.3, rmin 2 and forcedist 0.5?', { calls: beam(B), notApplied: ['3 years'] }),
  one('t-10', 'booleans', 'Optimize a beam with volfrac 0.3, rmin 2 and forcedist 0.5. Overhang: false. Render it.', { calls: [...beam({ ...B, overhang_constraint: false }), render()] }),
  one('t-11', 'booleans', 'Optimize a beam with volfrac 0.3, rmin 2 and forcedist 0.5 (overhang constraint OFF)', { calls: beam({ ...B, overhang_constraint: false }) }),
  one('t-12', 'booleans', 'Optimize a beam with volfrac 0.3, rmin 2 and forcedist 0.5, and make it self-supporting for printing', { calls: beam({ ...B, overhang_constraint: true }) }),
  one('t-13', 'grids', 'Optimize a beam with volfrac 0.3, rmin 2 and forcedist 0.5, 80 elements wide and 40 elements high', { calls: beam(B, { nelx: 80, nely: 40 }) }),
  one('t-14', 'grids', 'Optimize a beam with volfrac 0.3, rmin 2 and forcedist 0.5. Grid: 50x25. Iterations: 40.', { calls: beam(B, { nelx: 50, nely: 25, max_iter: 40 }) }),
  one('t-15', 'grids', 'Optimize a beam with volfrac 0.3, rmin 2 and forcedist 0.5, resolution 64 x 32', { calls: beam(B, { nelx: 64, nely: 32 }) }),
  one('t-16', 'units', 'Optimize photonics2d with wavelengths 1550 nm and 1310 nm and blur radius 2', { calls: photonics({ lambda1: 1.55, lambda2: 1.31, blur_radius: 2 }) }),
  one('t-17', 'units', 'Optimize photonics2d: lambda1 1.5 micrometers, lambda2 1.3 micrometers, blur 2', { calls: photonics({ lambda1: 1.5, lambda2: 1.3, blur_radius: 2 }) }),
  one('t-18', 'units', 'Optimize a demultiplexer for 1.3 µm light', { calls: photonics({ lambda1: 1.3, lambda2: 1.5, blur_radius: 2 }), ask: { missing: ['lambda1', 'lambda2', 'blur_radius'] } }, ['lambda1', '1.5, 2']),
  one('t-19', 'numberWords', 'Optimize a beam with a volume fraction of thirty percent, rmin of two, and the load at point five', { calls: beam(B) }),
  one('t-20', 'numberWords', 'Optimize a beam with a volume fraction of 0.3, a filter radius of 2 and forcedist zero point five, ten iterations', { calls: beam(B, { max_iter: 10 }) }),
  one('t-21', 'json', '```json\n{"problem": "beams2d", "volfrac": 0.3, "rmin": 2, "forcedist": 0.5, "overhang_constraint": true}\n```', { calls: beam({ ...B, overhang_constraint: true }) }),
  one('t-22', 'json', 'optimize(problem="beams2d", volfrac=0.3, rmin=2, forcedist=0.5)', { calls: beam(B) }),
  one('t-23', 'json', 'beams2d | volfrac 0.3 | rmin 2 | forcedist 0.5 | nelx 60 | nely 30', { calls: beam(B, { nelx: 60, nely: 30 }) }),
  one('t-24', 'typos', 'optimse a beamm with volfrac 0.3, rmin 2, forcedist 0.5', { calls: beam(B) }),
  one('t-25', 'typos', 'Optimize a bean with volfrac 0.3, rmin 2, forcedist 0.5', { calls: beam(B) }),
  one('t-26', 'typos', 'optimize a beam with volfarc 0.3, rmin 2, forcedist 0.5', { calls: beam(B) }),
  one('t-27', 'typos', 'Optimize a beam with volfrac 0.3, rmin 2 and forcedist 0.5 and visualise the reslt', { calls: [...beam(B), render()] }),
  one('t-28', 'mesh', 'Optimize a beam with volfrac 0.3, rmin 2 and forcedist 0.5 and make a mesh of the result for printing', { calls: [...beam(B), stl()] }),
  one('t-29', 'mesh', 'Optimize a beam with volfrac 0.3, rmin 2 and forcedist 0.5; mesh: 60x30', { calls: beam(B, { nelx: 60, nely: 30 }) }),
  one('t-30', 'unavailable', 'Find me a paper that reports the optimal volume fraction for MBB beams', { calls: [], unavailable: ['rag'] }),
  one('t-31', 'unavailable', 'Launch MeshLab with the STL of the last design', { calls: [], unavailable: ['cli'] }),
  one('t-32', 'unavailable', 'Optimize a beam with volfrac 0.3, rmin 2 and forcedist 0.5, then slice it for my Prusa', { calls: beam(B), unavailable: ['prusa'] }),
  one('t-33', 'unavailable', 'Google the Young modulus of PLA', { calls: [], unavailable: ['websearch'] }),
  one('t-34', 'clarification', 'Optimize a beam, make it light', { calls: beam({ volfrac: 0.2, rmin: 2, forcedist: 0.5 }), ask: { missing: ['volfrac', 'rmin', 'forcedist'] } }, ['0.2, 2, 0.5']),
  one('t-35', 'clarification', 'Optimize a thermoelastic2d design with weight 0.4', { calls: thermo({ volfrac: 0.3, weight: 0.4 }), ask: { missing: ['volfrac'] } }, ['30%']),
  one('t-36', 'clarification', 'Optimize a beam with volfrac 0.3', { calls: beam({ volfrac: 0.3, rmin: 2.5, forcedist: 0.5 }), ask: { missing: ['rmin', 'forcedist'] } }, ['rmin 2.5, and the load at 0.5']),
  one('t-37', 'clarification', 'Optimize a beam', { calls: beam({ volfrac: 0.3, rmin: 2, forcedist: 0.5 }), ask: { missing: ['volfrac', 'rmin', 'forcedist'] } }, ['0.3 2 0.5']),
  thread('t-38', 'followUps', setup(T1), { say: 'Good. Now the same beam but with the load at 0.9', expect: { calls: beam({ ...C1, forcedist: 0.9 }, G) } }),
  thread('t-39', 'followUps', setup(T1), { say: 'can I see it?', expect: { calls: [render('#1')] } }),
  thread('t-40', 'followUps', setup(T1), { say: 'give me an STL of that design', expect: { calls: [stl('#1')] } }),
  thread('t-41', 'followUps', setup(T1), setup('try rmin 3 instead'), { say: 'which design is better?', expect: { calls: [compare('#1', '#2')] } }),
  thread('t-42', 'followUps', setup(T1), { say: 'What if the volume fraction were 0.2? Compare with the current one.', expect: { calls: [...beam({ ...C1, volfrac: 0.2 }, G), compare('#1', '#2')] } }),
  thread('t-43', 'followUps', setup(T1), { say: 'Check how the current design performs if the load moves to 0.1', expect: { calls: [sim('#1', { forcedist: 0.1 })], says: [/not optimized for/] } }),
  thread('t-44', 'followUps', setup('Optimize thermoelastic2d with volfrac 0.3 and weight 0.5 with max_iter 20'), { say: 'again with volfrac 0.4', expect: { calls: thermo({ volfrac: 0.4, rmin: 1.1, weight: 0.5 }, { max_iter: 20 }) } }),
  thread('t-45', 'followUps', setup('Optimize photonics2d with lambda1 1.5, lambda2 1.3, blur radius 2 and 10 optimization steps'), { say: 'evaluate it', expect: { calls: [sim('#1')] } }),
  thread('t-46', 'followUps', setup(T1), { say: 'double the filter radius', expect: { calls: beam({ ...C1, rmin: 4 }, G) } }),
  thread('t-47', 'followUps', setup(T1), { say: 'export it mirrored with scale_xy 2', expect: { calls: [stl('#1', { mirror_y: true, scale_xy: 2 })] } }),
  thread('t-48', 'followUps', setup(T1), setup('render it'), { say: 'and export it too', expect: { calls: [stl('#1')] } }),
];
