/** Our Gemini client (resolve.ts → @langchain/google-genai → HTTP) against the loopback Gemini fake. */
import { providerContract } from './providerContract.ts';
import { startFakeGemini } from '../../fakes/index.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Msg = any;

providerContract({
  name: 'gemini',
  spec: 'google:gemini-2.5-flash',
  start: (script) => startFakeGemini(script),
  price: { input: 0.3, output: 2.5 },
  sent: {
    model: (r) => decodeURIComponent(r.path.split('/models/')[1].split(':')[0]),
    temperature: (r) => r.body.generationConfig?.temperature,
    seed: (r) => r.body.generationConfig?.seed,
    toolNames: (r) => (r.body.tools ?? []).flatMap((t: Msg) => (t.functionDeclarations ?? []).map((d: Msg) => d.name)),
    toolResults: (r) =>
      r.body.contents.flatMap((c: Msg) => c.parts.filter((p: Msg) => p.functionResponse).map((p: Msg) => String(p.functionResponse.response?.result ?? p.functionResponse.response?.content ?? JSON.stringify(p.functionResponse.response)))),
  },
});
