/**
 * The design artifact store: content-addressed folders under `<ENGIAI_HOME>/artifacts`.
 *
 *   <artifacts>/<id>/design.npy   the design, '<f8' C order (NumPy reads it as is)
 *   <artifacts>/<id>/meta.json    DesignMeta (problem, config, objectives, history, provenance, files)
 *   <artifacts>/<id>/<extra>      renders, convergence plots, STL exports (see attach)
 *
 * id = `<problem>-<first 16 hex of sha256(problem, version, canonical JSON of conditions/config,
 * the .npy bytes)>`, so saving the same design twice gives the same id. Every write goes to a
 * temp path in the same folder and is renamed into place: a failure never leaves a partial artifact.
 */
import { appendFile, mkdtemp, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, extname, join, resolve } from 'node:path';
import { artifactsDir } from '../../../config/paths.ts';
import { InputError, NotFoundError } from '../../errors.ts';
import { makeDirs, readRegularFile } from '../../fileFaults.ts';
import type { Design, DesignShape } from '../problem.ts';
import { atomicWrite, exists, isMissing, readBytes, readJson } from './atomicFs.ts';
import { designId, storedStep, type DesignMeta, type DesignMetaInput, type DesignRecord, type ListFilter, type LoadedDesign } from './designMeta.ts';
import { decodeNpy, encodeNpy } from './npy.ts';

export { designId } from './designMeta.ts';
export type { DesignFiles, DesignMeta, DesignMetaInput, DesignRecord, ListFilter, LoadedDesign, Provenance } from './designMeta.ts';

const ID_RE = /^[A-Za-z0-9_.]+-[0-9a-f]{16}$/;
const PROBLEM_RE = /^[A-Za-z0-9_.]+$/;
const MIN_PREFIX = 6;
const RESERVED = new Set(['design.npy', 'meta.json']);
/** Per-conversation lists of designs, in a hidden folder of the store (never served). */
const THREADS_DIR = '.threads';
const THREAD_RE = /^[A-Za-z0-9_-]{1,64}$/;
/** The largest .npy file the CLI reads (a 2000×2000 float64 design is 32 MB). */
export const MAX_NPY_BYTES = 64 * 1024 * 1024;

let versionPromise: Promise<string> | undefined;
/** EngiAI's version from package.json (read once). */
function engiaiVersion(): Promise<string> {
  versionPromise ??= readFile(new URL('../../../package.json', import.meta.url), 'utf8')
    .then((t) => String((JSON.parse(t) as { version?: string }).version ?? 'unknown'))
    .catch(() => 'unknown');
  return versionPromise;
}

export class DesignStore {
  readonly root: string;
  /** Serializes meta.json updates per artifact within this process. */
  private readonly locks = new Map<string, Promise<unknown>>();

  constructor(home?: string) {
    this.root = artifactsDir(home);
  }

  /** The folder of an artifact (whether or not it exists). */
  dir(id: string): string {
    if (!ID_RE.test(id)) {
      throw new InputError(`not a design id: "${id}" (expected <problem>-<16 hex digits>)`, { field: 'id' });
    }
    return join(this.root, id);
  }

  async save(design: Design, input: DesignMetaInput): Promise<DesignRecord> {
    validateInput(design, input);
    const npy = encodeNpy(design);
    const id = designId(npy, input);
    const existing = await this.readMeta(id).catch((e) => (e instanceof NotFoundError ? undefined : Promise.reject(e)));
    if (existing) return { id, path: this.dir(id), meta: existing };
    const meta: DesignMeta = {
      id,
      problem: input.problem,
      version: input.version,
      conditions: input.conditions ?? {},
      config: input.config,
      objectives: input.objectives ?? {},
      history: (input.history ?? []).map(storedStep),
      iterations: input.iterations ?? input.history?.length ?? 0,
      ...(input.warnings?.length ? { warnings: input.warnings } : {}),
      shape: [...design.shape] as DesignShape,
      createdAt: new Date().toISOString(),
      provenance: { ...input.provenance, engiaiVersion: input.provenance.engiaiVersion ?? (await engiaiVersion()) },
      files: { design: 'design.npy' },
    };
    await this.commitNew(id, npy, meta);
    return { id, path: this.dir(id), meta: (await this.readMeta(id)) ?? meta };
  }

  /** Writes the artifact into a temp folder and renames it into place. */
  private async commitNew(id: string, npy: Uint8Array, meta: DesignMeta): Promise<void> {
    await makeDirs(this.root, 'store');
    const tmp = await mkdtemp(join(this.root, `.tmp-${id}-`));
    try {
      await writeFile(join(tmp, 'design.npy'), npy);
      await writeFile(join(tmp, 'meta.json'), JSON.stringify(meta, null, 2) + '\n');
      try {
        await rename(tmp, this.dir(id));
      } catch (e) {
        // Another writer saved the same content first: theirs is identical, keep it.
        const code = (e as NodeJS.ErrnoException).code;
        if ((code === 'EEXIST' || code === 'ENOTEMPTY') && (await this.readMeta(id).catch(() => undefined))) return;
        throw e;
      }
    } finally {
      await rm(tmp, { recursive: true, force: true });
    }
  }

  /** Loads a stored design by id or unique id prefix (≥ 6 characters, of the whole id or of its hex part). */
  async load(ref: string): Promise<LoadedDesign> {
    const trimmed = ref.trim();
    if (!trimmed) throw new InputError('design reference is empty (give a design id or an id prefix)', { field: 'design' });
    if (looksLikePath(trimmed)) {
      throw new InputError(`"${clip(trimmed)}" is a path, not a design id`, { field: 'design', hint: 'give the design_id an optimization returned (or a unique prefix of it)' });
    }
    return this.loadArtifact(await this.resolveId(trimmed));
  }

  /**
   * Loads a design the person names on the command line: a stored id or prefix, a regular .npy
   * file of at most MAX_NPY_BYTES, or an artifact folder. Devices, FIFOs and other special files
   * are refused before anything is read.
   */
  async loadFile(ref: string, opts: { shape?: DesignShape } = {}): Promise<LoadedDesign> {
    const trimmed = ref.trim();
    if (!looksLikePath(trimmed)) return this.load(trimmed);
    return this.loadPath(resolve(trimmed), opts.shape);
  }

  private async loadArtifact(id: string): Promise<LoadedDesign> {
    const meta = await this.readMeta(id);
    if (!meta) throw new NotFoundError(`design ${id} is missing its meta.json`, { hint: 'the artifact folder is damaged; optimize again' });
    const path = join(this.dir(id), meta.files.design ?? 'design.npy');
    const bytes = await readBytes(path, `design ${id}`);
    const design = decodeNpy(bytes, { source: path });
    if (!sameShape(design.shape, meta.shape)) {
      throw new NotFoundError(`design ${id} is malformed: design.npy has shape [${design.shape}] but meta.json says [${meta.shape}]`);
    }
    return { design, meta, path };
  }

  private async loadPath(path: string, shape?: DesignShape): Promise<LoadedDesign> {
    const info = await stat(path).catch((e: NodeJS.ErrnoException) => {
      if (isMissing(e) || e.code === 'ENOTDIR') throw new NotFoundError(`no such file: ${path}`, { hint: 'give a .npy file, a design id or an id prefix' });
      if (e.code === 'EACCES' || e.code === 'ENAMETOOLONG' || e.code === 'ELOOP') throw new InputError(`cannot read ${path} (${e.code})`, { field: 'design' });
      throw e;
    });
    if (info.isDirectory()) {
      const id = basename(path);
      if (ID_RE.test(id) && resolve(path, '..') === resolve(this.root)) return this.loadArtifact(id);
      const npyPath = join(path, 'design.npy');
      const design = decodeNpy(await readDesignFile(npyPath), { source: npyPath, shape });
      const meta = await readJson<DesignMeta>(join(path, 'meta.json')).catch(() => undefined);
      return { design, meta, path: npyPath };
    }
    return { design: decodeNpy(await readDesignFile(path), { source: path, shape }), path };
  }

  /** Records that a conversation made or used a design (one id per line, appended). */
  async noteThreadUse(threadId: string, id: string): Promise<void> {
    if (!THREAD_RE.test(threadId)) return;
    const dir = join(this.root, THREADS_DIR);
    await makeDirs(dir, 'store');
    this.dir(id); // validates the id
    await appendFile(join(dir, `${threadId}.txt`), `${id}\n`);
  }

  /** The designs a conversation made or used, oldest first, each once. */
  async threadDesigns(threadId: string): Promise<string[]> {
    if (!THREAD_RE.test(threadId)) return [];
    const text = await readFile(join(this.root, THREADS_DIR, `${threadId}.txt`), 'utf8').catch((e) => (isMissing(e) ? '' : Promise.reject(e)));
    return [...new Set(text.split('\n').filter((l) => ID_RE.test(l)))];
  }

  /** Exact id, or the one stored id that starts with `ref` (whole id or hex part). */
  async resolveId(ref: string): Promise<string> {
    if (!/^[A-Za-z0-9_.-]+$/.test(ref)) {
      throw new InputError(`not a design id or prefix: "${ref}" (letters, digits, '-', '_' and '.' only)`, { field: 'design' });
    }
    if (ID_RE.test(ref) && (await exists(join(this.root, ref, 'meta.json')))) return ref;
    if (ref.length < MIN_PREFIX) {
      throw new InputError(`design id prefix "${ref}" is too short (at least ${MIN_PREFIX} characters)`, { field: 'design' });
    }
    const ids = await this.ids();
    const matches = ids.filter((id) => id.startsWith(ref) || id.slice(id.lastIndexOf('-') + 1).startsWith(ref));
    if (matches.length === 1) return matches[0];
    if (matches.length === 0) {
      throw new NotFoundError(`no stored design matches "${ref}" in ${this.root}`, {
        hint: ids.length ? `list the stored designs with engiai designs (${ids.length} in store), e.g. ${ids.slice(0, 3).join(', ')}` : 'the store is empty: optimize a design first',
      });
    }
    throw new InputError(`design id prefix "${ref}" is ambiguous: it matches ${matches.slice(0, 5).join(', ')}${matches.length > 5 ? ', …' : ''}`, {
      field: 'design',
      hint: 'give more characters of the id',
    });
  }

  /** Stored designs, newest first. Damaged folders are skipped. */
  async list(filter: ListFilter = {}): Promise<DesignRecord[]> {
    const out: DesignRecord[] = [];
    for (const id of await this.ids()) {
      if (filter.problem && !id.startsWith(`${filter.problem}-`)) continue;
      const meta = await this.readMeta(id).catch(() => undefined);
      if (meta && (!filter.problem || meta.problem === filter.problem)) out.push({ id, path: this.dir(id), meta });
    }
    return out.sort((a, b) => (a.meta.createdAt < b.meta.createdAt ? 1 : a.meta.createdAt > b.meta.createdAt ? -1 : a.id.localeCompare(b.id)));
  }

  /**
   * Writes an extra file into an artifact atomically and records it in meta.files under `role`
   * (default: 'render' for render.*, 'convergence' for convergence.*, 'stl' for *.stl, else the
   * file's stem). Returns the file's absolute path.
   */
  async attach(id: string, fileName: string, bytes: Uint8Array | string, role?: string): Promise<string> {
    const dir = this.dir(id);
    checkFileName(fileName);
    const key = role ?? defaultRole(fileName);
    if (key === 'design') throw new InputError('the role "design" is reserved for design.npy', { field: 'role' });
    return this.withLock(id, async () => {
      const meta = await this.readMeta(id);
      if (!meta) throw new NotFoundError(`no stored design ${id}`, { hint: 'save the design first' });
      const target = join(dir, fileName);
      await atomicWrite(target, bytes);
      meta.files = { ...meta.files, [key]: fileName };
      await atomicWrite(join(dir, 'meta.json'), JSON.stringify(meta, null, 2) + '\n');
      return target;
    });
  }

  private async withLock<T>(id: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.locks.get(id) ?? Promise.resolve();
    const next = prev.then(fn, fn);
    const settled = next.catch(() => undefined);
    this.locks.set(id, settled);
    try {
      return await next;
    } finally {
      if (this.locks.get(id) === settled) this.locks.delete(id);
    }
  }

  private async ids(): Promise<string[]> {
    const entries = await readdir(this.root, { withFileTypes: true }).catch((e) => (isMissing(e) ? [] : Promise.reject(e)));
    return entries.filter((e) => e.isDirectory() && ID_RE.test(e.name)).map((e) => e.name);
  }

  /** meta.json of an artifact; undefined when the folder does not exist; NotFoundError when damaged. */
  private async readMeta(id: string): Promise<DesignMeta | undefined> {
    const path = join(this.dir(id), 'meta.json');
    try {
      return await readJson<DesignMeta>(path);
    } catch (e) {
      if (isMissing(e)) return undefined;
      throw new NotFoundError(`design ${id} has a malformed meta.json: ${(e as Error).message}`, { cause: e });
    }
  }
}

const sameShape = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((v, d) => v === b[d]);

function validateInput(design: Design, input: DesignMetaInput): void {
  if (!PROBLEM_RE.test(input.problem)) {
    throw new InputError(`problem id "${input.problem}" may hold only letters, digits, '_' and '.'`, { field: 'problem' });
  }
  const { shape } = design;
  const fits = (shape.length === 2 || shape.length === 3) && shape.every((v) => Number.isInteger(v) && v > 0) && design.data.length === shape.reduce((p, v) => p * v, 1);
  if (!fits) {
    throw new InputError(`design shape [${design.shape}] does not fit ${design.data.length} values`, { field: 'design' });
  }
  if (input.shape && !sameShape(input.shape, shape)) {
    throw new InputError(`meta shape [${input.shape}] differs from the design's shape [${design.shape}]`, { field: 'shape' });
  }
  if (!input.provenance?.tool) throw new InputError('provenance.tool is required (what made this design)', { field: 'provenance.tool' });
}

function checkFileName(fileName: string): void {
  if (!/^[A-Za-z0-9][A-Za-z0-9_.+-]*$/.test(fileName) || RESERVED.has(fileName) || fileName.length > 200) {
    throw new InputError(
      `bad attachment name "${fileName}": use a plain file name (letters, digits, '.', '_', '-', '+'), not design.npy or meta.json`,
      { field: 'fileName' },
    );
  }
}

function defaultRole(fileName: string): string {
  const ext = extname(fileName).toLowerCase();
  const stem = fileName.slice(0, fileName.length - ext.length);
  if (ext === '.stl') return 'stl';
  if (stem === 'render' || stem === 'convergence') return stem;
  return stem || fileName;
}

const clip = (s: string) => (s.length > 80 ? `${s.slice(0, 77)}…` : s);

/** A design file's bytes: a regular file of at most MAX_NPY_BYTES (tools/fileFaults.ts readRegularFile). */
function readDesignFile(path: string): Promise<Uint8Array> {
  return readRegularFile(path, { maxBytes: MAX_NPY_BYTES, what: 'designs', field: 'design', hint: 'give a .npy file saved with numpy.save, a design id or an id prefix' }).then((b) => new Uint8Array(b));
}

function looksLikePath(ref: string): boolean {
  return ref.includes('/') || ref.includes('\\') || ref.toLowerCase().endsWith('.npy') || ref === '.' || ref === '..';
}
