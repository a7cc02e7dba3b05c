/** A new design from an earlier one with masks ("now with rmin 2"): the node lists are carried over; masks known only compactly are reported, not dropped. */
import { describe, expect, it } from 'vitest';
import { followUpRun } from '../../../agents/specialists/engineering/runFollowUp.ts';
import { rememberDesign, type Thread } from '../../../agents/specialists/engineering/thread.ts';
import { problemCatalog } from '../../../tools/engineering/tools/catalog.ts';
import type { Values } from '../../../agents/specialists/engineering/read/readRequest.ts';

const fixed = [[0, 0, 0], [0, 0, 4], [0, 4, 0], [0, 4, 4]];
const threadOf = (conditions: Values, config: Values): Thread => ({ designs: [{ id: 'beams3d-0123456789abcdef', problem: 'beams3d', conditions, config }], requests: ['Optimize beams3d'], readAs: [[]] });

describe('follow-ups keep the masks', () => {
  it('"now with rmin 2" re-optimizes with the earlier node lists', async () => {
    const catalog = await problemCatalog();
    const conditions = { volfrac: 0.3, rmin: 1.5, forcedist_x: 0.5, forcedist_y: 0.5 };
    const d = followUpRun('now with rmin 2', threadOf(conditions, { nelx: 6, nely: 4, nelz: 4, max_iter: 2, fixed_elements: fixed as never }), [], catalog, false);
    expect(d.work?.optimize).toMatchObject({ problem: 'beams3d', conditions: { rmin: 2, volfrac: 0.3 }, config: { nelx: 6 }, masks: { fixed_elements: fixed } });
    expect(d.extras.notes.join(' ')).toMatch(/fixed_elements as in beams3d-0123456789abcdef \(4 nodes\)/);
    // a mask known only by its compact form (a list_designs row) is reported, not silently dropped
    const compact = followUpRun('now with rmin 2', threadOf(conditions, { nelx: 6, nely: 4, nelz: 4, fixed_elements: { nodes: 4, sha256: '0123456789abcdef' } as never }), [], catalog, false);
    expect(compact.work?.optimize?.masks).toBeUndefined();
    expect(compact.extras.notApplied.join(' ')).toMatch(/fixed_elements of beams3d-0123456789abcdef \(known here only by its node count and hash: the new design has the default/);
  });

  it('a node list typed in the follow-up replaces the earlier one', async () => {
    const catalog = await problemCatalog();
    const d = followUpRun('now with rmin 2 and fixed_elements [[0,0,0],[6,4,0]]', threadOf({ volfrac: 0.3, rmin: 1.5, forcedist_x: 0.5, forcedist_y: 0.5 }, { nelx: 6, nely: 4, nelz: 4, fixed_elements: fixed as never }), [], catalog, false);
    expect(d.work?.optimize?.masks).toEqual({ fixed_elements: [[0, 0, 0], [6, 4, 0]] });
    expect(d.extras.notes.join(' ')).not.toMatch(/fixed_elements as in/);
  });

  it("a thread design remembers a mask given in the call's conditions (ThermoElastic3D's are conditions)", () => {
    const sinks = [[0, 0, 4], [4, 4, 0]];
    const item = rememberDesign({ name: 'optimize_design', ok: true, args: { problem: 'thermoelastic3d', conditions: { volfrac: 0.3, heatsink_elements: sinks }, config: { nelx: 4 } }, result: { design_id: 'thermoelastic3d-0123456789abcdef', problem: 'thermoelastic3d', conditions: { volfrac: 0.3, rmin: 1.5 } } } as never);
    expect(item?.data).toMatchObject({ conditions: { volfrac: 0.3, rmin: 1.5, heatsink_elements: sinks }, config: { nelx: 4 } });
  });
});
