/** The protocol concept: parsing, its default, its seeds, and that it is part of the config hash. */
import { describe, expect, it } from 'vitest';
import { configHash } from '../../../benchmarks/runner/runConfig.ts';
import { DEFAULT_PROTOCOL, FIRST_SEED, parseProtocol, SEED_SENTENCE_RE, seedSentence } from '../../../benchmarks/workflow/protocol.ts';
import { workflowRunConfig } from '../../../benchmarks/workflow/index.ts';
import { loadConfig } from '../../../config/load.ts';

describe('workflow protocols', () => {
  it('paper is the default; unknown names are refused with the choices', () => {
    expect(DEFAULT_PROTOCOL).toBe('paper');
    expect(parseProtocol(undefined)).toBe('paper');
    expect(parseProtocol(' ENGIAI ')).toBe('engiai');
    expect(() => parseProtocol('ours')).toThrow(/unknown --protocol "ours"/);
    expect(FIRST_SEED).toEqual({ paper: 1, engiai: 0 });
  });

  it('the run protocol is in the hashed configuration, so runs of the two never mix', () => {
    const config = loadConfig({ env: { ENGIAI_HOME: '/tmp/never-written' }, cwd: '/tmp' });
    const base = { config, agent: 'reference', samples: 1, seeds: [1], problems: ['beams2d' as const] };
    const paper = workflowRunConfig({ ...base, protocol: 'paper' });
    const engiai = workflowRunConfig({ ...base, protocol: 'engiai' });
    expect(paper.protocol).toBe('paper');
    expect(workflowRunConfig(base).protocol).toBe('paper');
    expect(configHash(paper)).not.toBe(configHash(engiai));
  });

  it("the reference runner's seed sentence reads back", () => {
    expect(SEED_SENTENCE_RE.exec(`Optimize it. ${seedSentence(12)}`)?.[1]).toBe('12');
  });
});
