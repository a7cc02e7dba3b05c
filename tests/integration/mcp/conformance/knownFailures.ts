/**
 * What the official MCP conformance suite (@modelcontextprotocol/conformance 0.1.16, `server
 * --suite all`) checks of our MCP servers, scenario by scenario. Every scenario of the suite is in
 * exactly one list: PASSING must pass; HOLLOW passes, but only because the suite's fixture tool is
 * missing and an unknown tool is an isError result (what the scenario looks for), so it proves
 * little; KNOWN_FAILURES fail, each with its reason. The test fails when a scenario moves (a known
 * failure that starts passing must move to PASSING) or the suite names one not listed here.
 */

/** Scenarios that exercise our servers as they are and must pass. */
export const PASSING = ['server-initialize', 'logging-set-level', 'ping', 'tools-list', 'resources-list', 'server-sse-multiple-streams', 'dns-rebinding-protection'] as const;

/** Pass for the wrong reason: the fixture tool is absent and "Tool … not found" is an isError text result. */
export const HOLLOW: Record<string, string> = {
  'tools-call-simple-text': 'calls the fixture tool test_simple_text; our "not found" error result has a text item, which is all it checks',
  'tools-call-error': 'calls the fixture tool test_error_handling; any isError result with text passes (our own error results are checked in engineeringMcp.int.test.ts)',
};

const FIXTURE = 'needs the suite\'s own fixture server (the "everything" test server)';

export const KNOWN_FAILURES: Record<string, string> = {
  'completion-complete': `${FIXTURE}: completion/complete for a fixture prompt; our servers offer no completions (no prompt or template argument worth completing)`,
  'tools-call-image': `${FIXTURE}: fixture tool test_image_content; our renders are resource links to PNG files, not inline image content`,
  'tools-call-audio': `${FIXTURE}: fixture tool test_audio_content; no tool of ours returns audio`,
  'tools-call-embedded-resource': `${FIXTURE}: fixture tool test_embedded_resource; our artifacts are resource links (read with resources/read), not embedded`,
  'tools-call-mixed-content': `${FIXTURE}: fixture tool test_multiple_content_types (text + image + embedded resource)`,
  'tools-call-with-logging': `${FIXTURE}: fixture tool test_tool_with_logging; our tool logging is checked in mcpNotifications.int.test.ts`,
  'tools-call-with-progress': `${FIXTURE}: fixture tool test_tool_with_progress; optimize_design's progress is checked in mcpToolShapes.int.test.ts and engineeringMcp.int.test.ts`,
  'tools-call-sampling': `${FIXTURE}: fixture tool test_sampling; our servers never ask the client's model (sampling/createMessage)`,
  'tools-call-elicitation': `${FIXTURE}: fixture tool test_elicitation; our servers do not elicit (tools that ask the person are not served over MCP)`,
  'elicitation-sep1034-defaults': `${FIXTURE}: fixture tool test_elicitation_sep1034_defaults (elicitation with default values)`,
  'elicitation-sep1330-enums': `${FIXTURE}: fixture tool test_elicitation_sep1330_enums (elicitation enum schemas)`,
  'json-schema-2020-12': `${FIXTURE}: fixture tool json_schema_2020_12_tool; our tools' schemas are zod-derived (their listing passes tools-list)`,
  'server-sse-polling': `${FIXTURE}: fixture tool test_reconnection; also warns that we send no SSE priming event or retry field (SEP-1699 resumability: we keep no event store, a dropped stream is not replayed)`,
  'resources-read-text': `${FIXTURE}: resource test://static-text; ours are file:// artifacts inside the artifact folder (an unknown one is -32002, checked in mcpNotifications.int.test.ts)`,
  'resources-read-binary': `${FIXTURE}: resource test://static-binary`,
  'resources-templates-read': `${FIXTURE}: template test://template/{id}/data`,
  'resources-subscribe': 'resources/subscribe is not offered (capability not declared): artifacts are written once and never change, so there is nothing to watch',
  'resources-unsubscribe': 'resources/unsubscribe: as resources-subscribe',
  'prompts-list': 'our servers offer tools and resources, no prompts (capability not declared: -32601)',
  'prompts-get-simple': 'no prompts (as prompts-list)',
  'prompts-get-with-args': 'no prompts (as prompts-list)',
  'prompts-get-embedded-resource': 'no prompts (as prompts-list)',
  'prompts-get-with-image': 'no prompts (as prompts-list)',
};
