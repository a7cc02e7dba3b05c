/** A seventh blind set: the classes in plain, varied everyday wording. */
import type { Phrasing } from '../harness.ts';
import { beam, beamAll, compare, list, one, photonics, render, setup, sim, stl, thermo, thread } from './helpers.ts';

const B = { volfrac: 0.4, rmin: 2, forcedist: 0.5 };
const P = { lambda1: 1.5, lambda2: 1.3, blur_radius: 2 };
const T1 = 'Optimize a beam with volfrac 0.3, rmin 2 and forcedist 0.5 on a 40x20 grid';
const C1 = beamAll({ volfrac: 0.3, rmin: 2, forcedist: 0.5 });
const G = { nelx: 40, nely: 20 };
const P1 = 'Optimize a demultiplexer with lambda1 1.5, lambda2 1.3, blur radius 2 and 10 optimization steps and render it';

export const PHRASINGS: Phrasing[] = [
  one('y-1', 'booleans', 'Run Beams2D (volfrac=0.4, rmin=2, forcedist=0.5) with overhang_constraint=False and show the result', { calls: [...beam({ ...B, overhang_constraint: false }), render()] }),
  one('y-2', 'booleans', 'Optimize a beam, volfrac 0.4, rmin 2, forcedist 0.5. Overhang constraint: disabled.', { calls: beam({ ...B, overhang_constraint: false }) }),
  one('y-3', 'booleans', 'Optimize a beam with volfrac 0.4, rmin 2 and forcedist 0.5, ignoring the overhang constraint', { calls: beam({ ...B, overhang_constraint: false }) }),
  one('y-4', 'booleans', 'Optimize a beam with volfrac 0.4, rmin 2 and forcedist 0.5 and the overhang constraint set to 1', { calls: beam({ ...B, overhang_constraint: true }) }),
  one('y-5', 'booleans', 'thermoelastic2d with volfrac 0.3 and weight 0.5, exact gradient off', { calls: thermo({ volfrac: 0.3, weight: 0.5 }, { exact_gradient: false }) }),
  one('y-6', 'grids', 'Optimize a beam with volfrac 0.4, rmin 2 and forcedist 0.5, grid 80 by 40', { calls: beam(B, { nelx: 80, nely: 40 }) }),
  one('y-7', 'grids', 'Optimize a beam with volfrac 0.4, rmin 2 and forcedist 0.5 with nx=48', { calls: beam(B, { nelx: 48 }) }),
  one('y-8', 'grids', 'Optimize a demultiplexer with lambda1 1.5, lambda2 1.3, blur radius 2, horizontal resolution 120 and vertical resolution 130', { calls: photonics(P, { num_elems_x: 120, num_elems_y: 130 }) }),
  one('y-9', 'grids', 'Optimize a beam with volfrac 0.4, rmin 2 and forcedist 0.5 on a 48 x 24 domain', { calls: beam(B, { nelx: 48, nely: 24 }) }),
  one('y-10', 'numberWords', 'Optimize a beam with forty percent material, a filter radius of two, and the load halfway along', { calls: beam({ volfrac: 0.4, rmin: 2, forcedist: 0.5 }), ask: { missing: ['forcedist'] } }, ['0.5']),
  one('y-11', 'numberWords', 'Optimize a beam using sixty percent of the material with rmin 3 and forcedist 1', { calls: beam({ volfrac: 0.6, rmin: 3, forcedist: 1 }) }),
  one('y-12', 'numberWords', 'optimize a beam: volume fraction zero point two five, rmin four, forcedist zero point seven five', { calls: beam({ volfrac: 0.25, rmin: 4, forcedist: 0.75 }) }),
  one('y-13', 'units', 'Optimize a photonic demultiplexer at 850 nm and 1550 nm with blur radius 2', { calls: photonics({ lambda1: 0.85, lambda2: 1.55, blur_radius: 2 }) }),
  one('y-14', 'units', 'Optimize photonics2d with lambda1 850nm, lambda2 1.31um, blur_radius 1', { calls: photonics({ lambda1: 0.85, lambda2: 1.31, blur_radius: 1 }) }),
  one('y-15', 'json', 'Optimize {"problem": "beams2d", "volfrac": 0.5, "rmin": 1.5, "forcedist": 0.25}', { calls: beam({ volfrac: 0.5, rmin: 1.5, forcedist: 0.25 }) }),
  one('y-16', 'json', 'beams2d with "volfrac": 0.5 and "rmin": 2 and "forcedist": 0', { calls: beam({ volfrac: 0.5, rmin: 2, forcedist: 0 }) }),
  one('y-17', 'json', 'params = {"lambda1": 1.4, "lambda2": 1.2, "blur_radius": 2}; run photonics2d', { calls: photonics({ lambda1: 1.4, lambda2: 1.2, blur_radius: 2 }) }),
  one('y-18', 'typos', 'optimze a bem', { calls: beam(B), ask: { missing: ['volfrac', 'rmin', 'forcedist'] } }, ['0.4, 2, 0.5']),
  one('y-19', 'typos', 'beams2d please, volfrac .4 rmin 2 forcedist .5', { calls: beam(B) }),
  one('y-20', 'typos', 'optimise a beam with volfrac 0.4 rmin 2 forcedist 0.5 and simulte + rendr', { calls: [...beam(B), sim(), render()] }),
  one('y-21', 'typos', 'Optimize a photonics demultipexer with lamda1 1.5, lamda2 1.3 and bluer radius 2', { calls: photonics(P) }),
  one('y-22', 'synonyms', 'Optimize a beam with volfrac 0.4, filter radius 2, and a point force positioned at 0.5', { calls: beam(B) }),
  one('y-23', 'synonyms', 'Optimize a beam with volfrac 0.4, the minimum filter size set to 2, and the force located at 0.5', { calls: beam(B) }),
  one('y-24', 'synonyms', 'Optimize a beam, target volume fraction 0.4, filtering radius 2, load located at x = 0.5', { calls: beam(B) }),
  one('y-25', 'mesh', 'Optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5 on a mesh', { calls: beam(B) }),
  one('y-26', 'mesh', 'Optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5 and refine the mesh to 120 by 60', { calls: beam(B, { nelx: 120, nely: 60 }) }),
  one('y-27', 'unavailable', 'Search arXiv for the latest beam papers and optimize a beam with volfrac 0.4, rmin 2 and forcedist 0.5', { calls: beam(B), unavailable: ['arxiv'] }),
  one('y-28', 'unavailable', 'Print it on the Prusa', { calls: [], unavailable: ['prusa'] }),
  one('y-29', 'unavailable', 'Submit the beam optimization as a SLURM job', { calls: [], unavailable: ['hpc'] }),
  one('y-30', 'clarification', 'Optimize a beam with volfrac 0.4 and forcedist 0.5', { calls: beam(B), ask: { missing: ['rmin'] } }, ['2.0']),
  one('y-31', 'clarification', 'Optimize a beam with rmin 2 and forcedist 0.5', { calls: beam(B), ask: { missing: ['volfrac'] } }, ['forty percent']),
  one('y-32', 'clarification', 'Optimize a beam with rmin 2', { calls: beam(B), ask: { missing: ['volfrac', 'forcedist'] } }, ['volfrac 0.4 and the load at 0.5']),
  thread('y-33', 'followUps', setup('Optimize a beam with volfrac 0.3 on a 40x20 grid, defaults for everything else'), { say: 'make it 0.4 and compare', expect: { calls: [...beam(beamAll({ volfrac: 0.4, rmin: 2, forcedist: 0 }), G), compare('#1', '#2')] } }),
  thread('y-34', 'followUps', setup(P1), { say: 'do the same with blur radius 3', expect: { calls: [...photonics({ ...P, blur_radius: 3 }, { num_optimization_steps: 10 }), render('#2')] } }),
  thread('y-35', 'followUps', setup(T1), setup('try volfrac 0.4'), { say: 'export the last one', expect: { calls: [stl('#2')] } }),
  thread('y-36', 'followUps', setup(T1), setup('try volfrac 0.4'), { say: 'compare the two designs', expect: { calls: [compare('#1', '#2')] } }),
  thread('y-37', 'followUps', setup(T1), { say: 'simulate it with forcedist 0.8', expect: { calls: [sim('#1', { forcedist: 0.8 })], says: [/not optimized for/] } }),
  thread('y-38', 'followUps', setup(T1), { say: 'render it', expect: { calls: [render('#1')] } }),
  thread('y-39', 'followUps', setup(T1), { say: 'Could you list the designs we made so far?', expect: { calls: [list()] } }),
  thread('y-40', 'followUps', setup(T1), { say: 'now with rmin 3, then render and compare with the first', expect: { calls: [...beam({ ...C1, rmin: 3 }, G), render('#2'), compare('#1', '#2')] } }),
];
