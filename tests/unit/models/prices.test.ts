import { describe, expect, it } from 'vitest';
import { costUsd, priceOf } from '../../../agents/models/prices.ts';

describe('priceOf / costUsd', () => {
  it('prices known models and dated snapshots by family', () => {
    expect(priceOf('openai', 'gpt-4o-mini')).toEqual({ inputPerMTok: 0.15, outputPerMTok: 0.6 });
    expect(priceOf('openai', 'gpt-4o-mini-2024-07-18')).toEqual({ inputPerMTok: 0.15, outputPerMTok: 0.6 });
    expect(priceOf('openai', 'gpt-4o-2024-08-06')).toEqual({ inputPerMTok: 2.5, outputPerMTok: 10 });
    expect(priceOf('google', 'gemini-2.5-flash-lite')).toEqual({ inputPerMTok: 0.1, outputPerMTok: 0.4 });
  });

  it('does not stretch a prefix across a version boundary', () => {
    expect(priceOf('openai', 'gpt-5.2')).toEqual({ inputPerMTok: 0, outputPerMTok: 0 });
  });

  it('charges nothing for local, compatible and unknown models', () => {
    expect(priceOf('ollama', 'llama3.1')).toEqual({ inputPerMTok: 0, outputPerMTok: 0 });
    expect(priceOf('openai-compatible', 'gpt-4o')).toEqual({ inputPerMTok: 0, outputPerMTok: 0 });
    expect(priceOf('openai', 'my-finetune')).toEqual({ inputPerMTok: 0, outputPerMTok: 0 });
  });

  it('computes USD from tokens', () => {
    // 1M input at $0.15 + 0.5M output at $0.60 = $0.45
    expect(costUsd(priceOf('openai', 'gpt-4o-mini'), 1_000_000, 500_000)).toBeCloseTo(0.45, 12);
  });
});
