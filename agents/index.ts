/**
 * The agents layer's public surface (style.md §7.10): cli/, web/ and benchmarks/ import from here
 * only (a lint rule refuses deep imports). Assemble with createRuntime(); run turns on its sessions;
 * consume the event stream with a Tracer and its processors.
 */
export { createRuntime, offlineRoles, type ApprovableTool, type Runtime, type RuntimeOptions, type SessionOptions } from './runtime/createRuntime.ts';
export { ChatSession, type ChatSessionOptions, type TurnInput, type TurnResult } from './runtime/chatSession.ts';
export { checkAnswer, checkDecision, decisionFor, isDecision, yesOrNo, type ApprovalDecision, type Decision } from './supervisor/approvalDecision.ts';
export { openCheckpointer, type CheckpointerSpec, type OpenCheckpointer } from './runtime/checkpointer.ts';
export { threadStoreSpec } from './runtime/threadStore.ts';
export { installUntracedRunContext, uninstallUntracedRunContext, untracedRunContextInstalled } from './runtime/untracedRunContext.ts';
export { DEFAULT_LIMITS, type Limits } from './supervisor/state.ts';
export { SPECIALISTS, buildSpecialists, handoffToolName, handoffTarget, validateSpecialists } from './specialists/index.ts';
export type { Availability, Specialist, SpecialistDeps, SpecialistFactory, ThreadView, SpecialistTask, DoneCall, Plan, PlannedCall } from './specialists/index.ts';
export { readTask, taskOf, writeTask } from './specialists/index.ts';
export { Tracer, EventCollector, type AgentEvent, type AgentEventType, type InterruptPayload, type RunStatus, type TraceProcessor } from './trace/agentEvent.ts';
export { TimelinePrinter } from './trace/timeline.ts';
export { buildTrace, serializeMessage, artifactPaths, TRACE_VERSION, type ChatTrace, type TraceMessage } from './trace/traceJson.ts';
export { createOfflineModel, OfflineChatModel, type OfflineRole } from './models/offline/index.ts';
export { resolveModel, usageOf, parseModelSpec, UsageLedger, priceOf, costUsd, type ModelSpec, type ResolveModelOptions } from './models/index.ts';
export { threadReport, gatherThreadReport, MAX_REPORT_DESIGNS, type ReportFormat, type ThreadReport, type ThreadReportInput } from './report/threadReport.ts';
export type { ReportData } from './report/reportData.ts';
export { OtlpExporter, TurnSpans, otlpBody, otlpHeaders, type OtlpOptions, type OtlpSpan } from './trace/otlpExporter.ts';
export { otlpExporterFor } from './runtime/createRuntime.ts';
export { checkSketchMarks, describeMarks, MAX_MARKS, type SketchMark, type SketchMarks } from './sketch/sketchMarks.ts';
export { pngFromDataUrl, MAX_SKETCH_PNG, type Sketch } from './sketch/sketchMessage.ts';
export { acceptsImages } from './models/vision.ts';
export { OPENAI_DEFAULT_BASE_URL } from './models/openai.ts';
