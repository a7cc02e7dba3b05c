/** The offline planner and boundary masks: a node list after a mask's name is read; words ("fix the left face") are reported as not applied, never guessed, never silently defaulted. */
import { describe, expect, it } from 'vitest';
import { readRequest } from '../../../agents/specialists/engineering/read/readRequest.ts';
import { problemCatalog } from '../../../tools/engineering/tools/catalog.ts';

describe('masks in a request to the offline planner', () => {
  it('mask words are listed as not applied, naming the mask, its default and how to give it; a node list after the name is read; the other values are still read', async () => {
    const catalog = await problemCatalog();
    const r = readRequest('Optimize a beams3d design with volfrac 0.3 on an 8x6x4 grid and fix the left face', catalog);
    expect(r.conditions).toMatchObject({ volfrac: 0.3 });
    expect(r.config).toMatchObject({ nelx: 8, nely: 6, nelz: 4 });
    expect(r.notApplied).toHaveLength(1);
    expect(r.notApplied[0]).toMatch(/^"fix the left face" \(a mask is read only as its name followed by a JSON node list; fixed_elements stayed the default \(the four bottom corners.*e\.g\. "fixed_elements \[\[0,0,0\],\[0,4,0\]\]", or `engiai optimize beams3d --fixed-elements nodes\.json`/);
    expect(r.masks).toEqual({});
    const listed = readRequest('Optimize thermoelastic3d with volfrac 0.3 and heatsink_elements [[4,4,0],[0,0,4]] on a 4x4x4 grid', catalog);
    expect(listed.masks).toEqual({ heatsink_elements: [[4, 4, 0], [0, 0, 4]] });
    expect(listed.notApplied).toEqual([]);
    expect(listed.notes.join(' ')).toMatch(/"heatsink_elements \[\[4,4,0\],\[0,0,4\]\]" read as heatsink_elements \(2 entries, checked by the tools\)/);
    // a flat list is not a node list: not applied, not passed on
    const flat = readRequest('Optimize thermoelastic3d with volfrac 0.3 and heatsink_elements [4,4,0]', catalog);
    expect(flat.masks).toEqual({});
    expect(flat.notApplied.join(' ')).toMatch(/"heatsink_elements \[4,4,0\]" \(a mask is read only as its name followed by a JSON node list/);
    // a name with no readable list is not applied, not guessed
    expect(readRequest('Optimize thermoelastic3d with volfrac 0.3 and heatsink_elements at the far corner', catalog).notApplied.join(' ')).toMatch(/"heatsink_elements" \(a mask is read only as its name followed by a JSON node list; heatsink_elements stayed the default/);
    // the list's numbers are not read as other values
    expect(listed.loose).toEqual([]);
    expect(listed.conditions).toEqual({ volfrac: 0.3 });
    expect(readRequest('Optimize thermoelastic3d with volfrac 0.3 and heat sinks on the top edge', catalog).notApplied.join(' ')).toMatch(/heat sinks on the top edge.*heatsink_elements stayed the default/);
    // a request without mask words reports nothing; a 2-D problem has no masks to report
    expect(readRequest('Optimize a beams3d design with volfrac 0.3 and forcedist_x 0.25 on an 8x6x4 grid', catalog).notApplied).toEqual([]);
  });
});
