/** config/load.ts + config/schema.ts: precedence, env mapping, clear errors, secrets only from env. */
import { writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig, normaliseOllamaHost } from '../../../config/load.ts';
import { configErrorOf, configWorkspace } from '../../support/configWorkspace.ts';



describe('loadConfig', () => {
  it('defaults: offline, temperature 0, seed 42, home from ENGIAI_HOME', () => {
    const cwd = configWorkspace();
    const config = loadConfig({ env: { ENGIAI_HOME: join(cwd, 'home') }, cwd });
    expect(config.model).toMatchObject({ spec: 'offline', temperature: 0, seed: 42, maxRetries: 3, timeoutMs: 120_000 });
    expect(config.home).toBe(join(cwd, 'home'));
    expect(config.providers.ollama).toEqual({ host: 'http://127.0.0.1:11434', numCtx: 16_384 });
    expect(config.server).toEqual({ host: '127.0.0.1', port: 8080, maxTurns: 64, turnBudgetS: 3600, unattendedS: 1800 });
  });

  it('merges defaults < file < env < flags', () => {
    const cwd = configWorkspace('model:\n  spec: ollama:llama3.1\n  seed: 7\n  timeoutMs: 1000\nserver:\n  port: 9000\n');
    const config = loadConfig({ env: { ENGIAI_SEED: '8', ENGIAI_TIMEOUT_MS: '2000' }, cwd, flags: { model: { timeoutMs: 3000 } } });
    expect(config.model).toMatchObject({ spec: 'ollama:llama3.1', seed: 8, timeoutMs: 3000, temperature: 0 });
    expect(config.server.port).toBe(9000);
  });

  it('reads ENGIAI_CONFIG, keys and base URLs from the environment', () => {
    const cwd = configWorkspace();
    const file = join(cwd, 'elsewhere.yaml');
    writeFileSync(file, 'model:\n  spec: google:gemini-2.5-flash\n');
    const config = loadConfig({ env: { ENGIAI_CONFIG: file, GEMINI_API_KEY: 'g-key', GEMINI_BASE_URL: 'http://127.0.0.1:9/', OPENAI_API_KEY: 'o-key', OLLAMA_HOST: '10.0.0.5' }, cwd });
    expect(config.model.spec).toBe('google:gemini-2.5-flash');
    expect(config.providers.google).toEqual({ apiKey: 'g-key', baseUrl: 'http://127.0.0.1:9/' });
    expect(config.providers.openai.apiKey).toBe('o-key');
    expect(config.providers.ollama.host).toBe('http://10.0.0.5:11434');
  });

  it('reads the turn cap and the URL the openai-compatible key belongs to', () => {
    const cwd = configWorkspace();
    const config = loadConfig({ env: { ENGIAI_MAX_TURNS: '3', ENGIAI_TURN_BUDGET_S: '600', ENGIAI_UNATTENDED_S: '60', OPENAI_COMPATIBLE_API_KEY: 'c-key', OPENAI_COMPATIBLE_BASE_URL: 'http://127.0.0.1:8000/v1' }, cwd });
    expect(config.server.maxTurns).toBe(3);
    expect(config.server).toMatchObject({ turnBudgetS: 600, unattendedS: 60 });
    expect(configErrorOf(() => loadConfig({ env: { ENGIAI_UNATTENDED_S: '0' }, cwd })).message).toContain('server.unattendedS');
    expect(config.providers.openaiCompatible).toEqual({ apiKey: 'c-key', baseUrl: 'http://127.0.0.1:8000/v1' });
    expect(configErrorOf(() => loadConfig({ env: { ENGIAI_MAX_TURNS: '0' }, cwd })).message).toContain('server.maxTurns');
  });

  it('takes the web token from ENGIAI_WEB_TOKEN, falling back to ENGIAI_TOKEN', () => {
    const cwd = configWorkspace();
    expect(loadConfig({ env: { ENGIAI_WEB_TOKEN: 'w'.repeat(20), ENGIAI_TOKEN: 't'.repeat(20) }, cwd }).server.token).toBe('w'.repeat(20));
    expect(loadConfig({ env: { ENGIAI_TOKEN: 't'.repeat(20) }, cwd }).server.token).toBe('t'.repeat(20));
  });

  it('expands ~ in home', () => {
    expect(loadConfig({ env: {}, cwd: configWorkspace('home: ~/engiai-data\n') }).home).toBe(join(homedir(), 'engiai-data'));
  });

  it('treats empty YAML keys and empty env values as unset', () => {
    const cwd = configWorkspace('providers:\n  openai:\n  google:\nmodel:\n');
    expect(loadConfig({ env: { ENGIAI_MODEL: '  ', OPENAI_API_KEY: '' }, cwd }).model.spec).toBe('offline');
  });

  it('reports bad YAML with its line', () => {
    const err = configErrorOf(() => loadConfig({ env: {}, cwd: configWorkspace('model:\n  spec: [unclosed\n') }));
    expect(err.message).toMatch(/invalid YAML in .*engiai\.yaml at line \d+/);
  });

  it('names every bad value with its path and what was received', () => {
    const err = configErrorOf(() => loadConfig({ env: { ENGIAI_TEMPERATURE: '5' }, cwd: configWorkspace('model:\n  maxRetries: -1\n  colour: red\n') }));
    expect(err.message).toContain('model.temperature');
    expect(err.message).toContain('received 5');
    expect(err.message).toContain('model.maxRetries');
    expect(err.message).toContain('colour');
    expect(err.hint).toContain('engiai.example.yaml');
  });

  it('rejects a non-numeric number variable by name', () => {
    expect(configErrorOf(() => loadConfig({ env: { ENGIAI_PORT: 'eighty' }, cwd: configWorkspace() })).message).toContain('ENGIAI_PORT');
  });

  it('refuses secrets in the config file and never echoes a secret', () => {
    const err = configErrorOf(() => loadConfig({ env: {}, cwd: configWorkspace('providers:\n  openai:\n    apiKey: sk-in-file-123456\n') }));
    expect(err.message).toContain('providers.openai.apiKey');
    expect(err.hint).toContain('OPENAI_API_KEY');
    expect(`${err.message}${err.hint}`).not.toContain('sk-in-file-123456');
  });

  it('fails clearly when an explicit config file is missing', () => {
    expect(configErrorOf(() => loadConfig({ env: { ENGIAI_CONFIG: '/nonexistent/engiai.yaml' }, cwd: configWorkspace() })).message).toContain('not found');
  });

  it('loads the shipped example file unchanged', () => {
    const config = loadConfig({ env: {}, configPath: join(import.meta.dirname, '../../../config/engiai.example.yaml') });
    expect(config.model.spec).toBe('offline');
  });
});

describe('normaliseOllamaHost', () => {
  it.each([
    ['localhost', 'http://localhost:11434'],
    ['0.0.0.0:5000', 'http://0.0.0.0:5000'],
    ['http://gpu-box:11434/', 'http://gpu-box:11434'],
    ['https://ollama.example.org', 'https://ollama.example.org'],
    ['http://gpu-box', 'http://gpu-box:11434'],
  ])('%s → %s', (input, expected) => expect(normaliseOllamaHost(input)).toBe(expected));
});
