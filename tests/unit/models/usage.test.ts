import { describe, expect, it } from 'vitest';
import { AIMessage } from '@langchain/core/messages';
import { UsageHandler, UsageLedger } from '../../../agents/models/usage.ts';

describe('UsageLedger', () => {
  it('sums records and counts failures and retries', () => {
    const ledger = new UsageLedger();
    const seen: string[] = [];
    const stop = ledger.onRecord((r) => seen.push(r.model));
    ledger.record({ model: 'a', inputTokens: 10, outputTokens: 5, costUsd: 0.5, latencyMs: 100, ok: true });
    stop();
    ledger.record({ model: 'b', inputTokens: 0, outputTokens: 0, costUsd: 0, latencyMs: 30, ok: false, error: 'TimeoutError' });
    ledger.noteRetry({ model: 'a', retry: 1, delayMs: 100, reason: 'HTTP 429' });
    expect(ledger.totals()).toEqual({ calls: 2, failedCalls: 1, retries: 1, inputTokens: 10, outputTokens: 5, costUsd: 0.5, latencyMs: 130 });
    expect(seen).toEqual(['a']);
  });

  it('the handler prices usage_metadata, falling back to llmOutput.tokenUsage', () => {
    const ledger = new UsageLedger();
    const handler = new UsageHandler(ledger, 'openai:gpt-4o-mini', { inputPerMTok: 1, outputPerMTok: 2 });
    handler.handleChatModelStart({}, [], 'run-1');
    const message = new AIMessage({ content: 'x', usage_metadata: { input_tokens: 1000, output_tokens: 500, total_tokens: 1500 } });
    handler.handleLLMEnd({ generations: [[{ text: 'x', message } as never]] }, 'run-1');
    handler.handleLLMEnd({ generations: [[{ text: 'y' }]], llmOutput: { tokenUsage: { promptTokens: 7, completionTokens: 3 } } }, 'run-2');
    expect(ledger.calls.map((r) => [r.inputTokens, r.outputTokens, r.costUsd])).toEqual([
      [1000, 500, 0.002],
      [7, 3, 13e-6],
    ]);
    expect(ledger.calls[0].latencyMs).toBeGreaterThanOrEqual(0);
  });
});
