/** An eighth blind set: terse engineer style, longer threads with questions in between, ids. */
import type { Phrasing } from '../harness.ts';
import { beam, beamAll, compare, one, photonics, render, setup, sim, stl, thermo, thread } from './helpers.ts';

const B = { volfrac: 0.4, rmin: 2, forcedist: 0.5 };
const P = { lambda1: 1.5, lambda2: 1.3, blur_radius: 2 };
const T1 = 'Optimize a beam with volfrac 0.3, rmin 2 and forcedist 0.5 on a 40x20 grid';
const C1 = beamAll({ volfrac: 0.3, rmin: 2, forcedist: 0.5 });
const G = { nelx: 40, nely: 20 };

export const PHRASINGS: Phrasing[] = [
  one('z-1', 'baseline', 'beams2d vf=0.4 rmin=2 fd=0.5', { calls: beam(B), ask: { missing: ['forcedist'] }, notApplied: ['fd=0.5'] }, ['0.5']),
  one('z-2', 'baseline', 'MBB, 40% vol, rmin=2, F@0.5, 60x30, 50 it', { calls: beam(B, { nelx: 60, nely: 30 }), ask: { missing: ['forcedist'] }, notApplied: ['50 it'] }, ['0.5']),
  one('z-3', 'booleans', 'beams2d volfrac 0.4 rmin 2 forcedist 0.5 overhang false', { calls: beam({ ...B, overhang_constraint: false }) }),
  one('z-4', 'booleans', 'beams2d volfrac 0.4 rmin 2 forcedist 0.5 overhang true render', { calls: [...beam({ ...B, overhang_constraint: true }), render()] }),
  one('z-5', 'grids', 'beams2d volfrac 0.4 rmin 2 forcedist 0.5 nelx 60 nely 20 maxiter 30', { calls: beam(B, { nelx: 60, nely: 20, max_iter: 30 }) }),
  one('z-6', 'grids', 'photonics2d lambda1 1.5 lambda2 1.3 blur 2 grid 100x120 steps 5', { calls: photonics(P, { num_elems_x: 100, num_elems_y: 120, num_optimization_steps: 5 }) }),
  one('z-7', 'units', 'photonics2d λ1=1.55µm λ2=1.31µm blur=2', { calls: photonics({ lambda1: 1.55, lambda2: 1.31, blur_radius: 2 }) }),
  one('z-8', 'units', 'photonics2d lambda1 1550 nm lambda2 1310 nm blur 2 simulate', { calls: [...photonics({ lambda1: 1.55, lambda2: 1.31, blur_radius: 2 }), sim()] }),
  one('z-9', 'numberWords', 'beams2d, volfrac forty percent, rmin two, forcedist a half', { calls: beam(B) }),
  one('z-10', 'json', '{"problem":"thermoelastic2d","volfrac":0.35,"weight":0.6,"max_iter":10}', { calls: thermo({ volfrac: 0.35, weight: 0.6 }, { max_iter: 10 }) }),
  one('z-11', 'typos', 'optmise bemas2d volfrac 0.4 rmin 2 forcedist 0.5 expot stl', { calls: [...beam(B), stl()] }),
  one('z-12', 'synonyms', 'beam: material 40%, filter size 2, load pos 0.5', { calls: beam(B) }),
  one('z-13', 'mesh', 'beams2d volfrac 0.4 rmin 2 forcedist 0.5 mesh 80x40 stl', { calls: [...beam(B, { nelx: 80, nely: 40 }), stl()] }),
  one('z-14', 'unavailable', 'arxiv search: topology optimization beams', { calls: [], unavailable: ['arxiv'] }),
  one('z-15', 'unavailable', 'slice + print last design', { calls: [], unavailable: ['prusa'] }),
  one('z-16', 'notApplied', 'beams2d volfrac 0.4 rmin 2 forcedist 0.5 E=70GPa nu=0.3', { calls: beam(B), notApplied: ['70', '0.3'] }),
  thread('z-17', 'followUps', setup('Optimize a beam', ['volfrac 0.3, rmin 2, forcedist 0.5']), setup('render it'), { say: 'now rmin 3 and compare', expect: { calls: [...beam({ ...C1, rmin: 3 }), compare('#1', '#2')] } }),
  thread('z-18', 'followUps', setup(T1), { say: 'simulate {#1} with forcedist 0.9 and overhang on', expect: { calls: [sim('#1', { forcedist: 0.9, overhang_constraint: true })], says: [/not optimized for/] } }),
  thread('z-19', 'followUps', setup(T1), setup('try volfrac 0.4'), setup('try volfrac 0.5'), { say: 'render the second one', expect: { calls: [render('#2')] } }),
  thread('z-20', 'followUps', setup(T1), { say: 'volfrac 0.35 pls', expect: { calls: beam({ ...C1, volfrac: 0.35 }, G) } }),
  thread('z-21', 'followUps', setup(T1), { say: 'stl w/ threshold 0.3', expect: { calls: [stl('#1', { threshold: 0.3 })] } }),
  thread('z-22', 'followUps', setup('Optimize thermoelastic2d with volfrac 0.3 and weight 0.5 with max_iter 20'), { say: 'weight 0.9 too, compare', expect: { calls: [...thermo({ volfrac: 0.3, rmin: 1.1, weight: 0.9 }, { max_iter: 20 }), compare('#1', '#2')] } }),
  thread('z-23', 'followUps', setup(T1), { say: 'compliance?', expect: { calls: [sim('#1')] } }),
  thread('z-24', 'followUps', setup(T1), { say: 'and the same on 80x40', expect: { calls: beam(C1, { nelx: 80, nely: 40 }) } }),
];
