/** Filament presets: nozzle/bed temperature (°C) and density (g/cm³), PrusaSlicer's generic values. */
export const FILAMENTS = {
  PLA: { temperature: 215, bed: 60, density: 1.24 },
  PETG: { temperature: 240, bed: 85, density: 1.27 },
  ASA: { temperature: 260, bed: 105, density: 1.07 },
  ABS: { temperature: 255, bed: 100, density: 1.04 },
  FLEX: { temperature: 240, bed: 50, density: 1.21 },
} as const;
export type Filament = keyof typeof FILAMENTS;
