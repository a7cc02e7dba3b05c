/** The specialist task's one codec: what writeTask writes, readTask reads back (issue 21, the design step). */
import { AIMessage, HumanMessage, SystemMessage, ToolMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { readTask, taskOf, writeTask } from '../../../agents/specialists/specialistTask.ts';
import { checkSketchMarks, writeSketchBlock } from '../../../agents/sketch/sketchMarks.ts';

describe('specialist task codec', () => {
  it('round-trips request, supervisor task and context, and finds the values found earlier', () => {
    const t = { request: 'Optimize beams2d with volfrac 0.3\n\nand render it', supervisorTask: 'Optimize beams2d\n\nFound so far in this turn (use these values):\nrag: volume fraction = 0.37', context: 'Person: hi\nAssistant: hello' };
    const back = readTask(writeTask(t));
    expect(back).toEqual({ ...t, found: 'rag: volume fraction = 0.37', made: [], sketch: null, done: [] });
  });

  it('leaves out a supervisor task that is the request, and reads plain text as the request', () => {
    expect(writeTask({ request: 'run ls -la', supervisorTask: 'run ls -la', context: '' })).toBe('Request from the person:\nrun ls -la');
    expect(readTask('run ls -la')).toEqual({ request: 'run ls -la', supervisorTask: '', found: '', made: [], context: '', sketch: null, done: [] });
  });

  it('reads a visit transcript once: the task of its first message and the calls done since, with their results', () => {
    const text = writeTask({ request: 'run ls -la', supervisorTask: '', context: 'Person: hi' });
    const ai = new AIMessage({ content: '', tool_calls: [{ id: 'c1', name: 'run_command', args: { command: 'ls -la' }, type: 'tool_call' }, { id: 'c2', name: 'run_command', args: { command: 'pwd' }, type: 'tool_call' }] });
    const result = new ToolMessage({ tool_call_id: 'c1', content: JSON.stringify({ exit_code: 0 }) });
    const t = taskOf([new SystemMessage('prompt'), new HumanMessage(text), ai, result]);
    expect(t).toMatchObject({ request: 'run ls -la', context: 'Person: hi' });
    // the call without a result yet is not done
    expect(t.done).toEqual([{ name: 'run_command', args: { command: 'ls -la' }, ok: true, result: { exit_code: 0 } }]);
  });

  it('writes the items a specialist made earlier and reads them back typed, between the supervisor task and the context', () => {
    const made = [{ agent: 'engineering', kind: 'design', id: 'beams2d-0123456789abcdef', request: 'Optimize beams2d', data: { problem: 'beams2d', conditions: { volfrac: 0.4 }, config: {} } }];
    const text = writeTask({ request: 'render it', supervisorTask: 'Render the last design', made, context: 'Person: Optimize beams2d' });
    expect(text).toContain('Made earlier in this conversation (oldest first):\n- design beams2d-0123456789abcdef: {"problem":"beams2d","conditions":{"volfrac":0.4},"config":{},"request":"Optimize beams2d"}');
    expect(readTask(text, 'engineering')).toEqual({ request: 'render it', supervisorTask: 'Render the last design', found: '', made, context: 'Person: Optimize beams2d', sketch: null, done: [] });
  });

  it("takes a sketch's marks out of the request as `sketch`", () => {
    const marks = checkSketchMarks({ problem: 'beams2d', marks: [{ kind: 'load', x: 0.7, y: 0 }] });
    const back = readTask(writeTask({ request: `Optimize beams2d\n\n${writeSketchBlock(marks)}`, supervisorTask: '', context: 'Person: hi' }));
    expect(back).toEqual({ request: 'Optimize beams2d', supervisorTask: '', found: '', made: [], context: 'Person: hi', sketch: marks, done: [] });
  });
});
