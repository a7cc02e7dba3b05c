/**
 * A tool that needs the person's yes (needsApproval: always, or for these arguments) asks them
 * through the MCP client before it runs: elicitation/create (form mode, MCP 2025-06-18) on the
 * call's own stream, one boolean to confirm. Only an accepted form with confirm: true lets the
 * call run; a decline, a cancel, anything else, or a client that declared no elicitation
 * capability refuses the call with nothing done. A destructiveHint alone is a request a client may
 * ignore; this is a yes the server waits for.
 */
import type { RequestHandlerExtra } from '@modelcontextprotocol/sdk/shared/protocol.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { ElicitResultSchema, ErrorCode, McpError, type ServerNotification, type ServerRequest } from '@modelcontextprotocol/sdk/types.js';
import { InputError } from '../tools/errors.ts';
import { approvalNeeded, type BoundTool } from '../tools/tool.ts';

/** Marks the question with the tool it is for, so a client that already has the person's yes for that call can say so. */
export const ELICIT_TOOL_META = 'engiai/tool';
/** How long the person has to answer (the SDK's default of 60 s is too short for a person). */
export const CONFIRM_TIMEOUT_MS = 10 * 60_000;
/** Longest rendering of the arguments in the question. */
const MAX_ARGS_CHARS = 600;

export async function confirmThroughClient(server: Server, tool: BoundTool, args: unknown, extra: RequestHandlerExtra<ServerRequest, ServerNotification>, timeoutMs = CONFIRM_TIMEOUT_MS): Promise<void> {
  if (!approvalNeeded(tool, args)) return;
  const label = tool.title ?? tool.name;
  if (!server.getClientCapabilities()?.elicitation?.form) {
    throw new InputError(`${tool.name} needs a person's yes before it runs, and this MCP client cannot ask (it declared no elicitation capability); nothing was done`, {
      hint: 'use an MCP client that supports elicitation (form mode), or ask from EngiAI itself (chat or web), which asks before it acts',
    });
  }
  const shown = JSON.stringify(args ?? {});
  const answer = await extra.sendRequest(
    {
      method: 'elicitation/create',
      params: {
        mode: 'form',
        message: `${label} (${tool.name}) with ${shown.length > MAX_ARGS_CHARS ? `${shown.slice(0, MAX_ARGS_CHARS)}…` : shown}. Go ahead?`,
        requestedSchema: {
          type: 'object',
          properties: { confirm: { type: 'boolean', title: `Yes, ${tool.name}`, description: `Run ${tool.name} now with these arguments` } },
          required: ['confirm'],
        },
        _meta: { [ELICIT_TOOL_META]: tool.name },
      },
    },
    ElicitResultSchema,
    { signal: extra.signal, timeout: timeoutMs },
  ).catch((err: unknown) => {
    if (err instanceof McpError && err.code === ErrorCode.RequestTimeout) {
      const waited = timeoutMs >= 60_000 ? `${Math.round(timeoutMs / 60_000)} min` : timeoutMs >= 1000 ? `${Math.round(timeoutMs / 1000)} s` : `${timeoutMs} ms`;
      throw new InputError(`nobody answered whether to run ${tool.name} within ${waited}; nothing was done`, { hint: `call ${tool.name} again when someone can confirm it` });
    }
    throw err;
  });
  if (answer.action === 'accept' && answer.content?.confirm === true) return;
  const said = answer.action === 'accept' ? 'did not confirm' : answer.action === 'decline' ? 'declined' : 'dismissed the question';
  throw new InputError(`the person ${said} ${tool.name} through the MCP client; nothing was done`, { hint: `call ${tool.name} again when they want it` });
}
