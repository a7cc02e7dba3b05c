/**
 * The engineering reader and the export reader on issue 21's kinds, without a session: decimal
 * commas, the degenerate edge of a range, values relative to other fields, described fields,
 * field words read from the catalog's descriptions, and export wording beyond the templates.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { problemCatalog, type ProblemInfo } from '../../../tools/engineering/tools/index.ts';
import { readRequest } from '../../../agents/specialists/engineering/read/readRequest.ts';
import { parseExports } from '../../../agents/specialists/engineering/parseExports.ts';

let catalog: ProblemInfo[];
beforeAll(async () => {
  catalog = await problemCatalog();
});

describe('issue 21 reader', () => {
  it('reads a decimal comma as a point, with a note; a pair or a thousands group is not one', () => {
    const r = readRequest('beams2d volfrac 0,45 rmin 1,5 forcedist 0,3', catalog);
    expect(r.conditions).toMatchObject({ volfrac: 0.45, rmin: 1.5, forcedist: 0.3 });
    expect(r.notes.join(' ')).toContain('"0,45" read as "0.45"');
    expect(readRequest('beams2d volfrac 0.3 rmin 2 forcedist 0.5 on a 40,20 grid', catalog).conditions.volfrac).toBe(0.3);
  });

  it('asks about volfrac 0 and 1 (no material, a solid block), not about the smallest grid a solver takes', () => {
    for (const v of ['0', '1']) expect(readRequest(`beams2d volfrac ${v} rmin 2 forcedist 0.5`, catalog).issues.map((i) => i.refs[0].field.name)).toEqual(['volfrac']);
    expect(readRequest('photonics2d lambda1 1.5 lambda2 1.3 blur radius 2, num_elems_x 60, num_elems_y 105', catalog).issues).toEqual([]);
  });

  it('asks for a value given relative to another field or a default, offering the product', () => {
    const a = readRequest('beams2d nelx 80, nely half of nelx, volfrac 0.3, rmin 2, forcedist 0.5', catalog);
    expect(a.config.nely).toBeUndefined();
    expect(a.issues[0]).toMatchObject({ suggestion: 40 });
    expect(readRequest('beams2d nelx 90 and nely=nelx/3, volfrac 0.3, rmin 2, forcedist 0.5', catalog).issues[0]).toMatchObject({ suggestion: 30 });
    expect(readRequest('beams2d rmin twice the default, volfrac 0.3, forcedist 0.5', catalog).issues[0]).toMatchObject({ suggestion: 4 });
    // a field the catalog defines as a fraction of another is read as the number itself
    expect(readRequest('beams2d load at 0.25 of the beam length, volfrac 0.3, rmin 2', catalog).conditions.forcedist).toBe(0.25);
  });

  it('uses the defaults when the person says so in everyday words', () => {
    expect(readRequest('run the default beams2d optimization', catalog).useDefaults).toBe(true);
    expect(readRequest("just run beams2d with the standard settings, I don't care about the details", catalog).useDefaults).toBe(true);
    expect(readRequest('optimize beams2d with rmin 2', catalog).useDefaults).toBe(false);
  });

  it('asks about a field described without a number', () => {
    expect(readRequest('beams2d with a high penalization, volfrac 0.3, rmin 2, forcedist 0.5', catalog).issues.map((i) => i.refs[0].field.name)).toEqual(['penal']);
    expect(readRequest('beams2d with many iterations, volfrac 0.3, rmin 2, forcedist 0.5', catalog).issues.map((i) => i.refs[0].field.name)).toEqual(['max_iter']);
  });

  it("reads a word only one field's catalog description uses, next to a number the field allows", () => {
    const r = readRequest('beams2d: volfrac 0.3, keep the feature radius at 2.5 and forcedist 0.5', catalog);
    expect(r.conditions.rmin).toBe(2.5);
    expect(r.notes.join(' ')).toMatch(/"radius" read as rmin \(its description/);
    expect(readRequest('photonics2d lambda1 1.5, lambda2 1.3, a blur over 3 pixels', catalog).conditions.blur_radius).toBe(3);
    // "supports" is in forcedist's description, but 3 is no forcedist: reported, not read
    const s = readRequest('beams2d volfrac 0.3, rmin 2, forcedist 0.5 and 3 supports', catalog);
    expect(s.conditions.forcedist).toBe(0.5);
    expect(s.loose.map((l) => l.said).join(' ')).toContain('3 supports');
  });
});

describe('issue 21 exports', () => {
  const known = { volfrac: 0.4, rmin: 2, forcedist: 0.5 };
  it('reads "thr", a density cut-off that equals a value, a pixel size in mm and a derived height', () => {
    expect(parseExports('export an STL with thr 0.4', known).exports).toEqual([{ threshold: 0.4 }]);
    expect(parseExports('an STL with a density cut-off of 2 × the volume fraction and each pixel measuring the filter radius mm', known).exports).toEqual([{ threshold: 0.8, scale_xy: 2 }]);
    expect(parseExports('write an STL whose density cut-off equals the volume fraction, each pixel measures 0.5 × rmin mm, the part 10 × rmin mm tall', known).exports).toEqual([{ threshold: 0.4, scale_xy: 1, scale_z: 20 }]);
  });

  it('reads a height given as a value times a factor, never the factor as the height', () => {
    expect(parseExports('write an STL with threshold 0.5 where the extrusion is rmin times 4 mm thick', known).exports).toEqual([{ threshold: 0.5, scale_z: 8 }]);
    expect(parseExports('an stl at threshold 0.5, the part rmin multiplied by 3 mm tall', known).exports).toEqual([{ threshold: 0.5, scale_z: 6 }]);
  });

  it('makes two STLs asked for in one sentence', () => {
    expect(parseExports('I want two STLs, one at threshold 0.3 (scale_z 5) and one at threshold 0.6 (scale_z 8).', known).exports).toEqual([{ threshold: 0.3, scale_z: 5 }, { threshold: 0.6, scale_z: 8 }]);
    // the reader's text has number words as digits: "one at" is "1 at"
    expect(parseExports('two stls, 1 at threshold 0.3 (scale_z 5) and 1 at threshold 0.6 (scale_z 8).', known).exports).toHaveLength(2);
  });

  it('reads a condition written with "when … / when it does not" on an objective named before', () => {
    const b = parseExports('Look at the compliance: when it comes out above 100, export with threshold 0.35; when it does not, use threshold 0.2. In both cases scale_z is 12.', known).branching;
    expect(b).toMatchObject({ objective: 'compliance', below: false, limit: 100, whenTrue: { threshold: 0.35, scale_z: 12 }, whenFalse: { threshold: 0.2, scale_z: 12 } });
    // as the planner reads it: lower case
    const lower = parseExports('look at the compliance: when it comes out above 100, export with threshold 0.35; when it does not, use threshold 0.2. in both cases scale_z is 12.', known).branching;
    expect(lower).toMatchObject({ whenTrue: { threshold: 0.35, scale_z: 12 }, whenFalse: { threshold: 0.2, scale_z: 12 } });
  });
});
