/** What the web server shares between routes: settings the UI can change, the services, paths. */
import type { Runtime } from '../../agents/index.ts';
import type { DesignStore } from '../../tools/engineering/store/designStore.ts';
import type { ChatService } from './chatService.ts';
import type { ThreadIndex } from './threadIndex.ts';
import type { EngiConfig } from '../../config/schema.ts';

export interface WebSettings {
  /** Model spec used for new turns. */
  model: string;
  /** Tool names that ask the person before they run. */
  approvals: string[];
}

export interface WebState {
  settings: WebSettings;
  /** The specialists' default approvals (the settings show which of them were removed). */
  approvalDefaults: string[];
  runtime: Runtime;
  chat: ChatService;
  index: ThreadIndex;
  store: DesignStore;
  home: string;
  artifactsRoot: string;
  uploadsDir: string;
  uploadLimitBytes: number;
  config: EngiConfig;
  /** The server's log (errors with their details; never sent to clients). */
  log: (line: string) => void;
  /** Checks a model spec can be built (throws ConfigError with the reason). */
  checkModel: (spec: string) => Promise<void>;
}
