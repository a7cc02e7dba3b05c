/** How the PrusaLink client reads what printers send: error bodies (JSON, text, HTML pages) and status.storage in either shape. */
import { describe, expect, it } from 'vitest';
import { errorMessage, statusStorages, type PrinterStatus } from '../../../tools/prusa/prusaLink.ts';

describe('errorMessage', () => {
  it('JSON {title, text} and plain text are quoted; an HTML page is named by its title, never passed on raw', () => {
    expect(errorMessage('{"title":"Not in state to print","text":"Printer is not in state to print."}')).toBe('Not in state to print: Printer is not in state to print.');
    expect(errorMessage('Conflict: file exists\n')).toBe('Conflict: file exists');
    const page = '<!DOCTYPE html>\n<html><head><title>404 Not Found</title></head><body><h1>Not Found</h1><script>x()</script></body></html>';
    expect(errorMessage(page)).toBe('an HTML page "404 Not Found"');
    expect(errorMessage('<h1>Server &amp; <b>Error</b></h1>', 'text/html; charset=utf-8')).toBe('an HTML page "Server Error"');
    expect(errorMessage('<html><body></body></html>')).toBe('an HTML page');
    expect(errorMessage('bell\u0007and\u001b[31mred')).toBe('bell and [31mred');
  });
});

describe('statusStorages', () => {
  const base: PrinterStatus = { printer: { state: 'IDLE' } };
  it('takes the spec\'s object, Python PrusaLink\'s array, or none; entries without a path are dropped', () => {
    expect(statusStorages({ ...base, storage: { name: 'usb', path: '/usb', read_only: false } })).toEqual([{ name: 'usb', path: '/usb', read_only: false }]);
    expect(statusStorages({ ...base, storage: [{ path: '/local', free_space: 5 }, { path: '/sdcard', read_only: true }] }).map((s) => s.path)).toEqual(['/local', '/sdcard']);
    expect(statusStorages(base)).toEqual([]);
    expect(statusStorages({ ...base, storage: [null, { name: 'x' }] as never })).toEqual([]);
  });
});
