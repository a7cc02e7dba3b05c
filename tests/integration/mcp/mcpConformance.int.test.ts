/**
 * The official MCP conformance suite (@modelcontextprotocol/conformance 0.1.16, every server
 * scenario: `server --suite all`) against both our MCP servers over Streamable HTTP on loopback:
 * `engiai mcp engineering` and `engiai mcp prusa` (with the printer simulator behind it). The
 * suite runs on its own Node 22 (npm package `node`), installed outside the checkout by
 * .ci/mcp-conformance.sh; without it this test fails and says how to install it. Each scenario's
 * verdict must be the one conformance/knownFailures.ts gives it, and the suite's own baseline check
 * (--expected-failures) must pass.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { homedir, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPrinterSim, type RunningSim } from '../../../tools/prusa/printerSim/simServer.ts';
import { prusaHome, type PrusaHome } from '../prusa/prusaKit.ts';
import { HOLLOW, KNOWN_FAILURES, PASSING } from './conformance/knownFailures.ts';
import { startMcpHttp, type McpHttpChild } from './mcpHttpKit.ts';

const VERSION = '0.1.16';
const DIR = process.env.ENGIAI_MCP_CONFORMANCE_DIR ?? join(process.env.XDG_CACHE_HOME ?? join(homedir(), '.cache'), 'engiai-ci', `mcp-conformance-${VERSION}`);
const NODE22 = join(DIR, 'node_modules', 'node', 'bin', 'node');
const SUITE = join(DIR, 'node_modules', '@modelcontextprotocol', 'conformance', 'dist', 'index.js');

interface Check {
  id: string;
  status: 'SUCCESS' | 'FAILURE' | 'WARNING' | 'INFO' | 'SKIPPED';
  errorMessage?: string;
  details?: { result?: { content?: { text?: string }[] } };
}
interface Run {
  code: number;
  output: string;
  scenarios: Map<string, Check[]>;
}

function suiteMissing(): string | null {
  if (!existsSync(SUITE) || !existsSync(NODE22)) return `the MCP conformance suite ${VERSION} is not installed in ${DIR}: run \`bash .ci/mcp-conformance.sh\` (part of .ci/run; needs the npm registry once)`;
  const version = (JSON.parse(readFileSync(join(DIR, 'node_modules', '@modelcontextprotocol', 'conformance', 'package.json'), 'utf8')) as { version: string }).version;
  if (version !== VERSION) return `${DIR} holds conformance ${version}, this test is written for ${VERSION}: run \`bash .ci/mcp-conformance.sh\``;
  return null;
}

/** One `conformance server --suite all` run; every scenario's checks.json read back. */
function runSuite(url: string, work: string): Promise<Run> {
  const out = join(work, 'results');
  const baseline = join(work, 'expected-failures.yaml');
  writeFileSync(baseline, `server:\n${Object.keys(KNOWN_FAILURES).map((s) => `  - ${s}`).join('\n')}\n`);
  return new Promise((resolve) => {
    // the suite's own Node 22 and nothing of ours on its path; it reaches only the loopback URL given
    execFile(NODE22, [SUITE, 'server', '--url', url, '--suite', 'all', '--expected-failures', baseline, '-o', out], { timeout: 180_000, maxBuffer: 16 * 1024 * 1024, env: { PATH: process.env.PATH ?? '', HOME: work, NO_COLOR: '1' } }, (err, stdout, stderr) => {
      const scenarios = new Map<string, Check[]>();
      for (const d of existsSync(out) ? readdirSync(out) : []) {
        const name = d.replace(/^server-/, '').replace(/-\d{4}-\d{2}-\d{2}T[\d-]+Z$/, '');
        const file = join(out, d, 'checks.json');
        if (existsSync(file)) scenarios.set(name, JSON.parse(readFileSync(file, 'utf8')) as Check[]);
      }
      resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, output: `${stdout}\n${stderr}`, scenarios });
    });
  });
}

const failed = (checks: Check[]) => checks.filter((c) => c.status === 'FAILURE' || c.status === 'WARNING');
const summary = (checks: Check[]) => failed(checks).map((c) => `${c.id}: ${c.errorMessage ?? c.status}`).join('; ');

const KEY = 'conformance-key-0123';
let work: string;
let h: PrusaHome;
let sim: RunningSim;
const servers: McpHttpChild[] = [];
beforeAll(async () => {
  work = mkdtempSync(join(tmpdir(), 'engiai-mcp-conformance-'));
  h = prusaHome();
  sim = await startPrinterSim({ apiKey: KEY, speed: 1000 });
});
afterAll(async () => {
  for (const s of servers) await s.stop();
  await sim?.close();
  rmSync(h.home, { recursive: true, force: true });
  rmSync(work, { recursive: true, force: true });
});

it(`the conformance suite ${VERSION} and its Node 22 are installed`, () => {
  const missing = suiteMissing();
  if (missing) throw new Error(missing);
});

it('every scenario of the suite is listed exactly once (passing, hollow or known failure with a reason)', () => {
  const all = [...PASSING, ...Object.keys(HOLLOW), ...Object.keys(KNOWN_FAILURES)];
  expect(new Set(all).size).toBe(all.length);
  for (const reason of [...Object.values(HOLLOW), ...Object.values(KNOWN_FAILURES)]) expect(reason.length).toBeGreaterThan(20);
});

describe.each([
  ['engineering', () => ({ ENGIAI_HOME: work })],
  ['prusa', () => ({ ENGIAI_HOME: h.home, ENGIAI_PRINTER_URL: sim.url, ENGIAI_PRINTER_KEY: KEY, ENGIAI_MCP_TOKEN: undefined, ENGIAI_CONFIG: undefined })],
] as const)('engiai mcp %s against the official suite', (name, env) => {
  let result: Run | undefined;
  beforeAll(async () => {
    // without the suite every test below fails with the install hint (none is skipped)
    if (suiteMissing()) return;
    const server = await startMcpHttp([name, '--transport', 'http', '--port', '0'], env());
    servers.push(server);
    result = await runSuite(server.url, mkdtempSync(join(work, `${name}-`)));
  }, 240_000);
  const need = (): Run => {
    if (!result) throw new Error(suiteMissing() ?? 'the conformance run did not happen');
    return result;
  };

  it('runs every scenario the suite has, and no scenario we do not list', () => {
    const run = need();
    const listed = new Set<string>([...PASSING, ...Object.keys(HOLLOW), ...Object.keys(KNOWN_FAILURES)]);
    expect([...run.scenarios.keys()].filter((s) => !listed.has(s)), 'scenarios the suite has that knownFailures.ts does not list').toEqual([]);
    expect([...listed].filter((s) => !run.scenarios.has(s)), `listed scenarios the suite did not run:\n${run.output.slice(-2000)}`).toEqual([]);
  });

  it.each(PASSING)('%s passes', (scenario) => {
    const checks = need().scenarios.get(scenario) ?? [];
    expect(checks.length, scenario).toBeGreaterThan(0);
    expect(summary(checks), scenario).toBe('');
    expect(checks.some((c) => c.status === 'SUCCESS')).toBe(true);
  });

  it('the hollow passes pass only because the fixture tool is missing', () => {
    const run = need();
    for (const scenario of Object.keys(HOLLOW)) {
      const checks = run.scenarios.get(scenario) ?? [];
      expect(summary(checks), scenario).toBe('');
      const text = checks.flatMap((c) => c.details?.result?.content ?? []).map((c) => c.text ?? '').join(' ');
      expect(text, `${scenario}: if this now calls a real tool, move it to PASSING`).toMatch(/not found/i);
    }
  });

  it('each known failure still fails (one that passes moves to PASSING), and the suite agrees with the baseline', () => {
    const run = need();
    const nowPassing = Object.keys(KNOWN_FAILURES).filter((s) => failed(run.scenarios.get(s) ?? []).length === 0);
    expect(nowPassing, 'known failures that pass now: move them to PASSING').toEqual([]);
    expect(run.code, run.output.slice(-3000)).toBe(0);
    expect(run.output).toMatch(/Baseline check passed: all failures are expected/);
  });
});
