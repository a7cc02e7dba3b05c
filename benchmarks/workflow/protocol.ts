/**
 * The workflow suite's two protocols. A run is made under one (its prompts, dataset sampling,
 * seeds and the agent's start, recorded in the config hash and every report); every trial is scored
 * under both from its trace.
 *   paper   the EngiAI paper's published code (gioelemo/EngiAI-Public at REFERENCE_COMMIT): the
 *           reference's prompt wording where it matters for scoring (Full does not ask to render;
 *           export parameters drawn as the reference draws them), 5 test rows per seed drawn with
 *           replacement, seeds 1–3, "IMPORTANT: Use seed=N when calling tools.", and its scorers
 *           (scoring/paperScore.ts). The default, so `engiai bench workflow --style W-Cond --model X`
 *           gives a number that sits beside the paper's Table 2.
 *   engiai  ours, corrected: our templates and paraphrase sets, a fixed row order, seeds 0–2, and
 *           the scorers with the reference's holes closed (scoring/scoreTrial.ts).
 * Both start the agent's optimizer from a random dataset design (the prompt's seed), and both take
 * the ground truth from the sample row's dataset design, so a perfect agent does not reach IoU 1.
 */
import { parseProtocol as parseAnyProtocol, type Protocol } from '../runner/protocol.ts';

export { PROTOCOLS, type Protocol } from '../runner/protocol.ts';

/** `engiai bench workflow` without --protocol: comparable with the paper's Tables 2 and 3. */
export const DEFAULT_PROTOCOL: Protocol = 'paper';

/** The reference commit whose prompt generators and scorers the paper protocol follows. */
export const REFERENCE_COMMIT = '77fbb8a2a4ae';
export const REFERENCE_REPO = 'gioelemo/EngiAI-Public';

/** The seeds `--seeds 3` means under each protocol (the reference runs 1–3, ours 0–2). */
export const FIRST_SEED: Record<Protocol, number> = { paper: 1, engiai: 0 };

export const PROTOCOL_TITLE: Record<Protocol, string> = {
  paper: `paper (${REFERENCE_REPO}@${REFERENCE_COMMIT}: its prompts, sampling, seeds and scorers)`,
  engiai: 'engiai (ours, corrected: held-out paraphrases, fixed rows, scorer holes closed)',
};

/** `--protocol` for the workflow suite (case and surrounding blanks ignored); DEFAULT_PROTOCOL when not given. */
export function parseProtocol(raw: string | undefined): Protocol {
  return parseAnyProtocol(raw === undefined ? undefined : raw.trim().toLowerCase(), DEFAULT_PROTOCOL);
}

/** The sentence the reference's runner appends to every dataset prompt (and ours under both protocols). */
export const seedSentence = (seed: number) => `IMPORTANT: Use seed=${seed} when calling tools.`;
export const SEED_SENTENCE_RE = /\s*IMPORTANT: Use seed=(\d+) when calling tools\.\s*$/;
