/** Short ways to write expected calls for the phrasing corpus. */
import type { Expect, ExpectedCall, Phrasing, Turn, Values } from '../harness.ts';

/** create_problem → optimize_design with these values (config only when given). */
export function run(problem: string, conditions: Values, config: Values = {}): ExpectedCall[] {
  return [
    { tool: 'create_problem', problem, conditions, config },
    { tool: 'optimize_design', problem, conditions, config },
  ];
}

export const beam = (conditions: Values, config: Values = {}) => run('beams2d', conditions, config);
export const photonics = (conditions: Values, config: Values = {}) => run('photonics2d', conditions, config);
export const thermo = (conditions: Values, config: Values = {}) => run('thermoelastic2d', conditions, config);
export const heat = (conditions: Values, config: Values = {}) => run('heatconduction2d', conditions, config);
export const heat3 = (conditions: Values, config: Values = {}) => run('heatconduction3d', conditions, config);
export const sim = (design = '#1', under?: Values): ExpectedCall => ({ tool: 'simulate_design', design, ...(under ? { under } : {}) });
export const render = (design = '#1'): ExpectedCall => ({ tool: 'render_design', design });
export const stl = (design = '#1', args: Record<string, number | boolean> = {}): ExpectedCall => ({ tool: 'convert_design_to_stl', design, stl: args });
export const compare = (...designs: string[]): ExpectedCall => ({ tool: 'compare_designs', designs });
export const list = (): ExpectedCall => ({ tool: 'list_designs' });

/** A one-turn phrasing. */
export function one(id: string, cls: string, say: string, expect: Expect, answers?: string[]): Phrasing {
  return { id, cls, turns: [{ say, expect, ...(answers ? { answers } : {}) }] };
}

/** A phrasing of several turns; the first ones set the conversation up. */
export function thread(id: string, cls: string, ...turns: Turn[]): Phrasing {
  return { id, cls, turns };
}

/** A set-up turn (not scored). */
export const setup = (say: string, answers?: string[]): Turn => ({ say, ...(answers ? { answers } : {}) });

/** The full conditions a beams2d design made with these values has (overhang off unless given). */
export const beamAll = (c: Values): Values => ({ overhang_constraint: false, ...c });
