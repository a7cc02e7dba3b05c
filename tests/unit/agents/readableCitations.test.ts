/** The CLI's timeline prints citations readably: numbered in the text, a source list after the answer. */
import { describe, expect, it } from 'vitest';
import { readableCitations } from '../../../agents/trace/readableCitations.ts';
import { TimelinePrinter } from '../../../agents/trace/timeline.ts';

const ANSWER = 'The yield strength is 250 MPa [Steel handbook, p. 4](doc:0123456789abcdef#page=4); see also [Steel handbook, p. 4](doc:0123456789abcdef#page=4) and [Notes](doc:fedcba9876543210).';

describe('citations at the terminal', () => {
  it('numbers each distinct citation and lists its document and page', () => {
    const r = readableCitations(ANSWER);
    expect(r.text).toBe('The yield strength is 250 MPa Steel handbook, p. 4 [1]; see also Steel handbook, p. 4 [1] and Notes [2].');
    expect(r.sources).toEqual(['[1] Steel handbook, p. 4 — document 0123456789abcdef, page 4', '[2] Notes — document fedcba9876543210']);
    expect(readableCitations('no citations [here](http://x)')).toEqual({ text: 'no citations [here](http://x)', sources: [] });
  });

  it('the timeline prints the answer without markdown links, then the sources', () => {
    let out = '';
    const p = new TimelinePrinter((t) => (out += t));
    p.onEvent({ type: 'answer', t: 0, agent: 'supervisor', content: ANSWER });
    expect(out).not.toContain('](doc:');
    expect(out).toContain('250 MPa Steel handbook, p. 4 [1]');
    expect(out).toContain('Sources:\n  [1] Steel handbook, p. 4 — document 0123456789abcdef, page 4\n  [2] Notes — document fedcba9876543210');
  });

  it('progress shows steps from 1, never past the total; no known end shows the label', () => {
    let out = '';
    const p = new TimelinePrinter((t) => (out += t), { progressEvery: 1 });
    p.onEvent({ type: 'progress', t: 0, agent: 'e', tool: 'optimize_design', step: 0, total: 3, value: 5, label: 'c' });
    p.onEvent({ type: 'progress', t: 0, agent: 'e', tool: 'optimize_design', step: 3, total: 3 });
    p.onEvent({ type: 'progress', t: 0, agent: 'h', tool: 'wait_for_job', step: 0, total: 0, label: 'RUNNING, waited 21 s' });
    expect(out).toContain('optimize_design step 1/3 c 5.00000');
    expect(out).toContain('optimize_design step 3/3');
    expect(out).toContain('wait_for_job RUNNING, waited 21 s');
  });
});
