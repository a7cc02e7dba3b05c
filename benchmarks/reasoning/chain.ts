/**
 * Builds a ground-truth chain while a template computes it: each `step` records the quantity in
 * its display unit (full precision; later steps use the unrounded quantity) and returns it, so a
 * template reads as the textbook solution does. `check` is a sanity check (EngChain §4.4) that
 * rejects the draw; `finish` makes the last step the final answer.
 */
import { SanityRejection, type ChainStep, type Instance } from './template.ts';
import { valueIn, type Quantity } from './units.ts';

export class Chain {
  readonly steps: ChainStep[] = [];

  step<T extends Quantity>(symbol: string, text: string, formula: string, value: T, unit: string): T {
    const v = valueIn(value, unit);
    if (!Number.isFinite(v)) throw new SanityRejection(`step ${symbol} is not finite`);
    this.steps.push({ n: this.steps.length + 1, symbol, text, formula, value: v, unit });
    return value;
  }

  /** Sanity check: when `ok` is false the draw is rejected and the template is drawn again. */
  check(ok: boolean, what: string): void {
    if (!ok) throw new SanityRejection(what);
  }

  /** The value of an earlier step in its display unit. */
  valueOf(symbol: string): number {
    const s = this.steps.find((x) => x.symbol === symbol);
    if (!s) throw new Error(`no step ${symbol}`);
    return s.value;
  }

  finish(question: string, given: Instance['given'], answerText: string): Instance {
    const last = this.steps[this.steps.length - 1];
    if (!last) throw new Error('a chain needs at least one step');
    for (const s of this.steps) if (s.value === 0) throw new SanityRejection(`step ${s.symbol} is exactly zero`);
    return { question, given, steps: this.steps, answer: { symbol: last.symbol, text: answerText, value: last.value, unit: last.unit } };
  }
}

export function chain(): Chain {
  return new Chain();
}
