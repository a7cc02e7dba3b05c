/** All seven specialists, in the order the supervisor lists them. */
import { declaredSpecialists } from './declared.ts';
import { engineeringSpecialist } from './engineering.ts';
import { validateSpecialists, type Specialist, type SpecialistSettings } from './specialist.ts';

export function allSpecialists(settings: SpecialistSettings = {}): Specialist[] {
  const list = [engineeringSpecialist(), ...declaredSpecialists(settings)];
  validateSpecialists(list);
  return list;
}

export { validateSpecialists, handoffToolName } from './specialist.ts';
export type { Specialist, SpecialistSettings, Availability } from './specialist.ts';
