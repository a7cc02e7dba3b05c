/**
 * A model's solution → numbered steps and a final answer (EngChain §6.2, made stricter where the
 * papers' regexes over-count):
 * - steps start at line-leading markers "**Step N:**", "Step N:", "### Step N", else at numbered-list
 *   items "N." / "N)"; when a "# Solution" heading exists only that section is read (so a numbered
 *   "Given" list is not mistaken for steps); a step runs to the next marker, heading or answer line;
 * - each step's result is the first number after its last "=" (numbers.ts resultOf);
 * - the final answer, by priority: an "Answer:" / "Final answer:" tag, else the last step's result,
 *   else the last number of the text.
 */
import { numbersIn, plainMath, resultOf, type ParsedNumber } from './numbers.ts';

export interface ParsedStep {
  /** 1-based position among the parsed steps. */
  n: number;
  /** The step's text without its marker. */
  text: string;
  result?: ParsedNumber;
}

export interface ParsedSolution {
  steps: ParsedStep[];
  answer?: ParsedNumber;
  answerSource: 'tag' | 'last-step' | 'last-number' | 'none';
}

const STEP_MARK = /^\s*(?:[-*]\s*)?(?:#{1,6}\s*)?(?:\*\*|__)?\s*step\s*(\d+)\s*[:.)\-–]?\s*(?:\*\*|__)?\s*[:.)\-–]?\s*/i;
const LIST_MARK = /^\s*(?:\*\*)?(\d{1,2})[.)](?:\*\*)?\s+/;
const HEADING = /^\s*#{1,6}\s+\S/;
const ANSWER_TAG = /(?:\*\*|__)?\s*(?:final\s+answer|answer)\s*(?:\*\*|__)?\s*[:：]\s*(?:\*\*|__)?/i;

function solutionSection(lines: string[]): string[] {
  const start = lines.findIndex((l) => /^\s*#{1,6}\s*solution\b/i.test(l));
  if (start < 0) return lines;
  const rest = lines.slice(start + 1);
  const end = rest.findIndex((l) => HEADING.test(l) && !/step\s*\d/i.test(l));
  return end < 0 ? rest : rest.slice(0, end);
}

function segment(lines: string[], marker: RegExp): string[] {
  const steps: string[] = [];
  let current: string[] | undefined;
  for (const line of lines) {
    const m = line.match(marker);
    if (m) {
      if (current) steps.push(current.join('\n'));
      current = [line.slice(m[0].length)];
    } else if (current) {
      if (HEADING.test(line) || ANSWER_TAG.test(line)) {
        steps.push(current.join('\n'));
        current = undefined;
      } else current.push(line);
    }
  }
  if (current) steps.push(current.join('\n'));
  return steps.map((s) => s.trim()).filter((s) => s.length > 0);
}

export function parseSteps(text: string): ParsedStep[] {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const section = solutionSection(lines);
  const hasStepMarks = section.some((l) => STEP_MARK.test(l));
  const raw = segment(section, hasStepMarks ? STEP_MARK : LIST_MARK);
  return raw.map((t, i) => ({ n: i + 1, text: t, result: resultOf(t) }));
}

/** The number after the last answer tag of the text (models sometimes restate it). */
export function taggedAnswer(text: string): ParsedNumber | undefined {
  const plain = plainMath(text.replace(/\r\n?/g, '\n'));
  const lines = plain.split('\n');
  for (let i = lines.length - 1; i >= 0; i--) {
    const m = lines[i].match(ANSWER_TAG);
    if (!m) continue;
    const rest = [lines[i].slice((m.index ?? 0) + m[0].length), ...lines.slice(i + 1, i + 2)].join(' ');
    const nums = numbersIn(rest);
    if (nums.length) return nums[0];
  }
  return undefined;
}

export function parseSolution(text: string): ParsedSolution {
  const steps = parseSteps(text);
  const tagged = taggedAnswer(text);
  if (tagged) return { steps, answer: tagged, answerSource: 'tag' };
  const last = steps.length ? steps[steps.length - 1].result : undefined;
  if (last) return { steps, answer: last, answerSource: 'last-step' };
  const all = numbersIn(plainMath(text));
  if (all.length) return { steps, answer: all[all.length - 1], answerSource: 'last-number' };
  return { steps, answerSource: 'none' };
}
