/** The `offline` model: agents/models/resolve.ts calls createOfflineModel(); the runtime gives it roles. */
import { OfflineChatModel, type OfflineModelOptions } from './offlineChatModel.ts';

export function createOfflineModel(options: OfflineModelOptions = {}): OfflineChatModel {
  return new OfflineChatModel(options);
}

export { OfflineChatModel } from './offlineChatModel.ts';
export type { OfflineModelOptions } from './offlineChatModel.ts';
export { classifyIntents, supervisorRole } from './supervisorPlanner.ts';
export { noPlannerRole, type OfflineRole, type OfflineRoute } from './role.ts';
export { doneCalls, errorText, lastIndexOfType, textOf, type DoneCall, type Plan, type PlannedCall } from './transcript.ts';
