/**
 * Where a request asks the engineering agent to act, for the offline supervisor. Misspelt words are
 * read first ("optimze a bem"). An action named only as the topic of someone else's work ("papers
 * about beam optimization") is not a request to act; nor is a subject word alone ("the beam",
 * "the STL"): those count only when no agent is asked to act (`engineeringTopicAt`). "Evaluate"
 * counts only with a design for its object: "evaluate it" after training a model is the HPC agent's.
 */
import { normalize, originalIndex } from './read/text.ts';

const ACTION =
  /\b(?:re-?)?optimi[sz]\w*|\btopology\b|\bconvert\w*|\bsimulat\w*|\brender\w*|\bexport\w*|\bcompar\w*|\bevaluat\w*\b(?=\s+(?:the\s+|this\s+|that\s+|my\s+|its\s+|both\s+)?(?:new\s+|last\s+|first\s+|second\s+|optimi[sz]ed\s+)?(?:designs?|beams?|compliance|performance|objective|results?|demultiplexer|splitter)\b)|\bvisuali[sz]\w*|\bre-?run\b|\bredo\b|\b3d[-\s]?print\w*|\bdesign (?:a|an|me|the|one)\b|\bmake (?:it|one|a|an|another|the (?:beam|design))\b|\bdo the same\b|\bshow (?:me )?(?:it|the (?:design|result|beam|new one|last one))\b|\bplot\b|\bdraw\b|\bextrude\b|\b(?:list|show)(?: me)?(?: my| the| all)* designs\b|\bdescribe\b|\btry (?:it|again|with|rmin|volfrac)\b|\bwhich (?:one|design) is (?:better|stiffer|lighter|best)\b/g;
const SUBJECT =
  /\bbeams?\b|\bbeams?2d\b|\bmbb\b|\bcantilever|\bphotonic|\bdemultiplex|\bwavelengths?\b|\bthermo-?elastic|\bcompliance\b|\bvolfrac\b|\bvolume fraction\b|\bfilter (?:radius|size)\b|\brmin\b|\bforcedist\b|\bload\b|\bstl\b|\bmesh\b|\bdesigns?\b|\boverhang\b|\bgrid\b|\bnelx\b|\bnely\b|\bblur\b|\blambda\s*[12]\b|\b[a-z]+2d\b/;
/** The action is the subject of other work: "papers about topology optimization". */
const TOPICAL = /\b(?:about|regarding|concerning|related to|on the topic of|papers? on|literature on|articles? on|research on|work on|results? on|studies on)\s+(?:[\w-]+\s+){0,3}$/;

function firstAction(text: string): number {
  for (const m of text.matchAll(ACTION)) {
    const clause = text.slice(0, m.index).split(/[.;!?\n]|\b(?:then|and then|after that|afterwards)\b/).pop() ?? '';
    if (!TOPICAL.test(clause)) return m.index;
  }
  return -1;
}

export function engineeringMentionedAt(request: string): number {
  const t = normalize(request);
  const at = firstAction(t.text);
  return at < 0 ? -1 : originalIndex(t, at);
}

export function engineeringTopicAt(request: string): number {
  const t = normalize(request);
  const m = SUBJECT.exec(t.text) ?? new RegExp(ACTION.source).exec(t.text);
  return m ? originalIndex(t, m.index) : -1;
}
