/**
 * Micro-benchmark of the sparse Cholesky on reduced Q4 plane-stress stiffness matrices (top88
 * element, E=1, ν=0.3, left-edge x DOFs and the last DOF fixed); default grids 100×50 and 200×100.
 * Run: npx tsx tests/unit/linalg/benchCholesky.ts [nelx nely ...] [--graph] [--reps 20] [--leaf 8]
 * Reports wall-clock and process CPU time: on a shared, loaded machine the CPU-time medians are the
 * stabler numbers. --graph drops the coordinates (graph-based nested dissection).
 */
import { analyze, factorize, solve } from '../../../tools/engineering/linalg/sparseCholesky.ts';
import { q4Grid, relativeResidual } from './testMatrices.ts';

const args = process.argv.slice(2);
const useGraph = args.includes('--graph');
const repsAt = args.indexOf('--reps');
const reps = repsAt >= 0 ? Number(args[repsAt + 1]) : 20;
const leafAt = args.indexOf('--leaf');
const leafSize = leafAt >= 0 ? Number(args[leafAt + 1]) : undefined;
const sizes = args.filter((a, i) => /^\d+$/.test(a) && args[i - 1] !== '--reps' && args[i - 1] !== '--leaf').map(Number);
const grids = sizes.length >= 2 ? Array.from({ length: sizes.length / 2 }, (_, t) => [sizes[2 * t], sizes[2 * t + 1]]) : [[100, 50], [200, 100]];

const median = (xs: number[]): number => [...xs].sort((a, b) => a - b)[xs.length >> 1];

for (const [nelx, nely] of grids) {
  const { A, coords } = q4Grid(nelx, nely);
  let t = performance.now();
  const sym = analyze(A, { coords: useGraph ? undefined : coords, leafSize });
  const tAnalyze = performance.now() - t;
  let f = factorize(sym, A.values);
  const tf: number[] = [];
  const cf: number[] = [];
  for (let r = 0; r < reps; r++) {
    t = performance.now();
    const c = process.cpuUsage();
    f = factorize(sym, A.values, f);
    tf.push(performance.now() - t);
    const d = process.cpuUsage(c);
    cf.push((d.user + d.system) / 1000);
  }
  const b = new Float64Array(A.n).fill(0);
  b[1] = -1;
  const x = new Float64Array(A.n);
  const ts: number[] = [];
  const cs: number[] = [];
  for (let r = 0; r < reps; r++) {
    t = performance.now();
    const c = process.cpuUsage();
    solve(f, b, x);
    ts.push(performance.now() - t);
    const d = process.cpuUsage(c);
    cs.push((d.user + d.system) / 1000);
  }
  const res = relativeResidual(A, x, b);
  const fl = sym.flops;
  console.log(
    `${nelx}x${nely} n=${A.n} nnzA=${A.colIdx.length} ordering=${useGraph ? 'graph' : 'geometric'} supernodes=${sym.nSuper}\n` +
      `  analyze ${tAnalyze.toFixed(1)} ms | factorize median ${median(tf).toFixed(2)} ms (min ${Math.min(...tf).toFixed(2)}, cpu median ${median(cf).toFixed(2)}) | ` +
      `solve median ${median(ts).toFixed(2)} ms (cpu median ${median(cs).toFixed(2)})\n` +
      `  nnz(L) ${(sym.nnzL / 1e6).toFixed(3)} M | flops ${(fl / 1e6).toFixed(1)} M | ${(fl / median(cf) / 1e6).toFixed(2)} GFlop/s | stack ${(sym.stackSize / 1e6).toFixed(3)} M | residual ${res.toExponential(2)}`,
  );
}
