/**
 * A tool that needs a yes does not wait forever for the person: when the client's elicitation is
 * never answered, the call ends after the confirmation timeout with a named error and the tool has
 * not run. The generic MCP tool server with a tool of its own (the layer names no tool), the SDK's
 * client and server linked in memory.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema } from '@modelcontextprotocol/sdk/types.js';
import { expect, it } from 'vitest';
import { z } from 'zod';
import { createToolServer } from '../../../mcp-servers/toolServer.ts';
import { decodeError } from '../../../tools/mcp/wireFormat.ts';
import { bindTool, defineTool } from '../../../tools/tool.ts';

it('an unanswered confirmation ends the call after the timeout; the tool never ran', async () => {
  let ran = 0;
  const launch = bindTool(
    defineTool({ name: 'launch', description: 'Does something a person must confirm.', schema: z.strictObject({}), needsApproval: true, run: async () => (ran++, { result: { launched: true } }) }),
    {},
  );
  const server = createToolServer({ name: 'confirm-test', version: '0', tools: [launch], artifactsRoot: '/nonexistent', confirmTimeoutMs: 300 });
  const client = new Client({ name: 'slow-person', version: '0' }, { capabilities: { elicitation: { form: {} } } });
  let asked = 0;
  client.setRequestHandler(ElicitRequestSchema, () => (asked++, new Promise<never>(() => {})));
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(a), client.connect(b)]);
  const t0 = performance.now();
  const r = await client.callTool({ name: 'launch', arguments: {} });
  const ms = performance.now() - t0;
  expect(r.isError).toBe(true);
  const e = decodeError(r as unknown as Parameters<typeof decodeError>[0], 'launch');
  expect(e.name).toBe('InputError');
  expect(e.message).toBe('nobody answered whether to run launch within 300 ms; nothing was done');
  expect(asked).toBe(1);
  expect(ran).toBe(0);
  expect(ms).toBeGreaterThanOrEqual(250);
  expect(ms).toBeLessThan(5_000);
  await client.close();
  await server.close();
});
