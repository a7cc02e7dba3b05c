/** A fourth set, written blind against the failure list, to check generalisation. */
import type { Phrasing } from '../harness.ts';
import { beam, beamAll, compare, list, one, photonics, render, setup, sim, stl, thermo, thread } from './helpers.ts';

const T1 = 'Optimize a beam with volfrac 0.3, rmin 2 and forcedist 0.5 on a 40x20 grid';
const C1 = beamAll({ volfrac: 0.3, rmin: 2, forcedist: 0.5 });
const G = { nelx: 40, nely: 20 };
const B = { volfrac: 0.4, rmin: 2, forcedist: 0.5 };
const P1 = 'Optimize photonics2d with lambda1 1.5, lambda2 1.3, blur radius 2 and 10 optimization steps, simulate it';

export const PHRASINGS: Phrasing[] = [
  one('f-1', 'booleans', 'optimize beams2d volfrac=0.4 rmin=2 forcedist=0.5 overhang_constraint=false', { calls: beam({ ...B, overhang_constraint: false }) }),
  one('f-2', 'booleans', 'Optimize a beam, volfrac 0.4, rmin 2, forcedist 0.5, overhang: False', { calls: beam({ ...B, overhang_constraint: false }) }),
  one('f-3', 'booleans', 'Optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5 and overhang=no', { calls: beam({ ...B, overhang_constraint: false }) }),
  one('f-4', 'booleans', 'Optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5, overhang_constraint 0', { calls: beam({ ...B, overhang_constraint: false }) }),
  one('f-5', 'booleans', 'Optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5 with overhang constraint enabled', { calls: beam({ ...B, overhang_constraint: true }) }),
  one('f-6', 'grids', 'Optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5 and vertical resolution 30', { calls: beam(B, { nely: 30 }) }),
  one('f-7', 'grids', 'Optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5, nelx=80, nely=40', { calls: beam(B, { nelx: 80, nely: 40 }) }),
  one('f-8', 'grids', 'Optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5 on a 120 x 60 grid', { calls: beam(B, { nelx: 120, nely: 60 }) }),
  one('f-9', 'grids', 'Optimize photonics2d with lambda1 1.5, lambda2 1.3, blur radius 2, nx=110, ny=130', { calls: photonics({ lambda1: 1.5, lambda2: 1.3, blur_radius: 2 }, { num_elems_x: 110, num_elems_y: 130 }) }),
  one('f-10', 'numberWords', 'Optimize a beam using forty percent of the material, a filter radius of two and forcedist zero point five', { calls: beam(B) }),
  one('f-11', 'numberWords', 'Optimize a beam with zero point four volume fraction, rmin of 2 and forcedist .5', { calls: beam(B) }),
  one('f-12', 'numberWords', 'Optimize a beam with volfrac two fifths, rmin two, forcedist one half', { calls: beam(B) }),
  one('f-13', 'units', 'Optimize photonics2d with lambda1 850 nm, lambda2 1.3 microns, blur radius 2', { calls: photonics({ lambda1: 0.85, lambda2: 1.3, blur_radius: 2 }) }),
  one('f-14', 'units', 'photonic demultiplexer: lambda1 1550nm, lambda2 1310nm, blur 3', { calls: photonics({ lambda1: 1.55, lambda2: 1.31, blur_radius: 3 }) }),
  one('f-15', 'json', 'Optimize a beam with "volfrac": 0.4, "rmin": 2, "forcedist": 0.5', { calls: beam(B) }),
  one('f-16', 'json', '{"volfrac":0.4,"rmin":2,"forcedist":0.5,"nelx":60,"nely":30} beams2d', { calls: beam(B, { nelx: 60, nely: 30 }) }),
  one('f-17', 'json', 'beams2d\nvolfrac: 0.4\nrmin: 2\nforcedist: 0.5', { calls: beam(B) }),
  one('f-18', 'typos', 'optimze a bem, volfrac 0.4 rmin 2 forcedist 0.5, then simualte it', { calls: [...beam(B), sim()] }),
  one('f-19', 'typos', 'optimize Beams2D: volfrac 0.4, rmin 2, forcedist 0.5', { calls: beam(B) }),
  one('f-20', 'typos', 'beams2d volfrac 0.4 rmin 2 forcedist 0.5', { calls: beam(B) }),
  one('f-21', 'typos', 'Optimize a beam with volum fraction 0.4, rmin 2, forcdist 0.5', { calls: beam(B) }),
  one('f-22', 'synonyms', 'Optimize a beam with volfrac 0.4, minimum filter size 2 and the load located at 0.5', { calls: beam(B) }),
  one('f-23', 'synonyms', 'Optimize a beam with material fraction 0.4, filter radius 2 and the force positioned at 0.5', { calls: beam(B) }),
  one('f-24', 'synonyms', 'I would like a beam with a 0.4 volume fraction, a 2 element filter and a load at 0.5', { calls: beam(B) }),
  one('f-25', 'mesh', 'Optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5 on a fine mesh', { calls: beam(B) }),
  one('f-26', 'mesh', 'Optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5 with a mesh of 80 by 40', { calls: beam(B, { nelx: 80, nely: 40 }) }),
  one('f-27', 'unavailable', 'Search the web for the best filter radius and then optimize a beam with volfrac 0.4 and forcedist 0.5', { calls: beam(B), ask: { missing: ['rmin'] }, unavailable: ['websearch'] }, ['2']),
  one('f-28', 'unavailable', 'Run the beam optimization on the cluster', { calls: [], unavailable: ['hpc'] }),
  one('f-29', 'unavailable', 'Optimize a beam with volfrac 0.4, rmin 2 and forcedist 0.5 and email me the STL', { calls: [...beam(B), stl()], says: [/e-?mail/i] }),
  one('f-30', 'unavailable', 'Find an arXiv paper on Beams2D and summarize it', { calls: [], unavailable: ['arxiv'] }),
  one('f-31', 'clarification', 'Optimize a beam with volfrac 0.4 and rmin 2', { calls: beam(B), ask: { missing: ['forcedist'] } }, ['forcedist 0.5']),
  one('f-32', 'clarification', 'Optimize a beam with the load in the middle and rmin 2', { calls: beam({ volfrac: 0.5, rmin: 2, forcedist: 0 }), ask: { missing: ['volfrac'] }, says: [/middle/] }, ['0.5']),
  one('f-33', 'clarification', 'optimize beams2d', { calls: beam(B), ask: { missing: ['volfrac', 'rmin', 'forcedist'] } }, ['0.4', '2, 0.5']),
  one('f-34', 'clarification', 'Optimize photonics2d', { calls: photonics({}), ask: { missing: ['lambda1', 'lambda2', 'blur_radius'] }, says: [/used the defaults/] }, ['use the defaults']),
  thread('f-35', 'followUps', setup('Optimize a beam with volfrac 0.3 on a 40x20 grid, defaults otherwise'), { say: 'Now make it 0.4 and compare.', expect: { calls: [...beam(beamAll({ volfrac: 0.4, rmin: 2, forcedist: 0 }), G), compare('#1', '#2')] } }),
  thread('f-36', 'followUps', setup(P1), { say: 'Do the same with blur radius 3', expect: { calls: [...photonics({ lambda1: 1.5, lambda2: 1.3, blur_radius: 3 }, { num_optimization_steps: 10 }), sim('#2')] } }),
  thread('f-37', 'followUps', setup(T1), { say: 'Render it.', expect: { calls: [render('#1')] } }),
  thread('f-38', 'followUps', setup(T1), setup('try volfrac 0.4'), { say: 'Export the last one.', expect: { calls: [stl('#2')] } }),
  thread('f-39', 'followUps', setup(T1), setup('try volfrac 0.4'), { say: 'Compare the two designs.', expect: { calls: [compare('#1', '#2')] } }),
  thread('f-40', 'followUps', setup(T1), { say: 'Simulate it with forcedist 0.8.', expect: { calls: [sim('#1', { forcedist: 0.8 })], says: [/not optimized for/] } }),
  thread('f-41', 'followUps', setup(T1), { say: 'what designs do I have?', expect: { calls: [list()] } }),
  thread('f-42', 'followUps', setup(T1), { say: 'Simulate the first design under a load at 0.3', expect: { calls: [sim('#1', { forcedist: 0.3 })], says: [/not optimized for/] } }),
  thread('f-43', 'followUps', setup(T1), { say: 'Re-run the last optimization with 200 iterations', expect: { calls: beam(C1, { ...G, max_iter: 200 }) } }),
  thread('f-44', 'followUps', setup(T1), { say: 'Increase the volume fraction to 0.5 and rerun', expect: { calls: beam({ ...C1, volfrac: 0.5 }, G) } }),
  thread('f-45', 'followUps', setup('Optimize thermoelastic2d with volfrac 0.3 and weight 0.5 with max_iter 20'), { say: 'do the same with weight 0.2 and render both', expect: { calls: [...thermo({ volfrac: 0.3, rmin: 1.1, weight: 0.2 }, { max_iter: 20 }), render('#2')] } }),
  thread('f-46', 'followUps', setup(T1), { say: 'now with the overhang constraint, and compare', expect: { calls: [...beam({ ...C1, overhang_constraint: true }, G), compare('#1', '#2')] } }),
  thread('f-47', 'followUps', setup(T1), { say: 'make rmin 3 and export an STL', expect: { calls: [...beam({ ...C1, rmin: 3 }, G), stl('#2')] } }),
  thread('f-48', 'followUps', setup(T1), { say: 'and the compliance of it?', expect: { calls: [sim('#1')] } }),
];
