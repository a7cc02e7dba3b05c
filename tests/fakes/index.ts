/**
 * Protocol-level loopback fakes of the model services (style.md §6 tests/fakes). Start one with
 * a script of replies, point our client at `fake.env` (via config/load.ts) or `fake.baseUrl`,
 * then assert on `fake.requests` (what our client sent) and `fake.replies` (what it got).
 */
export { startFakeOpenAI, type FakeOpenAI } from './openai.ts';
export { startFakeGemini, type FakeGemini } from './gemini.ts';
export { startFakeOllama, type FakeOllama } from './ollama.ts';
export type { FakeServer } from './fakeServer.ts';
export type { FakeReply, FakeToolCall, FakeUsage, RecordedRequest, ScriptStep, SentReply } from './script.ts';
