/** The specialist task's one codec: what writeTask writes, readTask reads back (issue 21, the design step). */
import { describe, expect, it } from 'vitest';
import { readTask, writeTask } from '../../../agents/specialists/specialistTask.ts';
import { checkSketchMarks, writeSketchBlock } from '../../../agents/sketch/sketchMarks.ts';

describe('specialist task codec', () => {
  it('round-trips request, supervisor task and context, and finds the values found earlier', () => {
    const t = { request: 'Optimize beams2d with volfrac 0.3\n\nand render it', supervisorTask: 'Optimize beams2d\n\nFound so far in this turn (use these values):\nrag: volume fraction = 0.37', context: 'Person: hi\nAssistant: hello' };
    const back = readTask(writeTask(t));
    expect(back).toEqual({ ...t, found: 'rag: volume fraction = 0.37', sketch: null });
  });

  it('leaves out a supervisor task that is the request, and reads plain text as the request', () => {
    expect(writeTask({ request: 'run ls -la', supervisorTask: 'run ls -la', context: '' })).toBe('Request from the person:\nrun ls -la');
    expect(readTask('run ls -la')).toEqual({ request: 'run ls -la', supervisorTask: '', found: '', context: '', sketch: null });
  });

  it("takes a sketch's marks out of the request as `sketch`", () => {
    const marks = checkSketchMarks({ problem: 'beams2d', marks: [{ kind: 'load', x: 0.7, y: 0 }] });
    const back = readTask(writeTask({ request: `Optimize beams2d\n\n${writeSketchBlock(marks)}`, supervisorTask: '', context: 'Person: hi' }));
    expect(back).toEqual({ request: 'Optimize beams2d', supervisorTask: '', found: '', context: 'Person: hi', sketch: marks });
  });
});
