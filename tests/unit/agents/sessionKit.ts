/** Sessions for graph tests: the runtime over a temp ENGIAI_HOME and a given saver, as the CLI and web server build them. */
import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { MemorySaver, type BaseCheckpointSaver } from '@langchain/langgraph';
import { createOfflineModel, createRuntime, type ChatSession, type Limits, type RuntimeOptions, type SpecialistFactory } from '../../../agents/index.ts';
import { loadConfig } from '../../../config/load.ts';

export const testConfig = (home: string) => loadConfig({ env: { ENGIAI_HOME: home }, configPath: undefined, cwd: home });

export interface TestSessionOptions {
  model?: BaseChatModel;
  saver?: BaseCheckpointSaver;
  specialists?: readonly SpecialistFactory[];
  extraSpecialists?: readonly SpecialistFactory[];
  limits?: Partial<Limits>;
  approvals?: string[];
}

/** A session of the runtime (offline model and MemorySaver unless given). */
export async function testSession(home: string, o: TestSessionOptions = {}): Promise<ChatSession> {
  const opts: RuntimeOptions = { config: testConfig(home), saver: o.saver ?? new MemorySaver(), specialists: o.specialists, extraSpecialists: o.extraSpecialists, limits: o.limits };
  const runtime = await createRuntime(opts);
  return runtime.session({ model: o.model ?? createOfflineModel(), approvals: o.approvals });
}
