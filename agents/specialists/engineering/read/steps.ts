/**
 * Which steps a request asks for: optimize, simulate, render, export an STL, describe a problem,
 * list or compare designs. "mesh" alone is a grid word, not an export: an STL is asked for by
 * "STL", "export", "3D print", "printable", "extrude" or "manufacturing".
 */

export interface Steps {
  optimize: boolean;
  simulate: boolean;
  render: boolean;
  stl: boolean;
  describe: boolean;
  list: boolean;
  compare: boolean;
}

const OPTIMIZE = /\boptimi[sz]|\btopolog|\bdesign (?:a|an|me|the|one)\b|\bdesign\b(?! (?:ids?|space|domain|designs?)\b)(?=[^.]*\b(?:with|for|using|where|at)\b)|\b(?:run|solve|generate|create|make|compute|find|get|give me|produce|build|do)\b(?! (?:it|the (?:last|first|previous|new|old))\b)|\bre-?run\b|\bredo\b|\bagain\b/;
const SIMULATE = /\bsimulat|\bevaluat|\bcompliance\b|\bobjective(?: values?)?\b(?![\s_-]*weight)|\bperform(?:ance|s)?\b|\bverify\b|\bcheck (?:it|the design|how)|\bhow (?:stiff|good|well)\b|\banaly[sz]e\b|\btest it\b|\boverlap\b/;
const RENDER = /\brender|\bplot\b|\bvisuali[sz]|\bdraw\b|\bpicture\b|\bimages?\b|\bpng\b|\bdisplay\b|\blook(?:s)? like\b|\bsee (?:it|the design|what)\b|\bshow (?:me )?(?:it|the (?:design|result|beam|layout|structure|shape|topology|mesh|new one|last one|first one)|what|how it looks)\b|\bshow (?:me )?(?:a |the )?(?:picture|image|render)/;
const STL = /\bstl\b|\b3[\s-]?d[\s-]?print(?!(?:ing|able)?[\s-]*(?:friendly|friendliness|constraint|filter|rule))|\bmesh\b[^.;]*\bprint|\bprint\w*\b[^.;]*\bmesh\b|\b(?:triangle|surface) mesh\b|\bextru(?:de|sion)\b|\bexport|\bmanufactur|\bfabricat/;
const DESCRIBE = /\bdescribe\b|\bwhat (?:are|is) the (?:parameters|settings|conditions|options|inputs|fields|knobs)\b|\bwhich (?:parameters|settings|conditions|options|inputs|fields)\b|\bwhat can i (?:set|change|tune)\b|\bexplain the problem\b/;
const LIST = /\b(?:list|which|what|show(?: me)?)\b(?: (?:all|my|the|our))*(?: (?:stored|saved|previous|earlier))? designs\b|\bdesigns (?:so far|we have|i have|made)\b/;
const COMPARE = /\bcompar|\bversus\b|\bvs\.?(?=\s)|\bside by side\b|\bdifference between\b|\bwhich (?:one |design )?(?:is|was) (?:better|stiffer|best|lighter)\b/;

export function readSteps(text: string): Steps {
  const list = LIST.test(text);
  const describe = DESCRIBE.test(text);
  return {
    optimize: OPTIMIZE.test(text),
    simulate: SIMULATE.test(text),
    render: RENDER.test(text) && !list,
    stl: STL.test(text),
    describe,
    list,
    compare: COMPARE.test(text),
  };
}
