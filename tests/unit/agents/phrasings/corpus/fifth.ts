/** A fifth blind set: mixed formats, long messages, corrections within a message, other problems' follow-ups. */
import type { Phrasing } from '../harness.ts';
import { beam, beamAll, compare, one, photonics, render, setup, sim, stl, thermo, thread } from './helpers.ts';

const B = { volfrac: 0.4, rmin: 2, forcedist: 0.5 };
const P = { lambda1: 1.5, lambda2: 1.3, blur_radius: 2 };
const T1 = 'Optimize a beam with volfrac 0.3, rmin 2 and forcedist 0.5 on a 40x20 grid';
const C1 = beamAll({ volfrac: 0.3, rmin: 2, forcedist: 0.5 });
const G = { nelx: 40, nely: 20 };

export const PHRASINGS: Phrasing[] = [
  one('v-1', 'baseline', 'Good morning. For my thesis I need a Beams2D result. Settings: volfrac 0.4; rmin 2; forcedist 0.5. Please also render it and give me the compliance.', { calls: [...beam(B), sim(), render()] }),
  one('v-2', 'baseline', 'optimize beams2d with the following: volume fraction = 40%, filter radius = 2 elements, load position = 0.5', { calls: beam(B) }),
  one('v-3', 'booleans', 'Optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5, overhang constraint = OFF, 30 iterations', { calls: beam({ ...B, overhang_constraint: false }, { max_iter: 30 }) }),
  one('v-4', 'booleans', 'Optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5; the overhang filter should be disabled', { calls: beam({ ...B, overhang_constraint: false }) }),
  one('v-5', 'booleans', 'Optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5 and overhang_constraint: yes', { calls: beam({ ...B, overhang_constraint: true }) }),
  one('v-6', 'grids', 'Optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5 - grid 60 by 20 - 50 iterations', { calls: beam(B, { nelx: 60, nely: 20, max_iter: 50 }) }),
  one('v-7', 'grids', 'Optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5, with nx = 64 and ny = 32 elements', { calls: beam(B, { nelx: 64, nely: 32 }) }),
  one('v-8', 'grids', 'Optimize photonics2d with lambda1 1.5, lambda2 1.3, blur radius 2 and a vertical resolution of 150', { calls: photonics(P, { num_elems_y: 150 }) }),
  one('v-9', 'numberWords', 'Optimize a beam with a volume fraction of one third, a filter radius of three, and the load at one quarter', { calls: beam({ volfrac: 0.3333333333, rmin: 3, forcedist: 0.25 }) }),
  one('v-10', 'numberWords', 'Optimize a beam with fifty percent of the material, rmin two point five and forcedist zero', { calls: beam({ volfrac: 0.5, rmin: 2.5, forcedist: 0 }) }),
  one('v-11', 'units', 'Optimize photonics2d with lambda1 = 1.31 μm, lambda2 = 1.55 μm and a blur of 2 px', { calls: photonics({ lambda1: 1.31, lambda2: 1.55, blur_radius: 2 }) }),
  one('v-12', 'units', 'Optimize photonics2d with lambda1 0.9 um, lambda2 1200 nm, blur radius 1', { calls: photonics({ lambda1: 0.9, lambda2: 1.2, blur_radius: 1 }) }),
  one('v-13', 'json', 'run beams2d with config {"volfrac": 0.4, "rmin": 2, "forcedist": 0.5, "max_iter": 20, "penal": 3}', { calls: beam(B, { max_iter: 20, penal: 3 }) }),
  one('v-14', 'json', 'photonics2d {"lambda1": 1.5, "lambda2": 1.3, "blur_radius": 2, "num_optimization_steps": 5} then render', { calls: [...photonics(P, { num_optimization_steps: 5 }), render()] }),
  one('v-15', 'json', 'thermoelastic2d volfrac=0.3, weight=0.5, exact_gradient=True', { calls: thermo({ volfrac: 0.3, weight: 0.5 }, { exact_gradient: true }) }),
  one('v-16', 'typos', 'Optimze beams2d volfrac 0.4 rmin 2 forcedist 0.5 and rendr', { calls: [...beam(B), render()] }),
  one('v-17', 'typos', 'optimise a cantilever beam with volume frac 0.4, filter rad 2 and force dist 0.5', { calls: beam(B) }),
  one('v-18', 'typos', 'Optimize a thermo elastic plate with volfrac 0.3 and wieght 0.5', { calls: thermo({ volfrac: 0.3, weight: 0.5 }) }),
  one('v-19', 'synonyms', 'Optimize a beam with volfrac 0.4, rmin 2 and apply the load at 0.5 along the top edge', { calls: beam(B) }),
  one('v-20', 'synonyms', 'Optimize a beam with 40 % volume, filter 2 and forcedist 0.5', { calls: beam(B) }),
  one('v-21', 'synonyms', 'Optimize photonics2d for a first wavelength of 1.5 and a second of 1.3 with blur 2', { calls: photonics(P) }),
  one('v-22', 'mesh', 'Optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5; mesh 100x50; export an STL with threshold 0.5', { calls: [...beam(B, { nelx: 100, nely: 50 }), stl('#1', { threshold: 0.5 })] }),
  one('v-23', 'mesh', 'Optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5. The mesh should be 80 elements long and 40 elements high.', { calls: beam(B, { nelx: 80, nely: 40 }) }),
  one('v-24', 'unavailable', 'Optimize a beam with volfrac 0.4, rmin 2 and forcedist 0.5, then upload the STL to Dropbox', { calls: [...beam(B), stl()], says: [/upload/] }),
  one('v-25', 'unavailable', 'Can you check arxiv for new topology optimization papers and then optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5?', { calls: beam(B), unavailable: ['arxiv'] }),
  one('v-26', 'unavailable', 'Please print the last design on my 3D printer', { calls: [], unavailable: ['prusa'] }),
  one('v-27', 'clarification', 'I want to optimize a structure', { calls: [], says: [/beams2d/] }),
  one('v-28', 'clarification', 'Optimize a beam with volfrac 0.4', { calls: beam(B), ask: { missing: ['rmin', 'forcedist'] } }, ['rmin=2, forcedist=0.5']),
  one('v-29', 'clarification', 'Optimize a beam', { calls: beam(B), ask: { missing: ['volfrac', 'rmin', 'forcedist'] } }, ['40%, 2 and 0.5']),
  one('v-30', 'clarification', 'Optimize photonics2d with lambda1 1.5', { calls: photonics(P), ask: { missing: ['lambda2', 'blur_radius'] } }, ['1.3 and 2']),
  one('v-31', 'notApplied', 'Optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5 and density 7850', { calls: beam(B), notApplied: ['7850'] }),
  one('v-32', 'notApplied', 'Optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5 and seed 42', { calls: beam(B), notApplied: ['42'] }),
  thread('v-33', 'followUps', setup(T1), { say: 'Thanks! Could you now run it again with a filter radius of 3 and show me both results side by side?', expect: { calls: [...beam({ ...C1, rmin: 3 }, G), compare('#1', '#2')] } }),
  thread('v-34', 'followUps', setup(T1), { say: 'what is its compliance?', expect: { calls: [sim('#1')] } }),
  thread('v-35', 'followUps', setup(T1), { say: 'ok, export it for 3D printing with a threshold of 0.4', expect: { calls: [stl('#1', { threshold: 0.4 })] } }),
  thread('v-36', 'followUps', setup(T1), { say: 'Let us try forcedist 0.9 too', expect: { calls: beam({ ...C1, forcedist: 0.9 }, G) } }),
  thread('v-37', 'followUps', setup(T1), setup('try forcedist 0.9'), { say: 'go back to the first one and render it', expect: { calls: [render('#1')] } }),
  thread('v-38', 'followUps', setup('Optimize photonics2d with lambda1 1.5, lambda2 1.3, blur radius 2 and 10 optimization steps'), { say: 'now 20 steps', expect: { calls: photonics(P, { num_optimization_steps: 20 }) } }),
  thread('v-39', 'followUps', setup(T1), { say: 'halve the volume fraction', expect: { calls: beam({ ...C1, volfrac: 0.15 }, G) } }),
  thread('v-40', 'followUps', setup(T1), { say: 'reduce rmin by 0.5 and compare', expect: { calls: [...beam({ ...C1, rmin: 1.5 }, G), compare('#1', '#2')] } }),
];
