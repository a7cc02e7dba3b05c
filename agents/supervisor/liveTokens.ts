/**
 * Live tokens for one model call. A callback handler scoped to that call (LangGraph's "messages"
 * stream mode instead puts callback work on every runnable of every step) forwards each streamed
 * chunk's text as a `token` event through the node's emitter, so tokens reach the tracer in order
 * with the other events. It is awaited per chunk (not queued in the background) for that order.
 */
import { BaseCallbackHandler } from '@langchain/core/callbacks/base';
import type { LangGraphRunnableConfig } from '@langchain/langgraph';
import type { emitter } from './nodeKit.ts';

/** `configurable` key: true when the run wants live tokens. */
export const LIVE_TOKENS = 'engiai_tokens';

class TokenForwarder extends BaseCallbackHandler {
  name = 'engiai_token_forwarder';
  lc_prefer_streaming = true;

  constructor(
    private readonly agent: string,
    private readonly emit: ReturnType<typeof emitter>,
  ) {
    super({ _awaitHandler: true });
  }

  override handleLLMNewToken(token: string): void {
    if (token) this.emit({ type: 'token', agent: this.agent, text: token });
  }
}

/** The config for a node's model call: with a token forwarder added when the run streams tokens. */
export function modelCallConfig(config: LangGraphRunnableConfig, agent: string, emit: ReturnType<typeof emitter>): LangGraphRunnableConfig {
  if (config.configurable?.[LIVE_TOKENS] !== true) return config;
  const handler = new TokenForwarder(agent, emit);
  const cb = config.callbacks;
  const callbacks = cb === undefined ? [handler] : Array.isArray(cb) ? [...cb, handler] : cb.copy([handler]);
  return { ...config, callbacks };
}
