/**
 * The offline planner on the phrasing sets written blind (tests/unit/agents/phrasings/corpus/second.ts
 * … eighth.ts): each was scored before the fixes it prompted (see corpus/index.ts) and is kept
 * as a regression set.
 */
import { describe } from 'vitest';
import { BLIND } from './phrasings/corpus/index.ts';
import { scoreSet } from './phrasings/scoreSet.ts';

describe('the blind phrasing sets', () => {
  scoreSet('blind', BLIND, 0.95);
});
