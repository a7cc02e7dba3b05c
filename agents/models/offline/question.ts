/**
 * Whether a request asks for knowledge rather than for work: "What is the history of the MBB
 * beam?", "Is a volume fraction of 0.4 high for a cantilever?", "Should I print in PLA or PETG?",
 * "Why does a density filter prevent checkerboards?". A question about the conversation's own work
 * ("can I see it?", "what designs do I have?", "how does it perform with the load at 0.9?", "what
 * would a beam with volfrac 0.4 look like?") is a request and goes on as one. The offline planner
 * has no knowledge to answer from: a knowledge question goes only to an agent that answers it
 * without acting (a search, a job's status), or gets a plain decline — never a design flow, a job
 * or a device call.
 */
const KNOWLEDGE = [
  /^\s*(?:why|who|whom|whose|when|where)\b/i,
  /^\s*(?:should|shall|ought)\s+(?:i|we|one|you)\b/i,
  /^\s*(?:do|would|will)\s+you\s+(?:think|recommend|suggest|advise|say|know|consider)\b/i,
  /^\s*(?:what|what's|whats)\s+(?:is|are|'s|was|were)?\s*(?:the|a|an)?\s*(?:history|origin|difference|differences|best|main|advantage|advantages|disadvantage|point|purpose|theory|idea|story|pros|cons|trade-?offs?|relationship|meaning of life)\b/i,
  /^\s*which\s+(?:is|are)\b/i,
  /^\s*(?:is|are|was|were|isn't|aren't)\b[^?]*\b(?:high|low|too|enough|good|bad|better|worse|best|ok|okay|fine|reasonable|typical|normal|usual|common|safe|realistic|sensible|wise|strong|weak|stiff|suitable|recommended|possible)\b/i,
  /\b(?:usually|typically|generally|in general|normally|commonly|in practice|would you recommend|do people|does one|is it worth|rule of thumb)\b/i,
  /^\s*how\s+(?:does|do|did|can|could|would|is|are)\b[^?]*\b(?:work|works|affect|affects|influence|influences|compare|compares|differ|differs|matter|matters|relate|relates|change|changes|prevent|prevents|help|helps)\b/i,
  /^\s*(?:can|could|may)\s+(?!i\b|you\b|we\b|u\b|it\b|they\b|this\b|that\b)[a-z-]+(?:\s+[a-z-]+)?\s+be\s+[a-z]+(?:ed|en)\b/i,
];
/** "how does it …", "is my design …": the question is about the conversation's own work. */
const OWN_WORK = /\b(?:it|its|my|our|this|these|those|the (?:last|latest|previous|first|second|new|current) (?:one|design|job|run|stl))\b/i;
const ALWAYS = /^\s*(?:why|who|should|shall|do you think|would you recommend)\b/i;

export function isKnowledgeQuestion(request: string): boolean {
  const text = request.trim();
  if (!text || !KNOWLEDGE.some((re) => re.test(text))) return false;
  return ALWAYS.test(text) || !OWN_WORK.test(text);
}

export const DECLINE = 'That is a question, and the built-in offline planner cannot answer questions: it has no knowledge to answer from, only tools that act. I did not start anything. ';
