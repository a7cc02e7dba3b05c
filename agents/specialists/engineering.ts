/** The engineering specialist: topology optimization, simulation, rendering and STL export (paper §3.2). */
import { engineeringTools } from '../../tools/engineering/tools.ts';
import { problemIds } from '../../tools/engineering/registry.ts';
import { loadPrompt } from '../prompts/loadPrompt.ts';
import type { Specialist } from './specialist.ts';

export function engineeringSpecialist(): Specialist {
  return {
    name: 'engineering',
    description:
      `Engineering design: sets up problems (${problemIds().join(', ')}), runs topology optimization, simulates designs ` +
      '(e.g. compliance), renders them and exports STL files; asks the person when values are missing.',
    tools: engineeringTools(),
    prompt: loadPrompt('engineering'),
    availability: { available: true },
  };
}
