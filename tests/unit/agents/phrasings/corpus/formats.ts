/** Phrasings of form: key=value and JSON, typos, synonyms, "mesh", ranges, settings that do not exist. */
import type { Phrasing } from '../harness.ts';
import { beam, one, photonics, render, sim, stl, thermo } from './helpers.ts';

const B = { volfrac: 0.4, rmin: 2, forcedist: 0.5 };
const P = { lambda1: 1.5, lambda2: 1.3, blur_radius: 2 };

export const FORMATS: Phrasing[] = [
  // key=value, JSON, YAML-ish, CLI-ish
  one('json-1', 'json', 'beams2d {"volfrac": 0.5, "rmin": 3, "forcedist": 0.2}', { calls: beam({ volfrac: 0.5, rmin: 3, forcedist: 0.2 }) }),
  one('json-2', 'json', 'optimize {"problem": "beams2d", "conditions": {"volfrac": 0.4, "rmin": 2, "forcedist": 0.1}}', { calls: beam({ volfrac: 0.4, rmin: 2, forcedist: 0.1 }) }),
  one('json-3', 'json', 'volfrac=0.3 rmin=2 forcedist=0.6 beams2d', { calls: beam({ volfrac: 0.3, rmin: 2, forcedist: 0.6 }) }),
  one('json-4', 'json', 'problem: photonics2d, lambda1: 1.4, lambda2: 1.2, blur_radius: 1', { calls: photonics({ lambda1: 1.4, lambda2: 1.2, blur_radius: 1 }) }),
  one('json-5', 'json', '{"lambda1": 1.5, "lambda2": 1.3, "blur_radius": 3, "num_elems_x": 130}', { calls: photonics({ lambda1: 1.5, lambda2: 1.3, blur_radius: 3 }, { num_elems_x: 130 }) }),
  one('json-6', 'json', 'beams2d volfrac:0.4 rmin:2.5 forcedist:0 max_iter:40 nelx:60 nely:30', { calls: beam({ volfrac: 0.4, rmin: 2.5, forcedist: 0 }, { max_iter: 40, nelx: 60, nely: 30 }) }),
  one('json-7', 'json', 'Optimize a beam with {"volfrac": "0.45", "rmin": "2", "forcedist": "0.3"}', { calls: beam({ volfrac: 0.45, rmin: 2, forcedist: 0.3 }) }),
  one('json-8', 'json', 'optimize beams2d volfrack=0.3 rmin=2 forcedist=0.5', { calls: beam({ volfrac: 0.3, rmin: 2, forcedist: 0.5 }) }),
  one('json-9', 'json', 'optimize beams2d --volfrac 0.4 --rmin 2 --forcedist 0.3 --max-iter 25', { calls: beam({ volfrac: 0.4, rmin: 2, forcedist: 0.3 }, { max_iter: 25 }) }),
  one('json-10', 'json', 'beams2d: volfrac=0.4; rmin=3; forcedist=0.9; overhang_constraint=0', { calls: beam({ volfrac: 0.4, rmin: 3, forcedist: 0.9, overhang_constraint: false }) }),
  one('json-11', 'json', 'Optimize beams2d:\nvolfrac: 0.35\nrmin: 2\nforcedist: 0.75\npenal: 3.5', { calls: beam({ volfrac: 0.35, rmin: 2, forcedist: 0.75 }, { penal: 3.5 }) }),
  one('json-12', 'json', 'thermoelastic2d {"volfrac": 0.3, "weight": 0.2, "max_iter": 80, "exact_gradient": true}', { calls: thermo({ volfrac: 0.3, weight: 0.2 }, { max_iter: 80, exact_gradient: true }) }),

  // misspelt words and bare problem ids
  one('typo-1', 'typos', 'optimze a bem with volfrac 0.4, rmin 2, forcedist 0.5', { calls: beam(B) }),
  one('typo-2', 'typos', 'Optimise the beems2d with volume fracton 0.3, filtr radius 2 and forcedist 0.1', { calls: beam({ volfrac: 0.3, rmin: 2, forcedist: 0.1 }) }),
  one('typo-3', 'typos', 'beams2d volfrac 0.4 rmin 2 forcedist 0.5, simualte and rendr it', { calls: [...beam(B), sim(), render()] }),
  one('typo-4', 'typos', 'optimize a photnic demultiplexor with lambda1 1.5, lambda2 1.3 and blurr radius 2', { calls: photonics(P) }),
  one('typo-5', 'typos', 'optimize a thermoelastc plate with volfrac 0.3 and weight 0.6', { calls: thermo({ volfrac: 0.3, weight: 0.6 }) }),
  one('typo-6', 'typos', 'bemas2d with volfrac 0.4, rmin 2, forcedist 0.5', { calls: beam(B) }),
  one('typo-7', 'typos', 'optmize beam2d volfrac 0.5 rmin 1.5 forcedist 0.25', { calls: beam({ volfrac: 0.5, rmin: 1.5, forcedist: 0.25 }) }),
  one('typo-8', 'typos', 'demultiplexer with wavelenghts 1.3 and 1.5 and blur radius 2', { calls: photonics({ lambda1: 1.3, lambda2: 1.5, blur_radius: 2 }) }),
  one('typo-9', 'typos', 'optimize a beam, volfrac 0.4, rmin 2, forcedist 0.5 and exprot an stl', { calls: [...beam(B), stl()] }),
  one('typo-10', 'typos', 'optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5 and 30 iteratoins', { calls: beam(B, { max_iter: 30 }) }),
  one('typo-11', 'typos', 'Beams 2D please: volfrac 0.3, rmin 2, forcedist 0.5', { calls: beam({ volfrac: 0.3, rmin: 2, forcedist: 0.5 }) }),
  one('typo-12', 'typos', 'beams2d', { calls: beam(B), ask: { missing: ['volfrac', 'rmin', 'forcedist'] } }, ['0.4, 2, 0.5']),
  one('typo-13', 'typos', 'optimize a cantilver with volfrac 0.4, rmin 2 and forcedist 0.5', { calls: beam(B), says: [/cantilever/] }),

  // synonyms
  one('syn-1', 'synonyms', 'Optimize a beam with volfrac 0.4 and rmin 2, the load positioned at 0.7', { calls: beam({ volfrac: 0.4, rmin: 2, forcedist: 0.7 }) }),
  one('syn-2', 'synonyms', 'Optimize a beam with the force located at 0.25, volume fraction 0.4 and filter radius 2', { calls: beam({ volfrac: 0.4, rmin: 2, forcedist: 0.25 }) }),
  one('syn-3', 'synonyms', 'Optimize a beam with volfrac 0.4, a minimum filter size of 2.5 and forcedist 0.5', { calls: beam({ volfrac: 0.4, rmin: 2.5, forcedist: 0.5 }) }),
  one('syn-4', 'synonyms', 'Optimize a beam with a material budget of 30%, rmin 2 and forcedist 0.5', { calls: beam({ volfrac: 0.3, rmin: 2, forcedist: 0.5 }) }),
  one('syn-5', 'synonyms', 'Optimize a beam that may use 40% of the material, filter size 3, load placed at 0.9 of the span', { calls: beam({ volfrac: 0.4, rmin: 3, forcedist: 0.9 }) }),
  one('syn-6', 'synonyms', 'Optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5, penalization power 3.5 and an iteration limit of 60', { calls: beam(B, { penal: 3.5, max_iter: 60 }) }),
  one('syn-7', 'synonyms', 'Optimize a beam with volfrac 0.4, min feature size 2, and a point load at 0.3', { calls: beam({ volfrac: 0.4, rmin: 2, forcedist: 0.3 }) }),
  one('syn-8', 'synonyms', 'Optimize a wavelength splitter with lambda1 1.5, lambda2 1.3, smoothing radius 1, learning rate 0.05 and 200 Adam steps', {
    calls: photonics({ lambda1: 1.5, lambda2: 1.3, blur_radius: 1 }, { step_size: 0.05, num_optimization_steps: 200 }),
  }),
  one('syn-9', 'synonyms', 'Optimize thermoelastic2d with target density 0.35 and objective weight 0.6', { calls: thermo({ volfrac: 0.35, weight: 0.6 }) }),
  one('syn-10', 'synonyms', 'Optimize photonics2d with lambda1 1.5, lambda2 1.3, blur radius 2 and projection threshold 0.6', { calls: photonics(P, { eta: 0.6 }) }),
  one('syn-11', 'synonyms', 'Run a topology optimization of the beam with 30 % material, load in the middle and filter radius 2', { calls: beam({ volfrac: 0.3, rmin: 2, forcedist: 0 }), says: [/middle/] }),
  one('syn-12', 'synonyms', 'Optimize a beam with volfrac 0.4, a density filter with radius 2 and the load located at 0.5', { calls: beam(B) }),
  one('syn-13', 'synonyms', 'Optimize a beam with solid fraction 0.35, length scale 3 and load position 0.6', { calls: beam({ volfrac: 0.35, rmin: 3, forcedist: 0.6 }) }),
  one('syn-14', 'synonyms', 'Optimize a beam with volfrac 0.4, rmin 2 and forcedist 0.5, SIMP penalty 4, at most 80 iterations', { calls: beam(B, { penal: 4, max_iter: 80 }) }),
  one('syn-15', 'synonyms', 'Optimize photonics2d, first wavelength 1.5, second wavelength 1.3, disk blur 2, starting beta 2 and final beta 200', { calls: photonics(P, { initial_beta: 2, max_beta: 200 }) }),
  one('syn-16', 'synonyms', 'Optimize a thermo-elastic plate with a volume fraction of 0.3, structural weight 0.9 and 40 iterations', { calls: thermo({ volfrac: 0.3, weight: 0.9 }, { max_iter: 40 }) }),

  // "mesh" is a grid word, not an export
  one('mesh-1', 'mesh', 'Optimize a beam with volfrac 0.4, rmin 2 and forcedist 0.5 on a 60x30 mesh', { calls: beam(B, { nelx: 60, nely: 30 }) }),
  one('mesh-2', 'mesh', 'Optimize a beam with volfrac 0.4, rmin 2 and forcedist 0.5 and show me the mesh', { calls: [...beam(B), render()] }),
  one('mesh-3', 'mesh', 'Optimize a beam with volfrac 0.4, rmin 2 and forcedist 0.5, mesh resolution 80x40', { calls: beam(B, { nelx: 80, nely: 40 }) }),
  one('mesh-4', 'mesh', 'Optimize a beam with volfrac 0.4, rmin 2 and forcedist 0.5, then export the mesh as STL', { calls: [...beam(B), stl()] }),
  one('mesh-5', 'mesh', 'Optimize a beam with volfrac 0.4, rmin 2 and forcedist 0.5 and simulate it on the mesh', { calls: [...beam(B), sim()] }),
  one('mesh-6', 'mesh', 'What does the optimized beam look like on a 40 by 20 mesh with volfrac 0.4, rmin 2 and forcedist 0.5?', { calls: [...beam(B, { nelx: 40, nely: 20 }), render()] }),

  // values outside their range are asked about
  one('range-1', 'ranges', 'Optimize a beam with volfrac 1.5, rmin 2 and forcedist 0.5', { calls: beam(B), ask: { missing: ['volfrac'], says: /outside the allowed range/ } }, ['0.4']),
  one('range-2', 'ranges', 'Optimize photonics2d with lambda1 1.5, lambda2 1.3 and blur radius 2.5', { calls: photonics(P), ask: { missing: ['blur_radius'], says: /whole number/ } }, ['2']),
  one('range-3', 'ranges', 'Optimize photonics2d with lambda1 0.3, lambda2 1.3 and blur radius 2', { calls: photonics(P), ask: { missing: ['lambda1'] } }, ['1.5']),
  one('range-4', 'ranges', 'Optimize a beam with volfrac 0.4, rmin -1 and forcedist 0.5', { calls: beam(B), ask: { missing: ['rmin'] } }, ['2']),
  one('range-5', 'ranges', 'Optimize a beam with volfrac 40, rmin 2 and forcedist 0.5', { calls: beam(B), ask: { missing: ['volfrac'], says: /did you mean volfrac 0\.4/i } }, ['yes']),
  one('range-6', 'ranges', 'Optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5 and max_iter 10.5', { calls: beam(B, { max_iter: 11 }), ask: { missing: ['max_iter'] } }, ['yes']),

  // settings and numbers that belong to no field are reported
  one('na-1', 'notApplied', 'Optimize a beam with volfrac 0.4, rmin 2 and forcedist 0.5 with 3 supports', { calls: beam(B), notApplied: ['3 supports'] }),
  one('na-2', 'notApplied', 'Optimize beams2d with volfrac=0.4, rmin=2, forcedist=0.5, youngs_modulus=210', { calls: beam(B), notApplied: ['youngs_modulus'] }),
  one('na-3', 'notApplied', 'Optimize a beam with volfrac 0.4, rmin 2 and forcedist 0.5 and a safety factor of 1.5', { calls: beam(B), notApplied: ['1.5'] }),
  one('na-4', 'notApplied', 'Optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5 and a Poisson ratio of 0.3', { calls: beam(B), notApplied: ['0.3'] }),
  one('na-5', 'notApplied', 'Optimize photonics2d with lambda1 1.5, lambda2 1.3, blur radius 2 and 4 output ports', { calls: photonics(P), notApplied: ['4 output'] }),
  one('na-6', 'notApplied', 'Optimize beams2d, volfrac 0.4, rmin 2, forcedist 0.5, mesh_quality=2', { calls: beam(B), notApplied: ['mesh_quality'] }),
  one('na-7', 'notApplied', 'Optimize a beam with volfrac 0.4, rmin 2 and forcedist 0.5 at 20 degrees', { calls: beam(B), notApplied: ['20 degrees'] }),
  one('na-8', 'notApplied', 'Optimize thermoelastic2d with volfrac 0.3, weight 0.5 and a heat flux of 5', { calls: thermo({ volfrac: 0.3, weight: 0.5 }), notApplied: ['5'] }),
];
