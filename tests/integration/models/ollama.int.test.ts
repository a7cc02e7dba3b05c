/** Our Ollama client (resolve.ts → @langchain/ollama → HTTP) against the loopback Ollama fake. */
import { providerContract } from './providerContract.ts';
import { startFakeOllama } from '../../fakes/index.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Msg = any;

providerContract({
  name: 'ollama',
  spec: 'ollama:llama3.1:8b',
  start: (script) => startFakeOllama(script),
  price: { input: 0, output: 0 },
  sent: {
    model: (r) => r.body.model,
    temperature: (r) => r.body.options?.temperature,
    seed: (r) => r.body.options?.seed,
    toolNames: (r) => (r.body.tools ?? []).map((t: Msg) => t.function.name),
    toolResults: (r) => r.body.messages.filter((m: Msg) => m.role === 'tool').map((m: Msg) => m.content),
  },
});
