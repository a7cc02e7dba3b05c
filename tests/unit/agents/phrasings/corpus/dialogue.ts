/** Phrasings of dialogue: questions and their answers, and requests for agents that cannot run. */
import type { Phrasing } from '../harness.ts';
import { beam, heat, heat3, one, photonics, stl, thermo } from './helpers.ts';

const B = { volfrac: 0.4, rmin: 2, forcedist: 0.5 };

export const DIALOGUE: Phrasing[] = [
  // clarification questions and answers
  one('ask-1', 'clarification', 'Design a lightweight beam with the load near the tip', { calls: beam({ volfrac: 0.25, rmin: 3, forcedist: 1 }), ask: { missing: ['volfrac', 'rmin', 'forcedist'], says: /lightweight/ } }, ['0.25, 3 and 1']),
  one('ask-2', 'clarification', 'Optimize a beam', { calls: beam({ volfrac: 0.3, rmin: 2, forcedist: 0.5 }), ask: { missing: ['volfrac', 'rmin', 'forcedist'] } }, ['volfrac 0.3, rmin 2, forcedist 0.5']),
  one('ask-3', 'clarification', 'Optimize a beam with the load in the middle', { calls: beam({ volfrac: 0.3, rmin: 2, forcedist: 0 }), ask: { missing: ['volfrac', 'rmin'] } }, ['0.3 and 2']),
  one('ask-4', 'clarification', 'Optimize a beam with volfrac 0.4 and rmin 2', { calls: beam({ volfrac: 0.4, rmin: 2, forcedist: 0.5 }), ask: { missing: ['forcedist'] } }, ['0.5']),
  one('ask-5', 'clarification', 'Optimize a beam with volfrac 0.4 and rmin 2, the load somewhere near the middle', { calls: beam({ volfrac: 0.4, rmin: 2, forcedist: 0.5 }), ask: { missing: ['forcedist'] } }, ['0.5 (the middle of the half beam)']),
  one('ask-6', 'clarification', 'Optimize a beam', { calls: beam({}), ask: { missing: ['volfrac', 'rmin', 'forcedist'] }, says: [/used the defaults/] }, ['defaults']),
  one('ask-7', 'clarification', 'Optimize a beam with volfrac 0.3', { calls: beam({ volfrac: 0.3 }), ask: { missing: ['rmin', 'forcedist'] }, says: [/defaults for rmin/] }, ['use the defaults for the rest']),
  one('ask-8', 'clarification', 'Optimize a photonic demultiplexer', { calls: photonics({ lambda1: 1.55, lambda2: 1.31, blur_radius: 2 }), ask: { missing: ['lambda1', 'lambda2', 'blur_radius'] } }, ['1.55 um, 1.31 um and 2']),
  one('ask-9', 'clarification', 'Optimize a photonic demultiplexer', { calls: photonics({ lambda1: 0.85, lambda2: 1.31, blur_radius: 3 }), ask: { missing: ['lambda1', 'lambda2', 'blur_radius'] } }, ['850 nm, 1310 nm, 3']),
  one('ask-10', 'clarification', 'Optimize a beam with volfrac 40, rmin 2 and forcedist 0.5', { calls: beam({ volfrac: 0.35, rmin: 2, forcedist: 0.5 }), ask: { missing: ['volfrac'] } }, ['0.35']),
  one('ask-11', 'clarification', 'Optimize a beam with volfrac 0.3, rmin 2 and forcedist 1.5', { calls: beam({ volfrac: 0.3, rmin: 2 }), ask: { missing: ['forcedist'] }, notApplied: ['forcedist'] }, ['skip']),
  one('ask-12', 'clarification', 'Optimize thermoelastic2d', { calls: thermo({ volfrac: 0.3, weight: 0.6 }), ask: { missing: ['volfrac', 'weight'] } }, ['0.3, 0.6']),
  one('ask-13', 'clarification', 'Optimize a beam', { calls: beam({ volfrac: 0.3, rmin: 2, forcedist: 0 }), ask: { missing: ['volfrac', 'rmin', 'forcedist'] } }, ['the load in the middle, volfrac 0.3 and rmin 2']),
  one('ask-14', 'clarification', 'Optimize a beam', { calls: beam({ volfrac: 0.3, rmin: 2, forcedist: 0.5 }), ask: { missing: ['volfrac', 'rmin', 'forcedist'] } }, ['volfrac 0.3', '2 and 0.5']),
  one('ask-15', 'clarification', 'Make me a stiff beam', { calls: beam({ volfrac: 0.5, rmin: 1.5, forcedist: 0.2 }), ask: { missing: ['volfrac', 'rmin', 'forcedist'], says: /stiff/ } }, ['fifty percent material, filter radius 1.5, load at 0.2']),
  one('ask-16', 'clarification', 'Optimize a beam with forcedist 0.5', { calls: beam({ volfrac: 0.5, rmin: 2, forcedist: 0.5 }), ask: { missing: ['volfrac', 'rmin'] } }, ['0.5, 2']),

  // requests for agents that cannot run: reported, never handed to engineering
  one('na-agent-1', 'unavailable', 'Search arXiv for papers on beam topology optimization', { calls: [], unavailable: ['arxiv'] }),
  one('na-agent-2', 'unavailable', 'Find papers about topology optimization of beams', { calls: [], unavailable: ['arxiv'] }),
  one('na-agent-3', 'unavailable', 'Open the STL in MeshLab', { calls: [], unavailable: ['cli'] }),
  one('na-agent-4', 'unavailable', 'Print the beam on the Prusa', { calls: [], unavailable: ['prusa'] }),
  one('na-agent-5', 'unavailable', 'Submit a SLURM job that trains a diffusion model on beam designs', { calls: [], unavailable: ['hpc'] }),
  one('na-agent-6', 'unavailable', 'Search the web for typical volume fractions of MBB beams', { calls: [], unavailable: ['websearch'] }),
  one('na-agent-7', 'unavailable', 'Search the web for a good volume fraction, then optimize a beam with rmin 2 and forcedist 0.5', {
    calls: beam(B), ask: { missing: ['volfrac'] }, unavailable: ['websearch'],
  }, ['0.4']),
  one('na-agent-8', 'unavailable', 'Slice the STL and send it to the printer', { calls: [], unavailable: ['prusa'] }),
  one('na-agent-9', 'unavailable', 'Optimize a beam with volfrac 0.4, rmin 2, forcedist 0.5, export the STL and print it on the Prusa', { calls: [...beam(B), stl()], unavailable: ['prusa'] }),
  one('na-agent-10', 'unavailable', 'Optimize an airfoil for maximum lift', { calls: [], says: [/airfoil/i] }),
  one('na-agent-11', 'unavailable', 'Run a truss optimization with volfrac 0.3', { calls: [], says: [/truss/i] }),
  // HeatConduction2D is in the catalog since issue 25: its volume is read from "volume fraction"/"volfrac", the length asked for.
  one('heat-1', 'clarification', 'optimize a heat conduction design with volume fraction 0.4', { calls: heat({ volume: 0.4, length: 0.5 }), ask: { missing: ['length'] } }, ['0.5']),
  one('heat-3', 'synonyms', 'optimize a 3D heat conduction design with volume fraction 0.3 and an insulated area of 0.4', { calls: heat3({ volume: 0.3, area: 0.4 }) }),
  one('heat-2', 'synonyms', 'Run a heat sink optimization with volfrac 0.3 and an insulated segment of 0.2', { calls: heat({ volume: 0.3, length: 0.2 }) }),
  one('na-agent-12', 'unavailable', 'Train a cGAN on the cluster with the beam dataset', { calls: [], unavailable: ['hpc'] }),
  one('na-agent-13', 'unavailable', 'Summarize the PDF report on the beam designs', { calls: [], unavailable: ['rag'] }),
  one('na-agent-14', 'unavailable', 'According to my notes the volume fraction should be 0.3; optimize a beam with rmin 2 and forcedist 0.5 using it', {
    calls: beam({ volfrac: 0.3, rmin: 2, forcedist: 0.5 }), unavailable: ['rag'],
  }),
];
