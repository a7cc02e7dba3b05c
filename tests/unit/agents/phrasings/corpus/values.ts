/** Phrasings of values: plain requests, on/off words, grids, number words, units. */
import type { Phrasing } from '../harness.ts';
import { beam, one, photonics, render, sim, stl, thermo } from './helpers.ts';

const B = { volfrac: 0.4, rmin: 2, forcedist: 0.5 };

export const VALUES: Phrasing[] = [
  // baseline
  one('base-1', 'baseline', 'Optimize a Beams2D beam with volfrac 0.4, forcedist 0.65 and rmin 4, simulate it and render it', { calls: [...beam({ volfrac: 0.4, forcedist: 0.65, rmin: 4 }), sim(), render()] }),
  one('base-2', 'baseline', 'Optimize a photonics2d demultiplexer with lambda1 1.5, lambda2 1.3 and blur radius 2', { calls: photonics({ lambda1: 1.5, lambda2: 1.3, blur_radius: 2 }) }),
  one('base-3', 'baseline', 'Optimize a thermoelastic2d plate with volfrac 0.3 and weight 0.5 with max_iter 50', { calls: thermo({ volfrac: 0.3, weight: 0.5 }, { max_iter: 50 }) }),
  one('base-4', 'baseline', 'Run beams2d with volfrac=0.35, rmin=2, forcedist=0.5 and export an STL', { calls: [...beam({ volfrac: 0.35, rmin: 2, forcedist: 0.5 }), stl()] }),
  one('base-5', 'baseline', 'Topology-optimize an MBB beam: volume fraction 0.45, filter radius 1.5, force distance 0.2. Show me the result.', { calls: [...beam({ volfrac: 0.45, rmin: 1.5, forcedist: 0.2 }), render()] }),
  one('base-6', 'baseline', 'Optimize a beam with volfrac 0.3, rmin 3 and forcedist 1, then export it as STL with threshold 0.45, scale_z 12 and mirror_y true', {
    calls: [...beam({ volfrac: 0.3, rmin: 3, forcedist: 1 }), stl('#1', { threshold: 0.45, scale_z: 12, mirror_y: true })],
  }),
  one('base-7', 'baseline', 'Optimize a thermoelastic structure with volfrac 0.4 and weight 0.8, exact gradient on', { calls: thermo({ volfrac: 0.4, weight: 0.8 }, { exact_gradient: true }) }),
  one('base-8', 'baseline', 'optimize beams2d with volfrac 0.25, rmin 2, forcedist 0.4 and tell me the compliance', { calls: [...beam({ volfrac: 0.25, rmin: 2, forcedist: 0.4 }), sim()] }),

  // on/off words
  one('bool-1', 'booleans', 'Optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5, overhang_constraint=False', { calls: beam({ ...B, overhang_constraint: false }) }),
  one('bool-2', 'booleans', 'Optimize a beam with volfrac 0.4, rmin 2 and forcedist 0.5, overhang off', { calls: beam({ ...B, overhang_constraint: false }) }),
  one('bool-3', 'booleans', 'beam: volfrac 0.4, rmin 2, forcedist 0.5, overhang constraint: 0', { calls: beam({ ...B, overhang_constraint: false }) }),
  one('bool-4', 'booleans', 'Optimize a beam (volfrac 0.4, rmin 2, forcedist 0.5) with the overhang constraint disabled', { calls: beam({ ...B, overhang_constraint: false }) }),
  one('bool-5', 'booleans', 'Optimize a beam without overhang, volfrac 0.4, rmin 2, forcedist 0.5', { calls: beam({ ...B, overhang_constraint: false }) }),
  one('bool-6', 'booleans', 'Optimize a beam with volfrac 0.4, rmin 2 and forcedist 0.5 but no overhang constraint please', { calls: beam({ ...B, overhang_constraint: false }) }),
  one('bool-7', 'booleans', 'Optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5, overhang_constraint=True', { calls: beam({ ...B, overhang_constraint: true }) }),
  one('bool-8', 'booleans', 'Optimize a printable beam with overhang, volfrac 0.4, rmin 2, forcedist 0.5', { calls: beam({ ...B, overhang_constraint: true }) }),
  one('bool-9', 'booleans', 'Enable the overhang filter and optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5', { calls: beam({ ...B, overhang_constraint: true }) }),
  one('bool-10', 'booleans', 'beams2d {"volfrac": 0.4, "rmin": 2, "forcedist": 0.5, "overhang_constraint": false}', { calls: beam({ ...B, overhang_constraint: false }) }),
  one('bool-11', 'booleans', 'Optimize a beam. volfrac 0.4, rmin 2, forcedist 0.5. Turn off the overhang constraint.', { calls: beam({ ...B, overhang_constraint: false }) }),
  one('bool-12', 'booleans', "Optimize a beam with volfrac 0.4, rmin 2 and forcedist 0.5; don't apply the overhang constraint", { calls: beam({ ...B, overhang_constraint: false }) }),
  one('bool-13', 'booleans', 'Optimize thermoelastic2d with volfrac 0.3, weight 0.5, exact_gradient=false', { calls: thermo({ volfrac: 0.3, weight: 0.5 }, { exact_gradient: false }) }),
  one('bool-14', 'booleans', 'Optimize a beam with overhang on, volfrac 0.4, rmin 2, forcedist 0.5 on a 40x20 grid', { calls: beam({ ...B, overhang_constraint: true }, { nelx: 40, nely: 20 }) }),
  one('bool-15', 'booleans', 'thermoelastic2d volfrac 0.35 weight 0.4, use the exact adjoint gradient: yes', { calls: thermo({ volfrac: 0.35, weight: 0.4 }, { exact_gradient: true }) }),

  // grids
  one('grid-1', 'grids', 'Optimize a beam with volfrac 0.4, rmin 2 and forcedist 0.5 on a 60 by 30 grid', { calls: beam(B, { nelx: 60, nely: 30 }) }),
  one('grid-2', 'grids', 'Optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5, nx=48, ny=24', { calls: beam(B, { nelx: 48, nely: 24 }) }),
  one('grid-3', 'grids', 'Optimize a beam with volfrac 0.4, rmin 2 and forcedist 0.5, nelx 80 nely 40', { calls: beam(B, { nelx: 80, nely: 40 }) }),
  one('grid-4', 'grids', 'Optimize a beam with volfrac 0.4, rmin 2 and forcedist 0.5, horizontal resolution 120 and vertical resolution 60', { calls: beam(B, { nelx: 120, nely: 60 }) }),
  one('grid-5', 'grids', 'Optimize a beam with volfrac 0.4, rmin 2 and forcedist 0.5 on a 60-by-30 mesh', { calls: beam(B, { nelx: 60, nely: 30 }) }),
  one('grid-6', 'grids', 'Optimize a beam with volfrac 0.4, rmin 2 and forcedist 0.5 with 48 elements along x and 24 elements along y', { calls: beam(B, { nelx: 48, nely: 24 }) }),
  one('grid-7', 'grids', 'Optimize a photonic demultiplexer with lambda1 1.5, lambda2 1.3 and blur radius 2 on a 120x150 grid', { calls: photonics({ lambda1: 1.5, lambda2: 1.3, blur_radius: 2 }, { num_elems_x: 120, num_elems_y: 150 }) }),
  one('grid-8', 'grids', 'Optimize photonics2d with lambda1 1.5, lambda2 1.3, blur radius 2 and horizontal resolution 130', { calls: photonics({ lambda1: 1.5, lambda2: 1.3, blur_radius: 2 }, { num_elems_x: 130 }) }),
  one('grid-9', 'grids', 'Optimize a thermoelastic2d plate with volfrac 0.3 and weight 0.5 on a 60x30 grid', { calls: thermo({ volfrac: 0.3, weight: 0.5 }), notApplied: ['60x30'] }),
  one('grid-10', 'grids', 'Optimize a beam with volfrac 0.4, rmin 2 and forcedist 0.5 at resolution 120', { calls: beam(B, { nelx: 120 }), ask: { missing: ['nelx', 'nely'] } }, ['nelx']),
  one('grid-11', 'grids', 'beam, volfrac 0.4, rmin 2, forcedist 0.5, grid 100 by 50, max_iter 30', { calls: beam(B, { nelx: 100, nely: 50, max_iter: 30 }) }),
  one('grid-12', 'grids', 'Optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5. Elements along x: 64, elements along y: 32.', { calls: beam(B, { nelx: 64, nely: 32 }) }),
  one('grid-13', 'grids', 'Optimize a beam with volfrac 0.4, rmin 2 and forcedist 0.5 using 90 x 45 elements', { calls: beam(B, { nelx: 90, nely: 45 }) }),
  one('grid-14', 'grids', 'Optimize photonics2d: lambda1 1.5, lambda2 1.3, blur 1, num_elems_x=130, num_elems_y=140, 50 steps', { calls: photonics({ lambda1: 1.5, lambda2: 1.3, blur_radius: 1 }, { num_elems_x: 130, num_elems_y: 140, num_optimization_steps: 50 }) }),

  // number words and percentages
  one('words-1', 'numberWords', 'Optimize a beam with a volume fraction of forty percent, filter radius two and the load at zero point five', { calls: beam({ volfrac: 0.4, rmin: 2, forcedist: 0.5 }) }),
  one('words-2', 'numberWords', 'Optimize a beam using a third of the material, rmin 2 and forcedist 0.5', { calls: beam({ volfrac: 0.3333333333, rmin: 2, forcedist: 0.5 }) }),
  one('words-3', 'numberWords', 'Optimize a beam with thirty-five percent material, rmin three and forcedist one half', { calls: beam({ volfrac: 0.35, rmin: 3, forcedist: 0.5 }) }),
  one('words-4', 'numberWords', 'Optimize a beam that uses half of the material, with rmin 2 and forcedist 0.2', { calls: beam({ volfrac: 0.5, rmin: 2, forcedist: 0.2 }) }),
  one('words-5', 'numberWords', 'Optimize a beam with volfrac 0.4, a filter radius of two and a half and the load at three quarters', { calls: beam({ volfrac: 0.4, rmin: 2.5, forcedist: 0.75 }) }),
  one('words-6', 'numberWords', 'Optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5 and max iterations fifty', { calls: beam(B, { max_iter: 50 }) }),
  one('words-7', 'numberWords', 'Optimize photonics2d with lambda1 1.5, lambda2 1.3, blur radius three and horizontal resolution one hundred twenty', { calls: photonics({ lambda1: 1.5, lambda2: 1.3, blur_radius: 3 }, { num_elems_x: 120 }) }),
  one('words-8', 'numberWords', 'Optimize a beam with zero point three volume fraction, rmin 2 and forcedist 0.6', { calls: beam({ volfrac: 0.3, rmin: 2, forcedist: 0.6 }) }),
  one('words-9', 'numberWords', 'Optimize a beam with volfrac point four five, rmin two, forcedist zero', { calls: beam({ volfrac: 0.45, rmin: 2, forcedist: 0 }) }),
  one('words-10', 'numberWords', 'Optimize thermoelastic2d with a volume fraction of twenty five percent and a weight of seven tenths', { calls: thermo({ volfrac: 0.25, weight: 0.7 }) }),
  one('words-11', 'numberWords', 'Optimize a beam with 30 percent of the material, rmin 1.5 and the load at 1/4 of the span', { calls: beam({ volfrac: 0.3, rmin: 1.5, forcedist: 0.25 }) }),
  one('words-12', 'numberWords', 'Optimize a beam with volfrac 3.5e-1, rmin 2 and forcedist 0.5', { calls: beam({ volfrac: 0.35, rmin: 2, forcedist: 0.5 }) }),

  // units
  one('unit-1', 'units', 'Optimize a photonic demultiplexer for wavelengths of 850 nm and 1310 nm with blur radius 2', { calls: photonics({ lambda1: 0.85, lambda2: 1.31, blur_radius: 2 }) }),
  one('unit-2', 'units', 'photonics2d: lambda1 = 1550 nm, lambda2 = 1310 nm, blur radius 2', { calls: photonics({ lambda1: 1.55, lambda2: 1.31, blur_radius: 2 }) }),
  one('unit-3', 'units', 'Optimize a demultiplexer with lambda1 1.55 µm, lambda2 1.31 um and blur 1', { calls: photonics({ lambda1: 1.55, lambda2: 1.31, blur_radius: 1 }) }),
  one('unit-4', 'units', 'Optimize photonics2d with lambda1 1550, lambda2 1310 and blur radius 2', { calls: photonics({ lambda1: 1.55, lambda2: 1.31, blur_radius: 2 }), ask: { missing: ['lambda1', 'lambda2'], says: /did you mean/i } }, ['yes']),
  one('unit-5', 'units', 'Optimize a beam with volfrac 0.4, rmin 3 mm and forcedist 0.5', { calls: beam({ volfrac: 0.4, rmin: 3, forcedist: 0.5 }), ask: { missing: ['rmin'], says: /mm/ } }, ['3']),
  one('unit-6', 'units', 'Optimize a beam with volfrac 0.4, a filter radius of 2.5 elements and forcedist 0.5', { calls: beam({ volfrac: 0.4, rmin: 2.5, forcedist: 0.5 }) }),
  one('unit-7', 'units', 'Optimize a photonic demux with wavelengths 1.3 and 1.5 microns and a 3 px blur', { calls: photonics({ lambda1: 1.3, lambda2: 1.5, blur_radius: 3 }) }),
  one('unit-8', 'units', 'Optimize photonics2d with a first wavelength of 1550 nanometers, a second wavelength of 1.3 µm and blur radius 0', { calls: photonics({ lambda1: 1.55, lambda2: 1.3, blur_radius: 0 }) }),
  one('unit-9', 'units', 'Optimize photonics2d with lambda1 0.00155 mm, lambda2 1300 nm and blur radius 2', { calls: photonics({ lambda1: 1.55, lambda2: 1.3, blur_radius: 2 }) }),
  one('unit-10', 'units', 'Optimize a beam with volfrac 0.4, rmin 2 and the load at 0.5 kN', { calls: beam({ volfrac: 0.4, rmin: 2, forcedist: 0.5 }), ask: { missing: ['forcedist'] } }, ['forcedist 0.5']),
];
