/** The offline planner's parts for the Prusa and command agents: routing of the issue's phrases, the print chain, settings in words. */
import { AIMessage, HumanMessage, ToolMessage, type BaseMessage } from '@langchain/core/messages';
import { describe, expect, it } from 'vitest';
import { engineeringMentionedAt } from '../../../agents/specialists/engineering/offlinePlanner.ts';
import { cliMentionedAt, planCli } from '../../../agents/specialists/cli/offlinePlanner.ts';
import { taskOf } from '../../../agents/specialists/specialistTask.ts';
import { planPrusa, prusaMentionedAt, sliceSettings } from '../../../agents/specialists/prusa/offlinePlanner.ts';

const route = (request: string) =>
  [
    ['engineering', engineeringMentionedAt(request)],
    ['prusa', prusaMentionedAt(request)],
    ['cli', cliMentionedAt(request)],
  ]
    .filter(([, at]) => (at as number) >= 0)
    .sort((a, b) => (a[1] as number) - (b[1] as number))
    .map(([name]) => name);

describe('offline routing of the manufacturing requests', () => {
  it.each([
    ['export it as STL, slice it and print it', ['engineering', 'prusa']],
    ['slice it and send it to the printer', ['prusa']],
    ['print status', ['prusa']],
    ['open the STL in the viewer', ['cli']],
    ['Optimize a beams2d beam with volfrac 0.4, export an STL, slice it and print it', ['engineering', 'prusa']],
    ['slice the STL and print it', ['prusa']],
    ['pause the print', ['prusa']],
    ['Convert beams2d-0123456789abcdef to STL', ['engineering']],
    ['run the command `ls -l`', ['cli']],
    ['Open the last design in ParaView', ['cli']],
    ['Launch MeshLab with the STL of the last design', ['cli']],
    ['export it for 3D printing with a threshold of 0.4', ['engineering']],
    ['export it as STL and 3D print it', ['engineering', 'prusa']],
    ['Convert it to an STL for 3-D printing, then slice it', ['engineering', 'prusa']],
  ])('%s → %j', (request, agents) => {
    expect(route(request)).toEqual(agents);
  });
});

const STL = '/home/u/.engiai/artifacts/beams2d-0123456789abcdef/design-t0.5-xy1-z10.stl';
const task = (request: string, context = '') => new HumanMessage(`Request from the person:\n${request}${context ? `\n\nContext (earlier conversation, oldest first):\n${context}` : ''}`);

/** Runs the planner, answering each call with `results[name]`, and returns the calls it made and its final text. */
function walk(first: BaseMessage, results: Record<string, unknown>, plan: (m: BaseMessage[]) => { text: string; calls: { name: string; args: Record<string, unknown> }[] }) {
  const msgs: BaseMessage[] = [first];
  const calls: { name: string; args: Record<string, unknown> }[] = [];
  for (let i = 0; i < 8; i++) {
    const p = plan(msgs);
    if (!p.calls.length) return { calls, text: p.text };
    const c = p.calls[0];
    calls.push(c);
    const id = `c${i}`;
    msgs.push(new AIMessage({ content: '', tool_calls: [{ id, name: c.name, args: c.args }] }));
    const r = results[c.name];
    msgs.push(new ToolMessage({ tool_call_id: id, name: c.name, content: JSON.stringify(r), status: r && typeof r === 'object' && 'error' in r ? 'error' : 'success' }));
  }
  throw new Error('planner did not finish');
}

describe('offline Prusa agent', () => {
  const results = {
    slice_stl: { gcode_path: '/h/artifacts/gcode/design-1.gcode', estimated_print_time: '9m 14s', summary: { 'print time': '9m 14s', filament: '0.76 m · 1.84 cm³', 'layer height': '0.3 mm', infill: '20%', material: 'PLA' } },
    upload_gcode: { printer: 'mk4', file: 'design-1.gcode', bytes: 1000 },
    start_print: { printer: 'mk4', file: 'design-1.gcode', job_id: 3, state: 'PRINTING' },
    printer_status: { printer: 'mk4', state: 'PRINTING', temperatures: { nozzle: 214.9, nozzle_target: 215, bed: 60, bed_target: 60 }, job: { id: 3, progress: 42, time_remaining_s: 300 } },
  };

  it('chains slice → upload → start with the STL an earlier agent of the turn produced', () => {
    const context = `Result of engineering in this turn: ${JSON.stringify({ answer: `STL: ${STL}`, artifacts: [STL] })}`;
    const { calls, text } = walk(task('export it as STL, slice it with 0.2 mm layers and 15% infill in PETG and print it on mk4', context), results, (m) => planPrusa(taskOf(m), ['mk4', 'mini']));
    expect(calls).toEqual([
      { name: 'slice_stl', args: { stl_path: STL, layer_height_mm: 0.2, infill_percent: 15, filament: 'PETG' } },
      { name: 'upload_gcode', args: { gcode_path: '/h/artifacts/gcode/design-1.gcode', overwrite: true, printer: 'mk4' } },
      { name: 'start_print', args: { file: 'design-1.gcode', printer: 'mk4' } },
    ]);
    expect(text).toMatch(/print time 9m 14s[\s\S]*Uploaded design-1\.gcode[\s\S]*Printing design-1\.gcode on mk4: job 3, state PRINTING/);
  });

  it('"send it to the printer" uploads without starting; "print status" reads the printer', () => {
    expect(walk(task(`slice ${STL} and send it to the printer`), results, (m) => planPrusa(taskOf(m), [])).calls.map((c) => c.name)).toEqual(['slice_stl', 'upload_gcode']);
    const status = walk(task('print status'), results, (m) => planPrusa(taskOf(m), []));
    expect(status.calls).toEqual([{ name: 'printer_status', args: {} }]);
    expect(status.text).toBe('Printer mk4 is PRINTING, job 3 at 42 % (300 s left); nozzle 214.9/215 °C, bed 60/60 °C.');
  });

  it('asks for the STL when none is in sight, and stops at the first failure', () => {
    const ask = planPrusa(taskOf([task('slice it and print it')]), []);
    expect(ask.calls[0]).toMatchObject({ name: 'ask_human_for_clarification', args: { missing: ['stl_path'] } });
    const failed = walk(task(`slice ${STL} and print it`), { ...results, upload_gcode: { error: { type: 'ConfigError', message: 'printer mk4 refused the API key (HTTP 401)' } } }, (m) => planPrusa(taskOf(m), []));
    expect(failed.calls.map((c) => c.name)).toEqual(['slice_stl', 'upload_gcode']);
    expect(failed.text).toMatch(/upload_gcode failed: printer mk4 refused the API key/);
  });

  it('lists the printer\'s files (a folder when named), takes a camera picture, uploads into a folder', () => {
    const more = {
      ...results,
      list_printer_files: { printer: 'mk4', storage: 'usb', folder: 'jobs', entries: [{ name: 'a.gcode', path: 'jobs/a.gcode', type: 'PRINT_FILE' }, { name: 'old', path: 'jobs/old', type: 'FOLDER' }], more: 3 },
      camera_snapshot: { printer: 'mk4', image_path: '/h/artifacts/camera/mk4-1.png', media_type: 'image/png', bytes: 900 },
      upload_gcode: { printer: 'mk4', file: 'jobs/design-1.gcode', bytes: 1000 },
    };
    const files = walk(task('show the files on the printer in the folder jobs'), more, (m) => planPrusa(taskOf(m), []));
    expect(files.calls).toEqual([{ name: 'list_printer_files', args: { folder: 'jobs' } }]);
    expect(files.text).toBe('On printer mk4 (usb/jobs): jobs/a.gcode, jobs/old/ and 3 more.');
    expect(walk(task('what files are on the printer?'), more, (m) => planPrusa(taskOf(m), [])).calls).toEqual([{ name: 'list_printer_files', args: {} }]);
    const shot = walk(task('take a picture of the print with the printer camera'), more, (m) => planPrusa(taskOf(m), []));
    expect(shot.calls).toEqual([{ name: 'camera_snapshot', args: {} }]);
    expect(shot.text).toBe('Camera picture of printer mk4: /h/artifacts/camera/mk4-1.png.');
    const up = walk(task(`slice ${STL} and upload it into the folder jobs`), more, (m) => planPrusa(taskOf(m), []));
    expect(up.calls.map((c) => [c.name, c.args.folder])).toEqual([['slice_stl', undefined], ['upload_gcode', 'jobs']]);
    // a rendered picture of a design, or files sent to the printer, are not these
    expect(walk(task(`render a picture of the design, slice ${STL} and upload the files to the printer`), more, (m) => planPrusa(taskOf(m), [])).calls.map((c) => c.name)).toEqual(['slice_stl', 'upload_gcode']);
  });

  it('reads slicing settings from words', () => {
    expect(sliceSettings('0.15 mm layers, infill 40%, 0.6 mm nozzle, abs, with supports')).toEqual({ layer_height_mm: 0.15, infill_percent: 40, nozzle_mm: 0.6, filament: 'ABS', supports: true });
    expect(sliceSettings('layer height 0.1 without supports')).toEqual({ layer_height_mm: 0.1, supports: false });
  });
});

describe('offline command agent', () => {
  it('opens the conversation\'s STL with the first installed viewer, quoting the path', () => {
    const p = planCli(taskOf([task('open the STL in the viewer', `Assistant: STL (threshold 0.5): ${STL} (540 triangles)`)]), { stl: ['f3d', 'meshlab'] });
    expect(p.calls).toEqual([{ name: 'run_command', args: { command: `f3d "${STL}"` } }]);
    expect(planCli(taskOf([task('open the STL in the viewer')]), { stl: ['f3d'] }).text).toMatch(/no \.stl file in this conversation/);
    expect(planCli(taskOf([task(`open the STL ${STL}`)]), {}).text).toMatch(/No viewer for \.stl files is installed/);
    expect(planCli(taskOf([task('open the G-code /h/a/x.gcode')]), { gcode: ['prusa-gcodeviewer'] }).calls[0].args).toEqual({ command: 'prusa-gcodeviewer "/h/a/x.gcode"' });
  });
});
