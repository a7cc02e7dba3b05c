/** Versioned JSONL traces, one per trial: schema, writer, reader. */
export { TRACE_FORMAT_VERSION, eventsOf, traceEndSchema, traceEventSchema, traceHeaderSchema, type Trace, type TraceEnd, type TraceEvent, type TraceHeader } from './traceSchema.ts';
export { TRACES_SUBDIR, parseTrace, readTrace, readTraceDir, serializeTrace, traceFileName, tryReadTrace, writeTrace } from './traceFile.ts';
