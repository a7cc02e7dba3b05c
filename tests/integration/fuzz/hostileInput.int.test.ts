/**
 * Fuzz: seeded hostile input for a bounded time (ENGIAI_FUZZ_SECONDS, default 30; seed
 * ENGIAI_FUZZ_SEED, printed with every failure) at the agent tools (in this process), the HTTP API
 * (the server in its own process) and the `engiai` command (child processes in a sandbox: cwd,
 * TMPDIR and ENGIAI_HOME inside it). Asserted throughout: no crash, no stack trace to the user,
 * no 5xx except by design (503 busy, 507 upload store), no file written outside ENGIAI_HOME and
 * the output paths given, memory bounded. Approval answers (random strings, JSON values, near-miss
 * decisions and new messages while an approval is pending, in process and over HTTP): nothing
 * approval-gated runs without the exact typed approve bound to its call.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve, sep } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../../benchmarks/perf/lib/serverProcess.ts';
import { runToolCall } from '../../../agents/supervisor/runToolCall.ts';
import { askPerson } from '../../../tools/askPerson.ts';
import { engineeringContext } from '../../../tools/engineering/context.ts';
import { decodeNpy } from '../../../tools/engineering/store/npy.ts';
import { engineeringTools } from '../../../tools/engineering/tools/index.ts';
import { CancelledError, InputError } from '../../../tools/errors.ts';
import { bindTools, type BoundTool } from '../../../tools/tool.ts';
import { BIN } from '../cli/helpers.ts';
import { loadConfig } from '../../../config/load.ts';
import { decisionFor, type InterruptPayload } from '../../../agents/index.ts';
import { startWebServer } from '../../../web/server/webServer.ts';
import { parseSse } from '../web/helpers.ts';
import { mulberry32 } from '../../../tools/engineering/random.ts';
import { Hostile } from './hostile.ts';

const SECONDS = Number(process.env.ENGIAI_FUZZ_SECONDS ?? 30);
const SEED = Number(process.env.ENGIAI_FUZZ_SEED ?? 20261201);
const ROOT = resolve(import.meta.dirname, '..', '..', '..');
const STACK = /\n\s+at \S+|internal error/;
const MB = 1024 * 1024;

let sandbox: string;
const given: string[] = []; // output paths handed to the CLI (resolved)
const note = (what: string) => `seed ${SEED}: ${what}`;
/** encodeURIComponent that does not throw on a lone surrogate (it drops them). */
const encode = (s: string) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, ''));

/** The repository's files (not dependencies, build output or test artifacts, which other tests write). */
function repoFiles(dir = ROOT, out: string[] = []): string[] {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (['node_modules', '.git', 'test-artifacts', 'dist'].includes(e.name)) continue;
    if (e.isDirectory()) repoFiles(p, out);
    else out.push(relative(ROOT, p));
  }
  return out;
}
let repoBefore = new Set<string>();

beforeAll(() => {
  sandbox = mkdtempSync(join(tmpdir(), 'engiai-fuzz-'));
  for (const d of ['cwd', 'tmp', 'out', 'npy', 'engiai']) mkdirSync(join(sandbox, d));
  writeFileSync(join(sandbox, 'out', 'a-file'), 'a file where a folder might be expected');
  repoBefore = new Set(repoFiles());
});
afterAll(() => rmSync(sandbox, { recursive: true, force: true }));

/** Runs `fn` with fresh input until its share of the time is spent; returns how many runs. */
async function forAWhile(seconds: number, fn: (h: Hostile, i: number) => Promise<void>, salt: number): Promise<number> {
  const h = new Hostile(mulberry32(SEED + salt));
  const end = performance.now() + seconds * 1000;
  let i = 0;
  do await fn(h, i++);
  while (performance.now() < end);
  return i;
}

describe('hostile input', () => {
  it('.npy headers: decoding returns a design or throws an InputError, nothing else', async () => {
    const runs = await forAWhile(SECONDS * 0.05, async (h) => {
      const bytes = h.npy();
      try {
        const d = decodeNpy(bytes, { source: 'fuzz.npy' });
        expect(d.data.length).toBe(d.shape.reduce((n: number, s: number) => n * s, 1)); // 2-D, or 3-D (Beams3D)
      } catch (err) {
        expect(err, note(Buffer.from(bytes.slice(0, 120)).toString('latin1'))).toBeInstanceOf(InputError);
      }
    }, 1);
    expect(runs).toBeGreaterThan(100);
  });

  it('agent tools: random and mangled arguments come back as tool results, never as crashes', async () => {
    const home = join(sandbox, 'engiai');
    const tools: BoundTool[] = [...bindTools(await engineeringTools(), engineeringContext(home)), askPerson()];
    const names = [...tools.map((t) => t.name), 'no_such_tool'];
    const valid = { problem: 'beams2d', conditions: { volfrac: 0.4, forcedist: 0.5, rmin: 2 }, config: { nelx: 20, nely: 10, max_iter: 2 } };
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const runs = await forAWhile(SECONDS * 0.25, async (h, i) => {
      const name = h.pick(names);
      const args = h.pick<() => unknown>([
        () => h.json(),
        () => ({ ...valid, [h.pick(['conditions', 'config', 'problem'])]: h.json(2) }),
        () => ({ ...valid, config: { ...valid.config, [h.pick(['nelx', 'nely', 'max_iter'])]: h.number() } }),
        () => ({ design_id: h.pick([h.string(), '/dev/zero', '../../etc/passwd', `${home}/artifacts`, 'beams2d-0000000000000000']) }),
        () => ({ design_id: h.string(), threshold: h.number(), scale_xy: h.number(), scale_z: h.number() }),
      ])();
      const signal = AbortSignal.timeout(5000);
      const call = { id: `fuzz-${i}`, name, args, ...(h.chance(0.05) ? { malformed: h.string().slice(0, 50) } : {}) };
      const outcome = await runToolCall(call, tools, { askHuman: async () => 'no', threadId: `fuzz-${i % 3}`, signal }, async () => h.chance(0.5)).catch((err: unknown) => {
        expect(err, note(`${name} ${JSON.stringify(args).slice(0, 300)}`)).toBeInstanceOf(CancelledError);
        return null;
      });
      if (outcome) {
        expect(outcome.message.tool_call_id).toBe(call.id);
        expect(String(outcome.message.content), note(name)).not.toMatch(STACK);
        if (!outcome.ok) expect((outcome.result as { error?: { type?: string } }).error?.type, note(JSON.stringify(outcome.result).slice(0, 300))).toMatch(/^(InputError|ModelBehaviorError|NotFoundError|NumericError|Declined|ConfigError)$/);
      }
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 2);
    console.log(`fuzz: ${runs} tool calls (seed ${SEED})`);
    expect(runs).toBeGreaterThan(20);
    expect(peak - rssBefore, note('tool fuzz memory')).toBeLessThan(700 * MB);
  }, 120_000);

  it('approval answers: nothing approval-gated runs without the exact typed approve bound to its call', async () => {
    const home = join(sandbox, 'engiai', 'approval-fuzz');
    mkdirSync(join(home, 'artifacts'), { recursive: true });
    const ranLog = join(home, 'ran.log');
    const stamp = join(home, 'stamp.sh');
    writeFileSync(stamp, `#!/bin/sh\necho "$*" >> "${ranLog}"\n`, { mode: 0o755 });
    const configPath = join(home, 'engiai.yaml');
    writeFileSync(configPath, JSON.stringify({ commands: { programs: [{ name: 'stamp', path: stamp, args: ['{int}'] }] } }));
    const server = await startWebServer({ config: loadConfig({ env: { ENGIAI_HOME: home }, configPath, cwd: home }), host: '127.0.0.1', port: 0, client: false, model: 'offline' });
    const session = await server.state.chat.session(server.state.settings.model, server.state.settings.approvals);
    const approvedRuns: string[] = [];
    const seen: InterruptPayload[] = [];
    let answers = 0;
    try {
      /** One step on a thread, in process or over HTTP: the pending interrupt after it (null when the turn ended). */
      const step = async (h: Hostile, thread: string, body: { message?: string; resume?: unknown }): Promise<InterruptPayload | null | 'refused'> => {
        if (h.chance(0.5)) {
          try {
            return (await session.runTurn({ threadId: thread, ...body })).interrupt;
          } catch (err) {
            expect(err, note(`resume ${JSON.stringify(body).slice(0, 200)}`)).toBeInstanceOf(InputError);
            return 'refused';
          }
        }
        const res = await fetch(`${server.url}/api/threads/${thread}/turn`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-engiai-csrf': '1' }, body: JSON.stringify(body) });
        const text = await res.text();
        const what = note(`POST ${JSON.stringify(body).slice(0, 200)} → ${res.status} ${text.slice(0, 200)}`);
        if (res.status !== 200) {
          expect([400, 409, 413], what).toContain(res.status);
          expect(text, what).not.toMatch(STACK);
          return 'refused';
        }
        const end = parseSse(text).find((f) => f.event === 'turn_end');
        expect(end, what).toBeDefined();
        return (end!.data.interrupt as InterruptPayload | null) ?? null;
      };
      const runs = await forAWhile(SECONDS * 0.1, async (h, i) => {
        const thread = `ap-${i}`;
        let pending = await step(h, thread, { message: `run the command \`stamp ${i}\`` });
        expect(pending, note(`thread ${thread} did not ask`)).toMatchObject({ kind: 'approval', tool: 'run_command' });
        for (let k = h.int(1, 4); k > 0 && pending && pending !== 'refused'; k--) {
          const q: InterruptPayload = pending;
          seen.push(q);
          const other = seen[h.int(0, seen.length - 1)];
          const payload = h.pick<() => { message?: string; resume?: unknown }>([
            () => ({ resume: h.json() }),
            () => ({ resume: h.string() }),
            () => ({ resume: h.pick(['yes', 'y', 'ok', 'sure not', 'ok no, do not run it', 'go away', 'approve', true, 1, 'true', 'false']) }),
            () => ({ resume: { approved: h.json(0), callId: q.callId, digest: q.digest } }),
            () => ({ resume: { decision: h.pick(['approve', 'APPROVE', ' approve', 'yes', true]), callId: h.pick([q.callId, other.callId, h.string()]), digest: h.pick([other.digest, `${q.digest}0`, q.digest!.slice(1), h.string()]) } }),
            () => ({ resume: { ...decisionFor(q, 'approve'), callId: other.callId === q.callId ? 'x' : other.callId } }),
            () => ({ message: h.pick(['ok then open it in f3d', 'yes', 'sure', 'approve', h.string().replace(/`/g, '').trim() || 'hello']) }),
            () => ({ message: 'yes', resume: decisionFor(q, 'approve') }),
          ])();
          answers++;
          const next = await step(h, thread, payload);
          if (next === 'refused') continue;
          pending = next;
        }
        // now and then the exact approve: that call runs, once, with the argv the person saw
        if (pending && pending !== 'refused' && pending.kind === 'approval' && h.chance(0.3)) {
          const argv = (pending.subject as { argv: string[] }).argv;
          const after = await step(h, thread, { resume: decisionFor(pending, 'approve') });
          expect(after === 'refused', note('an exact approve was refused')).toBe(false);
          approvedRuns.push(argv.join(' '));
        }
      }, 5);
      console.log(`fuzz: ${runs} approvals, ${answers} hostile answers, ${approvedRuns.length} exact approves (seed ${SEED})`);
      expect(runs).toBeGreaterThan(5);
      const ran = existsSync(ranLog) ? readFileSync(ranLog, 'utf8').split('\n').filter(Boolean) : [];
      expect(ran.sort(), note('programs that ran vs exact approvals')).toEqual(approvedRuns.sort());
    } finally {
      await server.close();
    }
  }, 120_000);

  describe('the HTTP API', () => {
    let server: ServerProcess;
    beforeAll(async () => {
      // no retries and short model timeouts: a random model spec must not stall the run
      server = await startServerProcess(join(sandbox, 'engiai'), { options: { uploadLimitBytes: 64 * 1024, maxTurns: 4 }, env: { ENGIAI_MAX_RETRIES: '0', ENGIAI_TIMEOUT_MS: '2000' } });
    });
    afterAll(async () => server?.stop());

    it('answers every request below 500 (except 503/507 by design) with no stack, and stays up and small', async () => {
      const base = server.rssMb()!;
      let peak = base;
      const endpoints = ['/api/threads', '/api/threads/t1', '/api/threads/t1/turn', '/api/settings', '/api/designs', '/api/uploads', '/artifacts/x/y', '/api/health', '/api/nothing', '/'];
      const runs = await forAWhile(SECONDS * 0.2, async (h) => {
        const method = h.pick(['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'HEAD']);
        let path = h.pick(endpoints).replace('t1', h.pick(['t1', 'fuzz-thread', encode(h.string()).slice(0, 80), '..', '%2e%2e']));
        if (h.chance(0.3)) path += `?${h.pick(['name', 'token', 'download', 'x'])}=${encode(h.string().slice(0, 100))}`;
        const headers: Record<string, string> = {};
        if (h.chance(0.85)) headers['x-engiai-csrf'] = '1';
        if (h.chance(0.2)) headers.cookie = `engiai_token=${h.pick(['%E0%A4%A', '%', 'abc', h.string().replace(/[^\x20-\x7e]/g, '').slice(0, 100)])}`;
        if (h.chance(0.1)) headers.origin = h.pick(['null', 'http://evil.example', 'garbage']);
        let body: string | undefined;
        if (!['GET', 'HEAD'].includes(method)) {
          headers['content-type'] = h.pick(['application/json', 'application/json', 'text/plain', 'application/octet-stream']);
          body = h.pick<() => string>([() => JSON.stringify(h.json()), () => h.string(), () => '{"message": ', () => '\u0000'.repeat(h.int(0, 100_000))])();
        }
        const res = await fetch(`${server.url}${path}`, { method, headers, body, signal: AbortSignal.timeout(20_000), redirect: 'manual' });
        const text = method === 'HEAD' ? '' : await res.text();
        const what = note(`${method} ${path} ${(body ?? '').slice(0, 200)} → ${res.status} ${text.slice(0, 300)}`);
        expect(res.status >= 500 && res.status !== 503 && res.status !== 507, what).toBe(false);
        expect(text, what).not.toMatch(STACK);
        peak = Math.max(peak, server.rssMb() ?? Infinity);
      }, 3);
      console.log(`fuzz: ${runs} HTTP requests (seed ${SEED})`);
      expect(runs).toBeGreaterThan(50);
      expect((await fetch(`${server.url}/api/health`)).status).toBe(200);
      expect(server.child.exitCode, note('server exited')).toBeNull();
      expect(peak - base, note('server memory')).toBeLessThan(400);
    }, 120_000);
  });

  it('the engiai command: exit 0/1/2 with named errors, no stack, bounded memory', async () => {
    const home = join(sandbox, 'engiai');
    const rssFile = join(sandbox, 'rss.txt');
    const env = { ...process.env, ENGIAI_HOME: home, TMPDIR: join(sandbox, 'tmp'), NO_COLOR: '1', ENGIAI_FUZZ_RSS_FILE: rssFile, NODE_OPTIONS: `--import ${join(import.meta.dirname, 'maxRss.mjs')}` };
    // argv cannot carry NUL bytes: the OS would cut them, so they are not sent
    const run = (args: string[]) => spawnSync(process.execPath, [BIN, ...args.map((a) => a.replace(/\0/g, ''))], { cwd: join(sandbox, 'cwd'), env, encoding: 'utf8', timeout: 60_000 });
    const made = run(['optimize', 'beams2d', '--nelx', '20', '--nely', '10', '--max-iter', '2', '--no-render', '--json']);
    expect(made.status, made.stderr).toBe(0);
    const id = (JSON.parse(made.stdout) as { design: { id: string } }).design.id;
    execFileSync('mkfifo', [join(sandbox, 'npy', 'fifo.npy')]);
    let files = 0;
    const design = (h: Hostile) =>
      h.pick<() => string>([
        () => id,
        () => id.slice(0, 12),
        () => h.string().slice(0, 60) || 'x',
        () => '/dev/zero',
        () => join(sandbox, 'npy', 'fifo.npy'),
        () => join(sandbox, 'npy'),
        () => join(sandbox, 'npy', 'missing.npy'),
        () => {
          const f = join(sandbox, 'npy', `h${files++}.npy`);
          writeFileSync(f, h.npy());
          return f;
        },
      ])();
    const problems = ['beams2d', 'beams2d@0', 'photonics2d', 'thermoelastic2d', 'bridge3d', ''];
    const fields = ['volfrac', 'rmin', 'forcedist', 'overhang', 'nelx', 'nely', 'penal', 'lambda1', 'blur-radius', 'num-elems-x', 'weight', 'exact-gradient', 'bogus'];
    const conditions = (h: Hostile) => Array.from({ length: h.int(0, 4) }, () => [`--${h.pick(fields)}`, h.numberText()]).flat();
    /** Small work unless the fuzz picks a hostile bound itself. */
    const bounded = (h: Hostile, problem: string) => (h.chance(0.85) ? (problem === 'photonics2d' ? ['--steps', '1'] : ['--max-iter', h.pick(['0', '1', '2'])]) : ['--max-iter', h.numberText()]);
    const out = (h: Hostile, ext: string) => {
      const p = h.path(sandbox, ext);
      if (p) given.push(resolve(join(sandbox, 'cwd'), p));
      return p;
    };
    let worst = 0;
    const runs = await forAWhile(SECONDS * 0.4, async (h) => {
      const problem = h.pick(problems);
      const args = h.pick<() => string[]>([
        () => ['optimize', problem, ...conditions(h), ...bounded(h, problem), ...(h.chance(0.3) ? ['--out', out(h, '')] : []), ...(h.chance(0.5) ? ['--no-render'] : []), ...(h.chance(0.2) ? ['--start', design(h)] : []), '--json'],
        () => ['simulate', ...(h.chance(0.5) ? [problem] : []), '--design', design(h), ...conditions(h)],
        () => ['render', '--design', design(h), '--out', out(h, h.pick(['.png', '.svg', ''])), ...(h.chance(0.2) ? ['--convergence', out(h, '.svg')] : [])],
        () => ['export-stl', '--design', design(h), '--out', out(h, '.stl'), '--threshold', h.numberText(), '--scale-xy', h.numberText()],
        () => ['dataset', 'generate', 'beams2d', '--n', h.pick(['0', '1', '0x2', '200001', '-1']), '--nelx', '20', '--nely', '10', '--max-iter', '1', '--out', out(h, '')],
        () => ['chat', h.string().slice(0, 300) || 'hello', ...(h.chance(0.3) ? ['--thread', h.string().slice(0, 40) || 't'] : []), '--json'],
        () => [h.pick(['optimize', 'render', 'problems', 'nonsense', '--help', '']), ...Array.from({ length: h.int(0, 4) }, () => h.pick([`--${h.string().slice(0, 20)}`, h.string().slice(0, 40), '--', '-x']))],
      ])();
      const r = run(args);
      const what = note(`engiai ${JSON.stringify(args).slice(0, 400)} → ${r.status} ${r.signal ?? ''}\n${(r.stderr ?? '').slice(0, 600)}`);
      expect(r.error, what).toBeUndefined();
      expect([0, 1, 2], what).toContain(r.status);
      expect(r.stderr, what).not.toMatch(STACK);
      expect(r.stdout, what).not.toMatch(STACK);
      const rss = readFileSync(rssFile, 'utf8').trim().split('\n').map((l) => Number(l.split(' ')[1]) * 1024);
      worst = Math.max(worst, ...rss);
    }, 4);
    console.log(`fuzz: ${runs} engiai commands (seed ${SEED})`);
    expect(runs).toBeGreaterThan(5);
    expect(worst, note('CLI memory')).toBeLessThan(1024 * MB);

    // no file outside ENGIAI_HOME, our own inputs and the output paths given
    const allowed = (p: string) =>
      [home, join(sandbox, 'npy'), rssFile, join(sandbox, 'out', 'a-file')].some((a) => p === a || p.startsWith(a + sep)) || given.some((g) => p === g || p.startsWith(g + sep));
    const stray: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const p = join(dir, name);
        if (statSync(p).isDirectory()) walk(p);
        else if (!allowed(p)) stray.push(relative(sandbox, p));
      }
    };
    walk(sandbox);
    expect(stray, note('files written outside ENGIAI_HOME and the given outputs')).toEqual([]);
    expect(readdirSync(join(sandbox, 'cwd'))).toEqual([]);
    expect(readdirSync(join(sandbox, 'tmp'))).toEqual([]);
    expect(existsSync('/etc/passwd/engiai-fuzz')).toBe(false);
    expect(repoFiles().filter((f) => !repoBefore.has(f)), note('files written into the repository')).toEqual([]);
  }, 180_000);
});
