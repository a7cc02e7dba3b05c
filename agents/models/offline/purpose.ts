/**
 * A stated purpose is not an order: "…, since we'll 3D print it", "because we will print it later",
 * "as we're going to mill it". The words after such a marker say why, so no step or agent is read
 * from them; the planner may offer the step instead.
 */
const PURPOSE =
  /\b(?:since|because|as|given that|seeing that|now that)\s+(?:we|i|it|they|you|the (?:part|design|beam|bracket))(?:'ll|'re going to|'s going to|\s+will|\s+would|\s+are going to|\s+is going to|\s+plan to|\s+want to|\s+need to|\s+intend to|\s+might|\s+may|\s+(?:will\s+)?be)\b[^.;!?\n]*/gi;

/** The text with every stated purpose blanked (same length, so positions still match). */
export function withoutPurposes(text: string): string {
  return text.replace(PURPOSE, (m) => ' '.repeat(m.length));
}

/** The stated purposes, as written. */
export function purposesOf(text: string): string[] {
  return [...text.matchAll(PURPOSE)].map((m) => m[0].trim());
}
