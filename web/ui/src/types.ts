/** Shapes the server sends (mirrors agents/trace/agentEvent.ts and web/server routes). */
export interface ArtifactLink {
  /** The artifact's label (render, convergence, stl, …) or kind. */
  key: string;
  kind: 'design' | 'image' | 'mesh' | 'document' | 'data' | 'log' | 'file';
  mediaType: string;
  url: string;
  name: string;
}

export interface InterruptPayload {
  kind: 'clarification' | 'approval';
  question: string;
  agent: string;
  missing?: string[];
  tool?: string;
  args?: unknown;
  /** approval: what exactly would run (program and argv, job script, file and printer). */
  subject?: unknown;
  /** The call it waits on and its digest: a decision names both. */
  callId?: string;
  digest?: string;
  /** approval: a call a stopped server or process left running; approving runs it again. */
  interrupted?: boolean;
}

/** The answer to an approval: a typed decision bound to the call the dialog shows. */
export interface ApprovalDecision {
  decision: 'approve' | 'deny';
  callId: string;
  digest: string;
}

export type AgentEvent =
  | { type: 'run_start'; t: number; threadId: string; input: string | null; resume: boolean; sketch?: string }
  | { type: 'node_start'; t: number; node: string; agent: string }
  | { type: 'node_end'; t: number; node: string; agent: string; durationMs: number }
  | { type: 'model_call'; t: number; agent: string; model: string; latencyMs: number; inputTokens: number; outputTokens: number; toolCalls: string[]; repairs: string[] }
  | { type: 'token'; t: number; agent: string; text: string }
  | { type: 'handoff'; t: number; from: string; to: string; task: string }
  | { type: 'handback'; t: number; from: string; summary: string }
  | { type: 'tool_call'; t: number; agent: string; id: string; name: string; args: unknown }
  | { type: 'tool_result'; t: number; agent: string; id: string; name: string; ok: boolean; result: unknown; durationMs: number; highlights?: Record<string, unknown>; links?: ArtifactLink[] }
  | { type: 'progress'; t: number; agent: string; tool: string; step: number; total: number; value?: number; label?: string }
  | { type: 'reply'; t: number; agent: string; kind: 'clarification' | 'approval'; text: string; declined?: boolean }
  | { type: 'interrupt'; t: number; kind: 'clarification' | 'approval'; payload: InterruptPayload }
  | { type: 'answer'; t: number; agent: string; content: string }
  | { type: 'stopped'; t: number; reason: string }
  | { type: 'run_end'; t: number; status: string; durationMs: number; error?: string; hint?: string };

export interface ThreadRow {
  id: string;
  title: string;
  model: string;
  created: string | null;
  updated: string | null;
  running?: boolean;
  /** The chat's answers are read aloud. */
  voice?: boolean;
}

export interface ThreadDetail {
  thread: ThreadRow;
  events: { seq: number; turn: number; event: AgentEvent }[];
  messages: { role: string; content: string; name?: string }[];
  interrupt: InterruptPayload | null;
  running: boolean;
}

export interface SettingsView {
  model: string;
  approvals: string[];
  approvableTools: string[];
  /** The specialists' default approvals, and those of them that do not ask now (removed explicitly). */
  defaultApprovals?: string[];
  removedDefaults?: string[];
  backends: { spec: string; label: string; available: boolean; reason?: string }[];
  specialists: { name: string; description: string; available: boolean; reason?: string; tools: string[] }[];
}
