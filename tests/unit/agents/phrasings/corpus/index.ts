/**
 * The phrasing corpus (issue 9): requests as people write them, with the tool calls, questions and
 * "not applied" reports a careful engineer would expect. Classes follow the failures the issue found.
 */
import type { Phrasing } from '../harness.ts';
import { DIALOGUE } from './dialogue.ts';
import { FOLLOW_UPS } from './followUps.ts';
import { FORMATS } from './formats.ts';
import { VALUES } from './values.ts';

export const CORPUS: readonly Phrasing[] = [...VALUES, ...FORMATS, ...DIALOGUE, ...FOLLOW_UPS];
