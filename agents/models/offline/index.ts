/** The `offline` model spec: agents/models/resolve.ts calls createOfflineModel(). */
import { OfflineChatModel, type OfflineModelOptions } from './offlineChatModel.ts';

export function createOfflineModel(options: OfflineModelOptions = {}): OfflineChatModel {
  return new OfflineChatModel(options);
}

export { OfflineChatModel } from './offlineChatModel.ts';
export type { OfflineModelOptions } from './offlineChatModel.ts';
export { classifyIntents } from './supervisorPlanner.ts';
export { parseRequest } from './parseRequest.ts';
export { parseExports } from './parseExports.ts';
