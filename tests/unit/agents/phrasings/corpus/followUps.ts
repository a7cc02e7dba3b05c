/** Follow-ups over several turns: changes to earlier designs, steps on them, comparisons. */
import type { Phrasing } from '../harness.ts';
import { beam, beamAll, compare, list, one, photonics, render, setup, sim, stl, thermo, thread } from './helpers.ts';

const T1 = 'Optimize a beam with volfrac 0.3, rmin 2 and forcedist 0.5 on a 40x20 grid';
const C1 = beamAll({ volfrac: 0.3, rmin: 2, forcedist: 0.5 });
const G = { nelx: 40, nely: 20 };
const P1 = 'Optimize a photonic demultiplexer with lambda1 1.5, lambda2 1.3, blur radius 2 and 20 optimization steps, then render it';
const PC = { lambda1: 1.5, lambda2: 1.3, blur_radius: 2 };
const TWO = [setup(T1), setup('Optimize a beam with volfrac 0.4, rmin 3 and forcedist 0.2 on a 40x20 grid')];

export const FOLLOW_UPS: Phrasing[] = [
  thread('fu-1', 'followUps', setup('Optimize a beam with volfrac 0.3 on a 40x20 grid, defaults for the rest'), {
    say: 'now make it 0.4 and compare',
    expect: { calls: [...beam({ ...beamAll({ volfrac: 0.4, rmin: 2, forcedist: 0 }) }, G), compare('#1', '#2')] },
  }),
  thread('fu-2', 'followUps', setup(T1), {
    say: 'now make it 0.4 and compare',
    answers: ['volfrac'],
    expect: { calls: [...beam({ ...C1, volfrac: 0.4 }, G), compare('#1', '#2')], ask: { missing: ['volfrac', 'forcedist'] } },
  }),
  thread('fu-3', 'followUps', setup(P1), { say: 'do the same with blur radius 3', expect: { calls: [...photonics({ ...PC, blur_radius: 3 }, { num_optimization_steps: 20 }), render('#2')] } }),
  thread('fu-4', 'followUps', setup(T1), { say: 'render it', expect: { calls: [render('#1')] } }),
  thread('fu-5', 'followUps', ...TWO, { say: 'export the last one', expect: { calls: [stl('#2')] } }),
  thread('fu-6', 'followUps', ...TWO, { say: 'compare the two designs', expect: { calls: [compare('#1', '#2')] } }),
  thread('fu-7', 'followUps', setup(T1), { say: 'simulate it with forcedist 0.8', expect: { calls: [sim('#1', { forcedist: 0.8 })], says: [/not optimized for/] } }),
  thread('fu-8', 'followUps', setup(T1), { say: 'try rmin 3 instead', expect: { calls: beam({ ...C1, rmin: 3 }, G) } }),
  thread('fu-9', 'followUps', setup(T1), { say: 'what about volfrac 0.5?', expect: { calls: beam({ ...C1, volfrac: 0.5 }, G) } }),
  thread('fu-10', 'followUps', setup(T1), { say: 'and with overhang?', expect: { calls: beam({ ...C1, overhang_constraint: true }, G) } }),
  thread('fu-11', 'followUps', setup(T1), { say: 'same but on a 60x30 grid', expect: { calls: beam(C1, { nelx: 60, nely: 30 }) } }),
  thread('fu-12', 'followUps', ...TWO, { say: 'render the first design', expect: { calls: [render('#1')] } }),
  thread('fu-13', 'followUps', ...TWO, setup('Optimize a beam with volfrac 0.5, rmin 2 and forcedist 0.9 on a 40x20 grid'), { say: 'compare it with the first one', expect: { calls: [compare('#1', '#3')] } }),
  thread('fu-14', 'followUps', setup(T1), { say: 'how does it perform with the load at 0.9?', expect: { calls: [sim('#1', { forcedist: 0.9 })], says: [/not optimized for/] } }),
  thread('fu-15', 'followUps', ...TWO, { say: 'list my designs', expect: { calls: [list()], says: [/Designs/] } }),
  thread('fu-16', 'followUps', ...TWO, { say: 'simulate the last design', expect: { calls: [sim('#2')] } }),
  thread('fu-17', 'followUps', setup(T1), { say: 'export it with threshold 0.4 and scale_z 5', expect: { calls: [stl('#1', { threshold: 0.4, scale_z: 5 })] } }),
  thread('fu-18', 'followUps', setup(T1), { say: 'optimize it again with volfrac 0.25 and render it', expect: { calls: [...beam({ ...C1, volfrac: 0.25 }, G), render('#2')] } }),
  thread('fu-19', 'followUps', ...TWO, { say: 'render {#1}', expect: { calls: [render('#1')] } }),
  thread('fu-20', 'followUps', ...TWO, { say: 'compare {#2} and {#1}', expect: { calls: [compare('#2', '#1')] } }),
  thread('fu-21', 'followUps', setup(T1), { say: 'make the volume fraction 0.45 and simulate it', expect: { calls: [...beam({ ...C1, volfrac: 0.45 }, G), sim('#2')] } }),
  thread('fu-22', 'followUps', setup(T1), { say: 'increase rmin to 3 and compare with the original', expect: { calls: [...beam({ ...C1, rmin: 3 }, G), compare('#1', '#2')] } }),
  thread('fu-23', 'followUps', setup(T1), { say: 'change the volume fraction from 0.3 to 0.35', expect: { calls: beam({ ...C1, volfrac: 0.35 }, G) } }),
  thread('fu-24', 'followUps', setup(T1), { say: 'rerun it with 60 iterations', expect: { calls: beam(C1, { ...G, max_iter: 60 }) } }),
  thread('fu-25', 'followUps', setup('Optimize thermoelastic2d with volfrac 0.3 and weight 0.5 with max_iter 20'), {
    say: 'now with weight 0.9, and compare them',
    expect: { calls: [...thermo({ volfrac: 0.3, rmin: 1.1, weight: 0.9 }, { max_iter: 20 }), compare('#1', '#2')] },
  }),
  thread('fu-26', 'followUps', setup(T1), { say: "what's the compliance if the load is at 0.9", expect: { calls: [sim('#1', { forcedist: 0.9 })], says: [/not optimized for/] } }),
  one('fu-27', 'followUps', 'render it', { calls: [list()], says: [/no design/i] }),
  thread('fu-28', 'followUps', setup('Optimize a beam', ['0.3, 2, 0.5']), {
    say: 'now make it 0.4 and compare',
    answers: ['the volume fraction'],
    expect: { calls: [...beam({ ...C1, volfrac: 0.4 }), compare('#1', '#2')], ask: { missing: ['volfrac', 'forcedist'] } },
  }),
  thread('fu-29', 'followUps', setup(T1), setup('now make it 0.25 and compare', ['volfrac']), { say: 'and 0.2?', expect: { calls: beam({ ...C1, volfrac: 0.2 }, G), says: [/read as volfrac 0\.2 \(the setting changed last\)/] } }),
  thread('fu-30', 'followUps', setup(P1), { say: 'simulate it with lambda1 1.4', expect: { calls: [sim('#1', { lambda1: 1.4 })], says: [/not optimized for/] } }),
  thread('fu-31', 'followUps', setup(T1), { say: 'export it as an STL mirrored, with 2 mm pixels', expect: { calls: [stl('#1', { mirror_y: true })] } }),
  thread('fu-32', 'followUps', setup(T1), { say: 'Optimize the beam again with forcedist 0.7 and show it', expect: { calls: [...beam({ ...C1, forcedist: 0.7 }, G), render('#2')] } }),
  thread('fu-33', 'followUps', setup(T1), setup('try rmin 3 instead'), { say: 'which one is stiffer?', expect: { calls: [compare('#1', '#2')] } }),
  thread('fu-34', 'followUps', setup(T1), { say: 'simulate {#1} with the load at 0.2', expect: { calls: [sim('#1', { forcedist: 0.2 })], says: [/not optimized for/] } }),
  thread('fu-35', 'followUps', setup(T1), { say: 'Now optimize a photonic demultiplexer with lambda1 1.5, lambda2 1.3 and blur radius 2', expect: { calls: photonics(PC) } }),
];
