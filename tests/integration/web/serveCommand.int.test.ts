/**
 * `engiai serve` as a process: builds/serves the client and the API on a free port, stops on SIGTERM; refuses an open bind without a token.
 * `--approve` adds to the default approvals (submit_job and cancel_job keep asking); removing a default takes `--without-approval`, shown at start and in the settings.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { runServe } from '../../../cli/commands/serve.ts';
import { startTestServer, tempHome } from './helpers.ts';

const SCRIPT = "import { runServe } from './cli/commands/serve.ts'; await runServe({ port: '0', approve: ['convert_design_to_stl'] });";

describe('engiai serve', () => {
  it('serves the UI and the API, and exits cleanly on SIGTERM', async () => {
    const t = tempHome();
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', SCRIPT], {
      env: { ...process.env, ENGIAI_HOME: t.home, ENGIAI_MODEL: 'offline' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (c) => (stderr += c));
    try {
      const url = await new Promise<string>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (c) => {
          out += c;
          const m = /^(http:\/\/127\.0\.0\.1:\d+)\n/m.exec(out);
          if (m) resolve(m[1]);
        });
        child.on('exit', (code) => reject(new Error(`serve exited ${code}: ${stderr}`)));
      });
      expect(stderr).toMatch(/EngiAI web UI on http:\/\/127\.0\.0\.1:\d+ · model offline/);
      expect(stderr).toContain('approvals: submit_job, cancel_job, convert_design_to_stl · added: convert_design_to_stl');
      const html = await (await fetch(`${url}/`)).text();
      expect(html).toContain('<div id="app"></div>');
      const script = /src="(\/assets\/index-[^"]+\.js)"/.exec(html)![1];
      const js = await fetch(`${url}${script}`);
      expect(js.status).toBe(200);
      expect(js.headers.get('content-type')).toMatch(/javascript/);
      const deep = await fetch(`${url}/some/client/route`);
      expect(await deep.text()).toContain('<div id="app"></div>');
      const settings = (await (await fetch(`${url}/api/settings`)).json()) as { model: string; approvals: string[] };
      expect(settings).toMatchObject({ model: 'offline', approvals: ['submit_job', 'cancel_job', 'convert_design_to_stl'], removedDefaults: [] });
      const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      t.remove();
    }
  });

  it('removes a default approval only by name with --without-approval, visibly; an unknown tool name is an error', async () => {
    const t = tempHome();
    try {
      const lines: string[] = [];
      const server = await startTestServer(t.home, { model: 'offline', approve: ['convert_design_to_stl'], withoutApproval: ['cancel_job'], log: (l) => lines.push(l) });
      try {
        expect(lines.join('\n')).toContain('approvals: submit_job, convert_design_to_stl · added: convert_design_to_stl · DEFAULTS REMOVED (--without-approval): cancel_job');
        const settings = (await (await fetch(`${server.url}/api/settings`)).json()) as { approvals: string[]; defaultApprovals: string[]; removedDefaults: string[] };
        expect(settings).toMatchObject({ approvals: ['submit_job', 'convert_design_to_stl'], defaultApprovals: ['submit_job', 'cancel_job'], removedDefaults: ['cancel_job'] });
      } finally {
        await server.close();
      }
      await expect(startTestServer(t.home, { model: 'offline', approve: ['rm_rf'] })).rejects.toThrow(/--approve: unknown tool "rm_rf"/);
    } finally {
      t.remove();
    }
  });

  it('refuses a non-loopback host without a token, and a bad port', async () => {
    await expect(runServe({ host: '0.0.0.0', port: '0', token: undefined })).rejects.toThrow(/refusing to listen on 0\.0\.0\.0 without a token/);
    await expect(runServe({ port: 'eighty' })).rejects.toThrow(/--port must be an integer/);
  });
});
