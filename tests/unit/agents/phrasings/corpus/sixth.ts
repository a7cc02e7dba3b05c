/** A sixth blind set: markdown, questions as requests, describe, two problems, corrections, odd follow-ups. */
import type { Phrasing } from '../harness.ts';
import { beam, beamAll, compare, list, one, photonics, render, setup, sim, stl, thermo, thread } from './helpers.ts';

const B = { volfrac: 0.4, rmin: 2, forcedist: 0.5 };
const P = { lambda1: 1.5, lambda2: 1.3, blur_radius: 2 };
const T1 = 'Optimize a beam with volfrac 0.3, rmin 2 and forcedist 0.5 on a 40x20 grid';
const C1 = beamAll({ volfrac: 0.3, rmin: 2, forcedist: 0.5 });
const G = { nelx: 40, nely: 20 };

export const PHRASINGS: Phrasing[] = [
  one('x-1', 'json', 'Optimize beams2d with:\n- volfrac: 0.4\n- rmin: 2\n- forcedist: 0.5\n- overhang_constraint: false', { calls: beam({ ...B, overhang_constraint: false }) }),
  one('x-2', 'json', '**Problem:** beams2d\n**Volume fraction:** 0.4\n**Filter radius:** 2\n**Load position:** 0.5', { calls: beam(B) }),
  one('x-3', 'json', '| volfrac | rmin | forcedist |\n| 0.4 | 2 | 0.5 |\noptimize beams2d with these', { calls: beam(B), ask: { missing: ['volfrac', 'rmin', 'forcedist'] } }, ['0.4, 2, 0.5']),
  one('x-4', 'baseline', 'Can you optimize a beam with volfrac 0.4, rmin 2 and forcedist 0.5?', { calls: beam(B) }),
  one('x-5', 'baseline', 'What would an optimized beam with volfrac 0.4, rmin 2 and forcedist 0.5 look like?', { calls: [...beam(B), render()] }),
  one('x-6', 'baseline', 'What are the parameters of beams2d?', { calls: [{ tool: 'describe_problem', problem: 'beams2d' }] }),
  one('x-7', 'baseline', 'Which settings does the photonics problem have?', { calls: [{ tool: 'describe_problem', problem: 'photonics2d' }] }),
  one('x-8', 'synonyms', 'Optimize a beam with volfrac 0.4 (sorry, I meant 0.45), rmin 2 and forcedist 0.5', { calls: beam({ volfrac: 0.45, rmin: 2, forcedist: 0.5 }), says: [/correction/] }),
  one('x-9', 'booleans', 'Optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5, no overhang, 3D-printing friendly not required', { calls: beam({ ...B, overhang_constraint: false }) }),
  one('x-10', 'grids', 'Optimize a beam (volfrac 0.4, rmin 2, forcedist 0.5) using a 60×30 element grid and at most 20 iterations', { calls: beam(B, { nelx: 60, nely: 30, max_iter: 20 }) }),
  one('x-11', 'grids', 'Optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5, nelx=60 and a vertical resolution of 30', { calls: beam(B, { nelx: 60, nely: 30 }) }),
  one('x-12', 'numberWords', 'Optimize a beam with volfrac forty-five hundredths? no, volfrac 0.45, rmin 2, forcedist 0.5', { calls: beam({ volfrac: 0.45, rmin: 2, forcedist: 0.5 }), ask: { missing: ['volfrac'] } }, ['0.45']),
  one('x-13', 'numberWords', 'Optimize a beam with a volume fraction of 35 percent, rmin one and a half, forcedist nought', { calls: beam({ volfrac: 0.35, rmin: 1.5, forcedist: 0 }) }),
  one('x-14', 'units', 'Optimize photonics2d with lambda1 1.5 µm and lambda2 1300 nanometres and blur radius 2', { calls: photonics(P) }),
  one('x-15', 'units', 'Optimize a beam with volfrac 0.4, rmin 2 px and forcedist 0.5', { calls: beam(B) }),
  one('x-16', 'typos', 'Optimzie a beam wiht volfrac 0.4, rmin 2, forcedist 0.5', { calls: beam(B) }),
  one('x-17', 'typos', 'optimize a beam with volfrac0.4 rmin2 forcedist0.5', { calls: beam(B) }),
  one('x-18', 'typos', 'optimize phtonics2d lambda1 1.5 lambda2 1.3 blur 2', { calls: photonics(P) }),
  one('x-19', 'mesh', 'Optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5 and tell me how fine the mesh is', { calls: beam(B) }),
  one('x-20', 'unavailable', 'Optimize a beam with volfrac 0.4, rmin 2 and forcedist 0.5 and a photonic demultiplexer with lambda1 1.5, lambda2 1.3 and blur 2', { calls: beam(B), notApplied: ['photonics2d'] }),
  one('x-21', 'unavailable', 'Please summarize my notes about beam designs', { calls: [], unavailable: ['rag'] }),
  one('x-22', 'unavailable', 'Launch the optimizer in a terminal for beams2d', { calls: [], unavailable: ['cli'] }),
  one('x-23', 'clarification', 'Optimize a beam with a heavy load', { calls: beam(B), ask: { missing: ['volfrac', 'rmin', 'forcedist'] } }, ['0.4 / 2 / 0.5']),
  one('x-24', 'clarification', 'Optimize a beam with volfrac 0.4', { calls: beam({ volfrac: 0.4, rmin: 2 }), ask: { missing: ['rmin', 'forcedist'] }, says: [/defaults for forcedist/] }, ['rmin 2, default for the load']),
  one('x-25', 'clarification', 'Optimize thermoelastic2d with volfrac 0.3', { calls: thermo({ volfrac: 0.3, weight: 0.7 }), ask: { missing: ['weight'] } }, ['70 %']),
  one('x-26', 'notApplied', 'Optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5, version 2 of the solver', { calls: beam(B), notApplied: ['2'] }),
  thread('x-27', 'followUps', setup(T1), { say: 'perfect, now the same with volfrac 0.35 and also render both', expect: { calls: [...beam({ ...C1, volfrac: 0.35 }, G), render('#2')] } }),
  thread('x-28', 'followUps', setup(T1), { say: 'Which is its volume fraction and compliance?', expect: { calls: [sim('#1')] } }),
  thread('x-29', 'followUps', setup(T1), setup('try volfrac 0.4'), setup('try volfrac 0.5'), { say: 'compare all three', expect: { calls: [compare('#1', '#2', '#3')] } }),
  thread('x-30', 'followUps', setup(T1), setup('try volfrac 0.4'), { say: 'delete the first one', expect: { calls: [] } }),
  thread('x-31', 'followUps', setup(T1), { say: 'export it with mirror_y and scale_xy 0.5', expect: { calls: [stl('#1', { mirror_y: true, scale_xy: 0.5 })] } }),
  thread('x-32', 'followUps', setup(T1), { say: 'nelx 60 nely 30 this time', expect: { calls: beam(C1, { nelx: 60, nely: 30 }) } }),
  thread('x-33', 'followUps', setup('Optimize photonics2d with lambda1 1.5, lambda2 1.3, blur radius 2 and 10 optimization steps'), { say: 'swap the wavelengths', expect: { calls: photonics({ lambda1: 1.3, lambda2: 1.5, blur_radius: 2 }, { num_optimization_steps: 10 }) } }),
  thread('x-34', 'followUps', setup(T1), { say: 'show me all designs', expect: { calls: [list()] } }),
  thread('x-35', 'followUps', setup(T1), { say: 'Now optimise a thermoelastic2d plate with volfrac 0.3 and weight 0.5', expect: { calls: thermo({ volfrac: 0.3, weight: 0.5 }) } }),
];
