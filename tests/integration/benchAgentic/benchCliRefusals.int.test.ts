/** `engiai bench rag | hpc` without an available specialist (retrieval off; a slurm run with no cluster configured), and bad bench flags: exit code 2 with a message that says why. */
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { engiai, tempHome } from '../cli/helpers.ts';

describe('engiai bench refusals', () => {
  it('refuses RAG and HPC runs without their specialist (exit 2) and bad flags', () => {
    const home = tempHome();
    process.env.ENGIAI_RETRIEVAL_MODE = 'off';
    const rag = engiai(home, ['bench', 'rag', '--agent', 'reference']);
    delete process.env.ENGIAI_RETRIEVAL_MODE;
    expect(rag.code).toBe(2);
    expect(rag.stderr).toMatch(/the rag specialist is not available: retrieval is off/);
    const hpc = engiai(home, ['bench', 'hpc', '--agent', 'reference', '--seeds', '1-10']);
    expect(hpc.code).toBe(2);
    expect(hpc.stderr).toMatch(/the slurm executor needs a slurm cluster: no cluster configured/);
    expect(hpc.stderr).toMatch(/--executor local/);
    expect(engiai(home, ['bench', 'workflow', '--agent', 'reference', '--style', 'W-Nope']).stderr).toMatch(/unknown style "W-Nope"/);
    expect(engiai(home, ['bench', 'workflow', '--agent', 'nobody', '--problem', 'beams2d', '--samples', '1']).code).toBe(2);
    expect(engiai(home, ['bench', 'workflow', '--agent', 'reference', '--paraphrases', 'secret']).code).toBe(2);
    expect(engiai(home, ['bench', 'report', join(home, 'nothing')]).code).toBe(2);
  });
});
