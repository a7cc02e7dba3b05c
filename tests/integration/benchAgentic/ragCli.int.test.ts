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
    for (const c of s.cells) expect(c).toMatchObject({ protocol: 'engiai', configHash: s.configHash, paper: { s_rag: expect.any(Number) }, engiai: { s_rag: c.s_rag } });
  });

  it('--protocol paper: the memorising default-guess agent scores the paper\'s P0 1.0 on an empty index; under engiai only the search indicator (0.40)', () => {
    const home = tempHome();
    const base = ['bench', 'rag', '--agent', 'default-guess', '--seeds', '1', '--prompt', 'P0'];
    const paper = engiai(home, [...base, '--protocol', 'paper', '--condition', 'empty', '--json'], { timeoutMs: 120_000 });
    expect(paper.code, paper.stderr).toBe(0);
    expect(JSON.parse(paper.stdout).cells[0]).toMatchObject({ protocol: 'paper', memorisable: true, paper: { s_rag: 1, tc: 1 } });
    const ours = engiai(home, [...base, '--condition', 'on'], { timeoutMs: 120_000 });
    expect(ours.code, ours.stderr).toBe(0);
    expect(ours.stdout).toMatch(/default-guess {2}P0 {2}on {2}engiai prompts {2}n 1 {2}s_rag paper 0\.40 {2}s_rag engiai 0\.40/);
  });
});
