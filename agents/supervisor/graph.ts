/**
 * The ONLY file that adds nodes and edges (style.md §7.7). Topology:
 *
 *   START → supervisor ⇄ <specialist> ⇄ <specialist>_tools      (one pair per available specialist)
 *               ↓              ↺
 *              END
 *
 * A specialist step calls the model and runs the reply's first tool call (then loops to itself);
 * further calls and calls that can interrupt go through <specialist>_tools, one per step.
 *
 * Routing is by Command from each node (hand-off tools decide), so every node declares its `ends`.
 * Names are validated before anything is wired; the builder is returned uncompiled so the caller
 * picks the checkpointer.
 */
import { END, START, StateGraph, type BaseCheckpointSaver } from '@langchain/langgraph';
import { validateSpecialists } from '../specialists/specialist.ts';
import { traced, type GraphDeps } from './nodeKit.ts';
import { makeSpecialistNode } from './specialistNode.ts';
import { DEFAULT_LIMITS, SupervisorState, type Limits } from './state.ts';
import { makeSupervisorNode } from './supervisorNode.ts';
import { makeToolsNode, toolsNodeName } from './toolsNode.ts';

export type SupervisorGraphDeps = Omit<GraphDeps, 'limits'> & { limits?: Partial<Limits> };

export function buildSupervisorGraph(input: SupervisorGraphDeps) {
  validateSpecialists(input.specialists);
  const deps: GraphDeps = { ...input, limits: { ...DEFAULT_LIMITS, ...input.limits } };
  const available = deps.specialists.filter((s) => s.availability.available);

  // The builder is typed loosely: node names are data (one pair per specialist).
  const builder = new StateGraph(SupervisorState) as unknown as StateGraph<typeof SupervisorState.spec, typeof SupervisorState.State, typeof SupervisorState.Update, string>;
  builder.addNode('supervisor', traced('supervisor', 'supervisor', makeSupervisorNode(deps)), { ends: [END, 'supervisor', ...available.map((s) => s.name)] });
  for (const s of available) {
    builder.addNode(s.name, traced(s.name, s.name, makeSpecialistNode(s, deps)), { ends: ['supervisor', s.name, toolsNodeName(s.name)] });
    builder.addNode(toolsNodeName(s.name), traced(toolsNodeName(s.name), s.name, makeToolsNode(s, deps)), { ends: [s.name, toolsNodeName(s.name)] });
  }
  builder.addEdge(START, 'supervisor');
  return { builder, limits: deps.limits };
}

export function compileSupervisorGraph(input: SupervisorGraphDeps, checkpointer: BaseCheckpointSaver) {
  const { builder, limits } = buildSupervisorGraph(input);
  return { graph: builder.compile({ checkpointer, name: 'engiai' }), limits };
}

export type SupervisorGraph = ReturnType<typeof compileSupervisorGraph>['graph'];
