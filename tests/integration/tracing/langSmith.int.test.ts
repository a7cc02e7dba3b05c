/**
 * LangSmith through LangChain's own variables: the real `engiai chat` in a child process with
 * LANGSMITH_TRACING, LANGSMITH_ENDPOINT (our loopback ingest server) and LANGSMITH_API_KEY sends
 * the whole turn's runs — the graph, each agent node, each model call — before it exits. EngiAI
 * adds no code for this: @langchain/core attaches its LangChainTracer when one of LANGSMITH_TRACING,
 * LANGSMITH_TRACING_V2, LANGCHAIN_TRACING_V2, LANGCHAIN_TRACING is "true" (utils/callbacks.js).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLangSmithReceiver, type LangSmithReceiver } from '../../fakes/langsmithReceiver.ts';
import type { ChatTrace } from '../../../agents/index.ts';

const run = promisify(execFile);
const BIN = join(import.meta.dirname, '..', '..', '..', 'cli', 'bin.js');
const KEY = 'lsv2_test_key_0123456789abcdef';

let receiver: LangSmithReceiver;
let home: string;
beforeAll(async () => {
  receiver = await startLangSmithReceiver();
  home = mkdtempSync(join(tmpdir(), 'engiai-langsmith-'));
});
afterAll(async () => {
  await receiver.close();
  rmSync(home, { recursive: true, force: true });
});

describe('LangSmith tracing', () => {
  it('sends the graph, agent and model runs of a chat turn to LANGSMITH_ENDPOINT with the key', async () => {
    const { stdout } = await run(process.execPath, [BIN, 'chat', '--model', 'offline', '--yes', '--json', 'Optimize a Beams2D beam with volfrac 0.4, forcedist 0.65 and rmin 4, then render it'], {
      env: { ...process.env, ENGIAI_HOME: home, LANGSMITH_TRACING: 'true', LANGSMITH_ENDPOINT: receiver.url, LANGSMITH_API_KEY: KEY, LANGSMITH_PROJECT: 'engiai-test' },
      timeout: 120_000,
    });
    const trace = JSON.parse(stdout) as ChatTrace;
    expect(trace.status).toBe('done');
    const ingest = receiver.requests.filter((r) => r.path.startsWith('/runs/'));
    expect(ingest.length).toBeGreaterThan(0);
    for (const r of ingest) expect(r.headers['x-api-key']).toBe(KEY);

    const runs = [...receiver.runs.values()];
    const roots = runs.filter((r) => !r.parent_run_id);
    expect(roots.map((r) => r.name)).toEqual(['engiai']);
    expect(roots[0].session_name).toBe('engiai-test');
    // every run ended (its patch came before the process exited) and belongs to the one trace
    for (const r of runs) {
      expect(r.end_time, `${r.name} has no end`).toBeTruthy();
      expect(r.trace_id).toBe(roots[0].id);
    }
    const names = runs.map((r) => r.name);
    for (const n of ['supervisor', 'engineering']) expect(names).toContain(n);
    const llm = runs.filter((r) => r.run_type === 'llm');
    expect(llm).toHaveLength(trace.totals.modelCalls);
    // the request reached LangSmith as the root run's input
    expect(JSON.stringify(roots[0].inputs)).toContain('volfrac 0.4');
  }, 150_000);
});
