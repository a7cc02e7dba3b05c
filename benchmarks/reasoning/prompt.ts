/**
 * The standardized zero-shot prompt (EngChain §6.2): fixed headings, "**Step X:**" lines and a
 * "**Answer:** value units" line, so solutions can be segmented and verified step by step.
 */
import type { Sample } from './dataset.ts';

export const SYSTEM_PROMPT = `You are an expert engineer. Solve the following problem by providing a detailed, structured solution. Use the exact headings and formatting provided below.

# Given
List all known variables and their values with units.

# Find
State the variable(s) to be calculated.

# Formulae
Write down all necessary governing equations before substituting any values.

# Solution
Provide a step-by-step calculation. Each step must start on a new line and be formatted exactly as '**Step X:**', where X is the step number. Show the substitution of values into the formulae clearly, and end each step with its result as "= value unit".

# Final Answer
State the final numerical result with its units in the format: **Answer:** [value] [units]`;

export function userPrompt(sample: Sample): string {
  return sample.question;
}
