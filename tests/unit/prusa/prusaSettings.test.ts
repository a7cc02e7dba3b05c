/** The prusa and commands settings: a printer from the environment, secrets from the environment only, clear errors. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config/load.ts';
import { configErrorOf, configWorkspace } from '../../support/configWorkspace.ts';



describe('prusa settings', () => {
  it('no printer by default; PrusaSlicer from Debian; whitelisted viewers by default', () => {
    const c = loadConfig({ env: {}, cwd: configWorkspace('') });
    expect(c.prusa.printers).toEqual([]);
    expect(c.prusa.slicer).toMatchObject({ command: '/usr/bin/prusa-slicer', timeoutMs: 600_000 });
    expect(c.prusa.server).toEqual({ callTimeoutMs: 600_000 });
    expect(c.commands.programs.map((p) => p.name)).toEqual(expect.arrayContaining(['ls', 'prusa-gcodeviewer', 'f3d', 'meshlab', 'xdg-open']));
    expect(c.commands.programs.filter((p) => p.safe).every((p) => !p.gui)).toBe(true);
  });

  it('ENGIAI_PRINTER_URL and ENGIAI_PRINTER_KEY give one printer', () => {
    const c = loadConfig({ env: { ENGIAI_PRINTER_URL: 'http://127.0.0.1:9999', ENGIAI_PRINTER_KEY: 'k' }, cwd: configWorkspace('') });
    expect(c.prusa.printers).toEqual([{ name: 'printer', url: 'http://127.0.0.1:9999', apiKey: 'k', username: 'maker', storage: 'local', timeoutMs: 30_000 }]);
  });

  it('printers in the file take their keys from the variables they name', () => {
    const cwd = configWorkspace('prusa:\n  printers:\n    - { name: mk4, url: "http://10.0.0.5", apiKeyEnv: MK4_KEY, storage: usb }\n    - { name: mini, url: "http://10.0.0.6", passwordEnv: MINI_PW }\n');
    const c = loadConfig({ env: { MK4_KEY: 'key-1', MINI_PW: 'pw-2' }, cwd });
    expect(c.prusa.printers.map((p) => [p.name, p.apiKey, p.password, p.storage])).toEqual([
      ['mk4', 'key-1', undefined, 'usb'],
      ['mini', undefined, 'pw-2', 'local'],
    ]);
    expect(configErrorOf(() => loadConfig({ env: { MK4_KEY: 'key-1' }, cwd })).message).toMatch(/printer mini: passwordEnv names MINI_PW, which is not set/);
  });

  it('a key written in the file is refused; errors never echo a key', () => {
    const e = configErrorOf(() => loadConfig({ env: {}, cwd: configWorkspace('prusa:\n  printers:\n    - { name: mk4, url: "http://10.0.0.5", apiKey: "super-secret-key" }\n') }));
    expect(e.message).toMatch(/sets prusa\.printers\[0\]\.apiKey, but secrets are read from the environment only/);
    expect(e.message).not.toContain('super-secret-key');
    const bad = configErrorOf(() => loadConfig({ env: { ENGIAI_PRINTER_URL: 'not a url', ENGIAI_PRINTER_KEY: 'another-secret' }, cwd: configWorkspace('') }));
    expect(bad.message).toMatch(/prusa\.printers\.0\.url: must be an http\(s\) URL/);
    expect(bad.message).not.toContain('another-secret');
    const hand = configErrorOf(() => loadConfig({ env: { ENGIAI_PRUSA_SETTINGS: '[1]' }, cwd: configWorkspace('') }));
    expect(hand.message).toMatch(/ENGIAI_PRUSA_SETTINGS must hold a JSON object/);
  });

  it('a parent hands its resolved printer settings to the server it starts (ENGIAI_PRUSA_SETTINGS)', () => {
    const parent = loadConfig({ env: { ENGIAI_PRINTER_URL: 'http://127.0.0.1:1234', ENGIAI_PRINTER_KEY: 'k2' }, cwd: configWorkspace('') });
    const child = loadConfig({ env: { ENGIAI_PRUSA_SETTINGS: JSON.stringify(parent.prusa) }, cwd: configWorkspace('') });
    expect(child.prusa).toEqual(parent.prusa);
  });

  it('whitelist entries are checked: absolute paths, known argument patterns', () => {
    const e = configErrorOf(() => loadConfig({ env: {}, cwd: configWorkspace('commands:\n  programs:\n    - { name: view, path: view, args: ["$(x)"] }\n') }));
    expect(e.message).toMatch(/commands\.programs\.0\.path: an absolute path/);
    expect(e.message).toMatch(/commands\.programs\.0\.args\.0: a literal option\/word or \{file/);
  });
});
