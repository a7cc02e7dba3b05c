/**
 * Our own watertightness check of a triangle soup, independent of the mesher that made it.
 * Vertices are welded by exact float32 position (what an STL reader sees). Then:
 *   closed                 no edge has only one triangle (no boundary)
 *   edgeManifold           every undirected edge is shared by exactly two triangles
 *   consistentOrientation  the two triangles of each edge use it in opposite directions
 *   vertexManifold         the triangles around each vertex form one fan (no pinched vertices)
 *   noDegenerate           no triangle repeats a welded vertex
 *   positiveVolume         signed volume Σ p0·(p1×p2)/6 > 0 (normals point outwards)
 * Legend: V, E, F = welded vertices, edges, triangles; χ = V − E + F; C = components;
 * genus G = C − χ/2 (valid for closed orientable surfaces).
 */
export interface MeshCheck {
  closed: boolean;
  edgeManifold: boolean;
  consistentOrientation: boolean;
  vertexManifold: boolean;
  noDegenerate: boolean;
  positiveVolume: boolean;
  /** All of the above. */
  watertight: boolean;
  signedVolume: number;
  surfaceArea: number;
  vertices: number;
  edges: number;
  triangles: number;
  eulerCharacteristic: number;
  components: number;
  genus: number;
  /** Counts of offending edges/vertices, for messages. */
  problems: { boundaryEdges: number; overSharedEdges: number; misorientedEdges: number; pinchedVertices: number; degenerateTriangles: number };
}

/** Welds vertices by exact position; returns 3 vertex indices per triangle. */
function weld(positions: Float32Array): { tri: Uint32Array; count: number } {
  const bits = new Uint32Array(new Float32Array(positions.map((v) => v + 0)).buffer); // +0 folds -0 into 0
  const index = new Map<string, number>();
  const n = positions.length / 9;
  const tri = new Uint32Array(3 * n);
  for (let k = 0; k < 3 * n; k++) {
    const key = `${bits[3 * k]},${bits[3 * k + 1]},${bits[3 * k + 2]}`;
    let id = index.get(key);
    if (id === undefined) index.set(key, (id = index.size));
    tri[k] = id;
  }
  return { tri, count: index.size };
}

function find(parent: Int32Array, a: number): number {
  while (parent[a] !== a) a = parent[a] = parent[parent[a]];
  return a;
}

/** Counts link cycles around each vertex; a manifold vertex has exactly one. */
function pinchedVertices(tri: Uint32Array, nv: number): number {
  const links: Map<number, number>[] = Array.from({ length: nv }, () => new Map());
  for (let t = 0; t < tri.length / 3; t++) {
    const a = tri[3 * t], b = tri[3 * t + 1], c = tri[3 * t + 2];
    links[a].set(b, c);
    links[b].set(c, a);
    links[c].set(a, b);
  }
  let pinched = 0;
  for (const link of links) {
    if (link.size === 0) continue;
    const start = link.keys().next().value as number;
    let cur = start;
    let steps = 0;
    do {
      cur = link.get(cur) ?? -1;
      steps++;
    } while (cur !== start && cur !== -1 && steps <= link.size);
    if (cur !== start || steps !== link.size) pinched++;
  }
  return pinched;
}

export function checkMesh(positions: Float32Array): MeshCheck {
  const F = positions.length / 9;
  const { tri, count: V } = weld(positions);
  const edges = new Map<number, { n: number; dir: number }>();
  const parent = Int32Array.from({ length: V }, (_, i) => i);
  let degenerate = 0;
  for (let t = 0; t < F; t++) {
    const v = [tri[3 * t], tri[3 * t + 1], tri[3 * t + 2]];
    if (v[0] === v[1] || v[1] === v[2] || v[0] === v[2]) degenerate++;
    for (let k = 0; k < 3; k++) {
      const a = v[k], b = v[(k + 1) % 3];
      const key = Math.min(a, b) * V + Math.max(a, b);
      const e = edges.get(key) ?? { n: 0, dir: 0 };
      e.n++;
      e.dir += a < b ? 1 : -1;
      edges.set(key, e);
      parent[find(parent, a)] = find(parent, b);
    }
  }
  let boundary = 0, over = 0, misoriented = 0;
  for (const e of edges.values()) {
    if (e.n === 1) boundary++;
    else if (e.n > 2) over++;
    else if (e.dir !== 0) misoriented++;
  }
  const roots = new Set<number>();
  for (let i = 0; i < tri.length; i++) roots.add(find(parent, tri[i]));
  const { volume, area } = volumeAndArea(positions);
  const pinched = pinchedVertices(tri, V);
  const chi = V - edges.size + F;
  const checks = {
    closed: boundary === 0 && F > 0,
    edgeManifold: boundary === 0 && over === 0 && F > 0,
    consistentOrientation: misoriented === 0 && over === 0,
    vertexManifold: pinched === 0,
    noDegenerate: degenerate === 0,
    positiveVolume: volume > 0,
  };
  return {
    ...checks,
    watertight: Object.values(checks).every(Boolean),
    signedVolume: volume,
    surfaceArea: area,
    vertices: V,
    edges: edges.size,
    triangles: F,
    eulerCharacteristic: chi,
    components: roots.size,
    genus: roots.size - chi / 2,
    problems: { boundaryEdges: boundary, overSharedEdges: over, misorientedEdges: misoriented, pinchedVertices: pinched, degenerateTriangles: degenerate },
  };
}

function volumeAndArea(p: Float32Array): { volume: number; area: number } {
  let six = 0, twice = 0;
  for (let o = 0; o < p.length; o += 9) {
    const [x0, y0, z0, x1, y1, z1, x2, y2, z2] = [p[o], p[o + 1], p[o + 2], p[o + 3], p[o + 4], p[o + 5], p[o + 6], p[o + 7], p[o + 8]];
    six += x0 * (y1 * z2 - z1 * y2) - y0 * (x1 * z2 - z1 * x2) + z0 * (x1 * y2 - y1 * x2);
    const ux = x1 - x0, uy = y1 - y0, uz = z1 - z0, vx = x2 - x0, vy = y2 - y0, vz = z2 - z0;
    twice += Math.hypot(uy * vz - uz * vy, uz * vx - ux * vz, ux * vy - uy * vx);
  }
  return { volume: six / 6, area: twice / 2 };
}
