/**
 * Names a person or a model gives — a cluster, a condition flag, a problem's dataset settings, an
 * HTML entity, a file extension, a unit — are looked up among own entries only: "constructor",
 * "__proto__", "toString" and friends are unknown names with the usual clear answer, never a raw
 * TypeError from an inherited Object property, nor a function's source text in a value.
 */
import { describe, expect, it } from 'vitest';
import { parseConditionArgs } from '../../../cli/conditionArgs.ts';
import { configSchema } from '../../../config/schema.ts';
import { InputError } from '../../../tools/errors.ts';
import { datasetSpec } from '../../../tools/engineering/dataset/datasetSpecs.ts';
import { getProblem } from '../../../tools/engineering/registry.ts';
import { hpcContext } from '../../../tools/hpc/hpcContext.ts';
import { hpcTools } from '../../../tools/hpc/tools/index.ts';
import { decodeEntities } from '../../../tools/retrieval/extract/html.ts';
import { bindTools, mediaTypeOf } from '../../../tools/tool.ts';

const INHERITED = ['constructor', '__proto__', 'toString', 'hasOwnProperty', 'valueOf', 'isPrototypeOf', '__defineGetter__'];

function thrown(f: () => unknown): unknown {
  try {
    f();
  } catch (err) {
    return err;
  }
  return undefined;
}

describe('look-ups by a given name use own entries only', () => {
  const config = configSchema.parse({ home: '/tmp/engiai-inherited', hpc: { clusters: { ci: { executor: 'local' } } } });

  it.each(INHERITED)('cluster "%s" is an unknown cluster (InputError), also for the executor', (name) => {
    const ctx = hpcContext(config);
    const err = thrown(() => ctx.cluster(name));
    expect(err).toBeInstanceOf(InputError);
    expect((err as Error).message).toBe(`no cluster named "${name}" (configured: ci)`);
    expect(thrown(() => ctx.executor(name))).toBeInstanceOf(InputError);
    expect(thrown(() => ctx.engiaiCommand(name))).toBeInstanceOf(InputError);
    ctx.close();
  });

  it('generate_slurm_script {cluster: "constructor"} is refused as an unknown cluster, through the real tool', async () => {
    const ctx = hpcContext(config);
    const tool = bindTools(hpcTools, ctx).find((t) => t.name === 'generate_slurm_script')!;
    const err = await tool.run(tool.schema.parse({ algo: 'cgan', epochs: 1, cluster: 'constructor' }), { askHuman: async () => '', threadId: 'inherited-1' }).catch((e: unknown) => e);
    ctx.close();
    expect(err).toBeInstanceOf(InputError);
    expect((err as Error).message).toBe('no cluster named "constructor" (configured: ci)');
  });

  it('a default cluster named "constructor" is a settings error, not accepted', () => {
    expect(() => hpcContext(configSchema.parse({ home: '/tmp/engiai-inherited', hpc: { clusters: { ci: { executor: 'local' } }, defaultCluster: 'constructor' } }))).toThrow(/hpc.defaultCluster "constructor" is not one of hpc.clusters \(ci\)/);
  });

  it.each(INHERITED)('condition flag --%s is an unknown condition', async (name) => {
    const problem = await getProblem('beams2d');
    const err = thrown(() => parseConditionArgs(problem, [`--${name}`, '1']));
    expect(err).toBeInstanceOf(InputError);
    expect((err as Error).message).toMatch(/beams2d has no condition or setting/);
  });

  it.each(INHERITED)('dataset settings for problem "%s" are unknown', (name) => {
    const err = thrown(() => datasetSpec(name));
    expect(err).toBeInstanceOf(InputError);
    expect((err as Error).message).toBe(`no dataset settings for problem "${name}"`);
  });

  it('an entity named like an Object property stays as written', () => {
    expect(decodeEntities('a &constructor; b &toString; c &amp; d')).toBe('a &constructor; b &toString; c & d');
  });

  it('a file extension named like an Object property has no media type', () => {
    expect(mediaTypeOf('/x/file.constructor')).toBe('application/octet-stream');
    expect(mediaTypeOf('/x/file.valueOf')).toBe('application/octet-stream');
  });
});
