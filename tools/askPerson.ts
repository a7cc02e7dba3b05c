/**
 * The shared ask-the-person tool (`ask_human_for_clarification`; the name is part of the benchmark).
 * Any specialist may list it. The runtime turns `askHuman` into a clarification interrupt.
 */
import { z } from 'zod';
import { bindTool, defineTool, type BoundTool } from './tool.ts';

export const askPersonTool = defineTool({
  name: 'ask_human_for_clarification',
  description:
    'Ask the person a question when required values are missing or the request is ambiguous (e.g. "lightweight" instead of a volume fraction). ' +
    'Returns their answer. Do not guess values the person did not give.',
  asksPerson: true,
  schema: z.strictObject({
    question: z.string().min(1).describe('The question to ask, naming the missing values and their allowed ranges'),
    missing: z.array(z.string()).optional().describe('Names of the missing values, e.g. ["volfrac", "rmin"]'),
  }),
  async run(args, ctx) {
    const answer = await ctx.askHuman({ question: args.question, missing: args.missing });
    return { result: { answer } };
  },
});

/** The tool ready to list among a specialist's tools (it needs no context of its own). */
export const askPerson = (): BoundTool => bindTool(askPersonTool, {});
