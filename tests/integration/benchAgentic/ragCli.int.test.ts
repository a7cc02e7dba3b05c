/** `engiai bench rag` with the offline model and the registry's rag specialist, as a new user runs it. */
import { describe, expect, it } from 'vitest';
import { engiai, tempHome } from '../cli/helpers.ts';

describe('engiai bench rag --model offline', () => {
  it('finds the generated reports\' values through search_documents and designs with them; RAG-off scores 0', () => {
    const home = tempHome();
    const r = engiai(home, ['bench', 'rag', '--model', 'offline', '--seeds', '1', '--prompt', 'P0,P2', '--json'], { timeoutMs: 240_000 });
    expect(r.code, r.stderr).toBe(0);
    const s = JSON.parse(r.stdout);
    const cell = (p: string, c: string) => s.cells.find((x: { prompt: string; condition: string }) => x.prompt === p && x.condition === c);
    expect(s).toMatchObject({ suite: 'rag', n: 6 });
    expect(cell('P2', 'on')).toMatchObject({ model: 'offline', s_rag: 1, searched: 1 });
    expect(cell('P2', 'off').s_rag).toBe(0);
    expect(cell('P2', 'empty').s_rag).toBeCloseTo(0.2, 12);
    // P0: the offline rag planner searches but may take another report's volume fraction (its limit, scored as such)
    expect(cell('P0', 'on').searched).toBe(1);
    expect(cell('P0', 'on').s_rag).toBeGreaterThanOrEqual(0.4);
  });
});
