/**
 * `engiai mcp engineering` over stdio with the MCP SDK's own client: Beams3D at its default 16³
 * grid (max_iter 3) sends one progress notification per iteration, numbered 1…3 of 3, with each
 * iteration's compliance, all before the result; the stored design is 16 × 16 × 16.
 */
import { readFileSync, rmSync } from 'node:fs';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport, getDefaultEnvironment } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readNpyHeader } from '../../../tools/engineering/store/npy.ts';
import { BIN } from '../cli/helpers.ts';

let home: string;
let client: Client;
const wire: { method?: string; params?: { progress?: number; total?: number; message?: string }; result?: { structuredContent?: { design_id?: string } } }[] = [];

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'engiai-mcp-b3-'));
  const transport = new StdioClientTransport({ command: process.execPath, args: [BIN, 'mcp', 'engineering'], env: { ...getDefaultEnvironment(), ENGIAI_HOME: home }, stderr: 'pipe' });
  client = new Client({ name: 'engiai-test', version: '1.0.0' });
  await client.connect(transport);
  const deliver = transport.onmessage!;
  transport.onmessage = (m) => {
    wire.push(m as (typeof wire)[number]);
    deliver(m);
  };
});
afterAll(async () => {
  await client?.close();
  rmSync(home, { recursive: true, force: true });
});

describe('engiai mcp engineering: Beams3D at the default 16³ grid', () => {
  it('sends progress 1…3 of 3 with each iteration\'s c before the result, and stores a 16 × 16 × 16 design', async () => {
    const r = await client.callTool({ name: 'optimize_design', arguments: { problem: 'beams3d', conditions: { volfrac: 0.3 }, config: { max_iter: 3 } } }, undefined, { onprogress: () => {} });
    expect(r.isError, JSON.stringify(r.content)).toBeFalsy();
    const result = r.structuredContent as { design_id: string; iterations: number; path: string };
    expect(result.iterations).toBe(3);
    const answer = wire.findIndex((m) => m.result?.structuredContent?.design_id === result.design_id);
    expect(answer).toBeGreaterThan(0);
    const sent = wire.slice(0, answer).filter((m) => m.method === 'notifications/progress');
    expect(sent.map((m) => [m.params!.progress, m.params!.total])).toEqual([[1, 3], [2, 3], [3, 3]]);
    expect(wire.slice(answer).some((m) => m.method === 'notifications/progress')).toBe(false);
    // each notification carries that iteration's compliance, as the stored history has it
    const meta = JSON.parse(readFileSync(join(result.path, 'meta.json'), 'utf8')) as { config: Record<string, number>; history: { step: number; objectives: number[] }[] };
    expect(meta.history.map((h) => h.step)).toEqual([1, 2, 3]);
    sent.forEach((m, i) => expect(Number(/^c ([\d.e+-]+)/.exec(m.params!.message ?? '')?.[1])).toBeCloseTo(meta.history[i].objectives[0], 3));
    expect(meta.config).toMatchObject({ nelx: 16, nely: 16, nelz: 16, max_iter: 3 });
    expect(readNpyHeader(new Uint8Array(readFileSync(join(result.path, 'design.npy')))).shape).toEqual([16, 16, 16]);
  }, 120_000);
});
