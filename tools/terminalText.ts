/**
 * Text from elsewhere (a printer's status message, a tool's result, a document, an error body)
 * made safe to print on a terminal: escape sequences (CSI such as `ESC[2J`, OSC such as a title
 * or hyperlink, DCS/APC strings, two-byte escapes) are removed whole, then every other control
 * character — C0 but newline and tab, DEL, C1 — and the bidirectional overrides that can make a
 * line read differently than it is. What is left cannot clear the screen, ring the bell, move the
 * cursor or rewrite what was printed before. The CLI passes everything it prints through this.
 */

/* eslint-disable no-control-regex -- control characters are what these match */
const ESCAPE_SEQUENCE = /\x1b(?:\[[0-?]*[ -/]*[@-~]?|\][^\x07\x1b]*(?:\x07|\x1b\\)?|[PX^_][^\x1b]*(?:\x1b\\)?|[ -/]*[0-~]?)/g;
const CONTROL = /[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]/g;
/* eslint-enable no-control-regex */

export function terminalSafe(text: string): string {
  return text.replace(ESCAPE_SEQUENCE, '').replace(CONTROL, '');
}
