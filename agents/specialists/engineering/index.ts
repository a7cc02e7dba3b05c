/**
 * The engineering specialist (paper §3.2): sets problems up, runs topology optimization, simulates,
 * renders and exports designs, lists and compares them, and asks the person when values are
 * missing. Its tools are tools/engineering/tools/, bound to a design store under ENGIAI_HOME.
 */
import { askPerson } from '../../../tools/askPerson.ts';
import { engineeringContext } from '../../../tools/engineering/context.ts';
import { ASK_RULE, engineeringToolsFor, problemCatalog } from '../../../tools/engineering/tools/index.ts';
import { bindTools } from '../../../tools/tool.ts';
import { loadPrompt } from '../../prompts/loadPrompt.ts';
import type { Specialist, SpecialistFactory } from '../specialist.ts';
import { engineeringMentionedAt, engineeringTopicAt, planEngineering } from './offlinePlanner.ts';
import { rememberDesign } from './thread.ts';

export const engineeringSpecialist: SpecialistFactory = async ({ config }): Promise<Specialist> => {
  const catalog = await problemCatalog();
  const context = engineeringContext(config.home);
  return {
    name: 'engineering',
    description:
      `Engineering design: sets up problems (${catalog.map((p) => p.id).join(', ')}), runs topology optimization, simulates designs ` +
      '(e.g. compliance), renders them, exports STL files, lists and compares the designs of the conversation; asks the person when values are missing.',
    tools: [...bindTools(engineeringToolsFor(catalog), context), askPerson()],
    prompt: loadPrompt(new URL('./prompt.md', import.meta.url), { ASK_RULE }),
    availability: { available: true },
    offline: {
      mentionedAt: engineeringMentionedAt,
      topicAt: engineeringTopicAt,
      // "what does forcedist mean?", "which conditions does beams2d take?": answered from describe_problem
      answers: (q) => /\b(?:mean|means|meaning|stand for|stands for)\b|\b(?:what|which) (?:conditions|parameters|settings|fields|problems)\b/i.test(q),
      plan: (task) => planEngineering(task, catalog),
    },
    // each optimized design is thread state (problem, conditions, config), written into later tasks
    remember: rememberDesign,
  };
};
