/**
 * What the design store keeps beside each design (meta.json) and how a design's id is made:
 * `<problem>-<first 16 hex of sha256(problem, version, canonical JSON of conditions/config,
 * the .npy bytes)>`.
 */
import { createHash } from 'node:crypto';
import type { ConfigValues, Violation } from '../constraint.ts';
import type { Design, DesignShape, OptiStep } from '../problem.ts';
import { canonicalJson } from './canonicalJson.ts';

export interface Provenance {
  /** What made the design: 'optimize_design', 'cli optimize', 'dataset', ... */
  tool: string;
  command?: string;
  /** Id of the design this one was derived from (a starting point, say). */
  parent?: string;
  engiaiVersion: string;
}

/** Files in the artifact folder, by role; values are file names relative to the folder. */
export interface DesignFiles {
  design: string;
  render?: string;
  convergence?: string;
  stl?: string;
  [role: string]: string | undefined;
}

export interface DesignMeta {
  id: string;
  problem: string;
  version: number;
  /** The problem's conditions (a subset of config, for display). */
  conditions: ConfigValues;
  /** All resolved values: conditions and solver knobs. */
  config: ConfigValues;
  objectives: Record<string, number>;
  history: OptiStep[];
  iterations: number;
  /** What to know about the design itself, e.g. that the optimizer's design was clipped into the design space. */
  warnings?: Violation[];
  shape: DesignShape;
  createdAt: string;
  provenance: Provenance;
  files: DesignFiles;
}

/** A step as meta.json keeps it: step, objectives and objectivesUpdate; the OptiStep arrays (x, xSensitivities, xUpdate) stay out. */
export function storedStep(s: OptiStep): OptiStep {
  return { step: s.step, objectives: s.objectives, ...(s.objectivesUpdate ? { objectivesUpdate: s.objectivesUpdate } : {}) };
}

/** What callers pass to save(): id, createdAt, files and engiaiVersion are filled in. */
export interface DesignMetaInput {
  problem: string;
  version: number;
  conditions?: ConfigValues;
  config: ConfigValues;
  objectives?: Record<string, number>;
  history?: OptiStep[];
  iterations?: number;
  warnings?: Violation[];
  /** Checked against design.shape when given. */
  shape?: DesignShape;
  provenance: Omit<Provenance, 'engiaiVersion'> & { engiaiVersion?: string };
}

export interface DesignRecord {
  id: string;
  /** The artifact folder. */
  path: string;
  meta: DesignMeta;
}

export interface LoadedDesign {
  design: Design;
  /** Undefined for a plain .npy file made outside the store. */
  meta?: DesignMeta;
  /** The .npy file read. */
  path: string;
}

export interface ListFilter {
  problem?: string;
}

/** The content id of a design under a problem and config. */
export function designId(npy: Uint8Array, meta: Pick<DesignMetaInput, 'problem' | 'version' | 'conditions' | 'config'>): string {
  const h = createHash('sha256');
  h.update(`${meta.problem}\n${meta.version}\n`);
  h.update(canonicalJson({ conditions: meta.conditions ?? {}, config: meta.config }));
  h.update('\n');
  h.update(npy);
  return `${meta.problem}-${h.digest('hex').slice(0, 16)}`;
}
