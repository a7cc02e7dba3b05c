/**
 * The agents layer's public surface (style.md §7.10): other folders (cli, web, benchmarks) import
 * from here. Model backends are exported by agents/models/index.ts.
 */
export { ChatSession, type ChatSessionOptions, type TurnInput, type TurnResult } from './runtime/chatSession.ts';
export { openCheckpointer, type CheckpointerSpec, type OpenCheckpointer } from './runtime/checkpointer.ts';
export { createToolContext, exporters } from './runtime/toolContext.ts';
export { buildSupervisorGraph, compileSupervisorGraph, type SupervisorGraph, type SupervisorGraphDeps } from './supervisor/graph.ts';
export { DEFAULT_LIMITS, SupervisorState, type Limits } from './supervisor/state.ts';
export { validateHistory } from './supervisor/validateHistory.ts';
export type { BaseToolContext, GraphDeps } from './supervisor/nodeKit.ts';
export { allSpecialists, handoffToolName, validateSpecialists, type Availability, type Specialist, type SpecialistSettings } from './specialists/index.ts';
export { Tracer, EventCollector, type AgentEvent, type AgentEventType, type InterruptPayload, type RunStatus, type TraceProcessor } from './trace/agentEvent.ts';
export { TimelinePrinter } from './trace/timeline.ts';
export { buildTrace, serializeMessage, artifactPaths, TRACE_VERSION, type ChatTrace, type TraceMessage } from './trace/traceJson.ts';
export { createOfflineModel, OfflineChatModel } from './models/offline/index.ts';
export { resolveModel, usageOf } from './models/resolve.ts';
