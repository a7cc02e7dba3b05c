/**
 * The engineering agent's tools (paper §3.1, benchmarks.md §2.1; the names are part of the
 * benchmark), in workflow order: describe_problem, create_problem → optimize_design →
 * simulate_design → render_design | convert_design_to_stl, list_designs and compare_designs.
 * Their schemas are generated from the problem registry (catalog.ts). The shared
 * ask_human_for_clarification tool comes from tools/askPerson.ts.
 */
import { problemCatalog, type ProblemInfo } from './catalog.ts';
import { convertDesignToStlTool, renderDesignTool, simulateDesignTool } from './designTools.ts';
import { compareDesignsTool, listDesignsTool } from './listDesigns.ts';
import { optimizeDesignTool } from './optimizeDesign.ts';
import { createProblemTool, describeProblemTool } from './setupTools.ts';

export function engineeringToolsFor(catalog: readonly ProblemInfo[]) {
  return [
    describeProblemTool(catalog),
    createProblemTool(catalog),
    optimizeDesignTool(catalog),
    simulateDesignTool(catalog),
    renderDesignTool(),
    convertDesignToStlTool(),
    listDesignsTool(),
    compareDesignsTool(),
  ];
}

/** The tools with schemas for every registered problem. */
export async function engineeringTools() {
  return engineeringToolsFor(await problemCatalog());
}

export { ASK_RULE, problemCatalog, type FieldInfo, type ProblemInfo } from './catalog.ts';
