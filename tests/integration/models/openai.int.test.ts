/** Our OpenAI client (resolve.ts → @langchain/openai → HTTP) against the loopback Chat Completions fake. */
import { providerContract } from './providerContract.ts';
import { startFakeOpenAI } from '../../fakes/index.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Msg = any;

providerContract({
  name: 'openai',
  spec: 'openai:gpt-4o-mini',
  start: (script) => startFakeOpenAI(script),
  price: { input: 0.15, output: 0.6 },
  sent: {
    model: (r) => r.body.model,
    temperature: (r) => r.body.temperature,
    seed: (r) => r.body.seed,
    toolNames: (r) => (r.body.tools ?? []).map((t: Msg) => t.function.name),
    toolResults: (r) => r.body.messages.filter((m: Msg) => m.role === 'tool').map((m: Msg) => (typeof m.content === 'string' ? m.content : m.content.map((b: Msg) => b.text).join(''))),
  },
});
