/**
 * terminalSafe, and the chat timeline that prints through it: escape sequences go whole, other
 * control characters (but newline and tab) and bidi overrides go, text stays; a printer's status
 * message, a tool's error, a question and a streamed answer carrying `ESC[2J` and BEL reach the
 * writer without a control character.
 */
import { describe, expect, it } from 'vitest';
import { TimelinePrinter } from '../../../agents/index.ts';
import { terminalSafe } from '../../../tools/terminalText.ts';

const CONTROLS = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/; // eslint-disable-line no-control-regex -- what must not be printed

describe('terminalSafe', () => {
  it.each([
    ['clear screen', 'a\x1b[2Jb', 'ab'],
    ['bell', 'done\x07!', 'done!'],
    ['colour', '\x1b[31mred\x1b[0m', 'red'],
    ['window title (OSC, BEL)', 'x\x1b]0;pwned\x07y', 'xy'],
    ['hyperlink (OSC, ST)', 'x\x1b]8;;http://evil\x1b\\link\x1b]8;;\x1b\\y', 'xlinky'],
    ['device control string', 'a\x1bPq#0;2;0;0;0\x1b\\b', 'ab'],
    ['reset (two-byte escape)', 'z\x1bcz', 'zz'],
    ['charset switch', 'q\x1b(0q', 'qq'],
    ['carriage return overwrite', 'safe\rEVIL', 'safeEVIL'],
    ['backspaces', 'rm -rf /\b\b\b\bls', 'rm -rf /ls'],
    ['8-bit CSI', 'a\x9b2Jb', 'a2Jb'],
    ['bidi override', 'file\u202Egpj.exe', 'filegpj.exe'],
    ['a trailing ESC', 'end\x1b', 'end'],
    ['newline, tab and Unicode kept', 'Träger\n\tσ = 12 MPa — ok ✓', 'Träger\n\tσ = 12 MPa — ok ✓'],
  ])('%s', (_name, input, expected) => {
    expect(terminalSafe(input)).toBe(expected);
  });

  it('leaves no control character in random bytes', () => {
    let seed = 7;
    const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 500; i++) {
      const s = Array.from({ length: 64 }, () => String.fromCharCode(Math.floor(rand() * (rand() < 0.5 ? 0xa0 : 0x2100)))).join('');
      expect(terminalSafe(s)).not.toMatch(CONTROLS);
    }
  });
});

describe('the chat timeline', () => {
  it('prints tool, printer and model text without control characters', () => {
    let out = '';
    const p = new TimelinePrinter((t) => (out += t));
    const evil = 'PRINTER\x1b[2J\x07\x1b]0;owned\x07 ok';
    p.onEvent({ type: 'run_start', threadId: 't\x1b[2J', resume: false } as never);
    p.onEvent({ type: 'tool_call', agent: 'prusa', name: 'printer_status', args: { printer: evil } } as never);
    p.onEvent({ type: 'tool_result', name: 'printer_status', ok: true, durationMs: 12, highlights: { state: 'ATTENTION', message: evil } } as never);
    p.onEvent({ type: 'tool_result', name: 'start_print', ok: false, durationMs: 3, highlights: { error: { message: evil } } } as never);
    p.onEvent({ type: 'interrupt', kind: 'approval', payload: { agent: 'prusa', question: `Start ${evil}?` } } as never);
    p.onEvent({ type: 'token', agent: 'supervisor', text: 'The printer says \x1b[2J' } as never);
    p.onEvent({ type: 'token', agent: 'supervisor', text: '\x07done' } as never);
    p.onEvent({ type: 'answer', content: `Status: ${evil}` } as never);
    expect(out).not.toMatch(CONTROLS);
    expect(out).toContain('PRINTER ok');
    expect(out).toContain('The printer says done');
    // arguments are shown as JSON: the escape is visible as text, not acted on
    expect(out).toContain('\\u001b[2J');
  });
});
