#!/usr/bin/env python3
"""NumPy/SciPy peer of EngiBench's Beams3D v0 loop (engibench/problems/beams3d), written for EngiAI.

Our own code, from the facts in specs/engibench-3d-and-api.md section 1 and EngiBench's beams3d files
as read (no code copied):
  * nelx x nely x nelz unit Hex8 elements, 3 DOFs per node, E = 1, nu = 0.3, 2x2x2 Gauss KE;
    node id (nely+1)(nelz+1)*ix + (nelz+1)*iy + iz, element order ex-major, density x[ey, ex, ez];
  * K = sum_e x_e^p KE (no Emin), assembled as COO and symmetrised as (K + K^T)/2; the four bottom
    corners clamped; +0.5 in z at node (round(fx*nelx), round(fy*nely), nelz), Python's round;
  * x^p in the design's own dtype (float32 designs give float32 powers);
  * CG on the free DOFs to rtol 1e-8, preconditioned with what Debian has in place of pyamg's
    smoothed-aggregation AMG (--precond: cholmod = a cvxopt CHOLMOD factor of the same matrix, the
    default; ilu = scipy.sparse.linalg.spilu, drop_tol 1e-5, which took over 4 minutes for two 16³
    iterations on the shared machine; jacobi);
  * the cone sensitivity filter H(x*dc)/Hs/max(1e-3, x) on the [nely, nelx, nelz] grid;
  * MMA with m = 1, a0 = 1, a = 0, c = 1e4, d = 0, x in [1e-3, 1], move 0.5, asyinit 0.01,
    asyincr 1.2, asydecr 0.7, asymin 0.01, asymax 0.2, albefa 0.1, raa0 1e-5: --mma mmapy calls
    mmapy.mmasub (GCMMA-MMA-Python, put on PYTHONPATH from its repository; not packaged by Debian),
    --mma ours uses the Svanberg MMA of thermoelastic2d_ref.py (the default, nothing to fetch);
  * stop before an iteration when iter >= max_iter, or change < 0.01 and iter >= 10.

  /usr/bin/python3 beams3d_ref.py optimize --nelx 16 --nely 16 --nelz 16 --max-iter 10 [--start x.npy] [--out f.json]
  /usr/bin/python3 beams3d_ref.py simulate --design x.npy --nelx 6 --nely 4 --nelz 4 [--volfrac ...]
Prints one JSON line (the bench:perf peer contract) or writes --out FILE: conditions, history, per-iteration
seconds, the final design's checksum, `seconds` (loop wall time) and `cpu_seconds`.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
import time

import numpy as np
import scipy.sparse as sp
import scipy.sparse.linalg as spla

E, NU, LOAD, XMIN, XMAX = 1.0, 0.3, 0.5, 1e-3, 1.0
MMA_PARAMS = dict(move=0.5, albefa=0.1, asyinit=0.01, asyincr=1.2, asydecr=0.7, asymax=0.2, asymin=0.01,
                  raa0=1e-5, epsimin=1e-7, a0=1.0, a=np.array([0.0]), c=np.array([1e4]), d=np.array([0.0]))


def hex8_ke(e=E, nu=NU):
    lam, mu = e * nu / ((1 + nu) * (1 - 2 * nu)), e / (2 * (1 + nu))
    D = np.zeros((6, 6))
    D[:3, :3] = lam
    D[np.arange(3), np.arange(3)] = lam + 2 * mu
    D[3:, 3:] = np.eye(3) * mu
    sx = np.array([-1, 1, 1, -1, -1, 1, 1, -1.0])
    sy = np.array([-1, -1, 1, 1, -1, -1, 1, 1.0])
    sz = np.array([-1, -1, -1, -1, 1, 1, 1, 1.0])
    g = 1 / np.sqrt(3)
    ke = np.zeros((24, 24))
    for s in (-g, g):
        for t in (-g, g):
            for u in (-g, g):
                # d/dx = 2 d/dxi on the unit cube, det J = 1/8
                dn = np.stack([0.25 * sx * (1 + sy * t) * (1 + sz * u),
                               0.25 * sy * (1 + sx * s) * (1 + sz * u),
                               0.25 * sz * (1 + sx * s) * (1 + sy * t)])
                B = np.zeros((6, 24))
                B[0, 0::3], B[1, 1::3], B[2, 2::3] = dn[0], dn[1], dn[2]
                B[3, 0::3], B[3, 1::3] = dn[1], dn[0]
                B[4, 1::3], B[4, 2::3] = dn[2], dn[1]
                B[5, 0::3], B[5, 2::3] = dn[2], dn[0]
                ke += B.T @ D @ B / 8
    return ke


def py_round(v):
    return int(round(v))  # Python's round: half to even


class Mesh:
    def __init__(self, nelx, nely, nelz, fx, fy):
        self.nelx, self.nely, self.nelz = nelx, nely, nelz
        self.n = nelx * nely * nelz
        nid = lambda ix, iy, iz: (nely + 1) * (nelz + 1) * ix + (nelz + 1) * iy + iz
        ex, ey, ez = (a.ravel() for a in np.meshgrid(np.arange(nelx), np.arange(nely), np.arange(nelz), indexing="ij"))
        self.ex, self.ey, self.ez = ex, ey, ez
        corners = [(0, 0, 0), (1, 0, 0), (1, 1, 0), (0, 1, 0), (0, 0, 1), (1, 0, 1), (1, 1, 1), (0, 1, 1)]
        nodes = np.stack([nid(ex + a, ey + b, ez + c) for a, b, c in corners], axis=1)
        self.edof = (3 * nodes[:, :, None] + np.arange(3)).reshape(self.n, 24)
        self.ndof = 3 * (nelx + 1) * (nely + 1) * (nelz + 1)
        self.rows = np.repeat(self.edof, 24, axis=1).ravel()
        self.cols = np.tile(self.edof, 24).ravel()
        fixed_nodes = np.array([nid(0, 0, 0), nid(nelx, 0, 0), nid(0, nely, 0), nid(nelx, nely, 0)])
        fixed = np.concatenate([3 * fixed_nodes + c for c in range(3)])
        self.free = np.setdiff1d(np.arange(self.ndof), fixed)
        ix = min(max(py_round(fx * nelx), 0), nelx)
        iy = min(max(py_round(fy * nely), 0), nely)
        self.f = np.zeros(self.ndof)
        self.f[3 * nid(ix, iy, nelz) + 2] += LOAD
        self.ke = hex8_ke()


def make_precond(A, kind):
    if kind == "jacobi":
        d = 1.0 / A.diagonal()
        return spla.LinearOperator(A.shape, matvec=lambda v: d * v)
    if kind == "cholmod":
        from cvxopt import cholmod, matrix, spmatrix
        C = A.tocoo()
        M = spmatrix(C.data.tolist(), C.row.tolist(), C.col.tolist(), size=A.shape)
        F = cholmod.symbolic(M)
        cholmod.numeric(M, F)

        def apply(v):
            b = matrix(np.asarray(v, dtype=float).reshape(-1, 1))
            cholmod.solve(F, b)
            return np.array(b).ravel()
        return spla.LinearOperator(A.shape, matvec=apply)
    ilu = spla.spilu(A.tocsc(), drop_tol=1e-5, fill_factor=20)
    return spla.LinearOperator(A.shape, matvec=ilu.solve)


def cg(A, b, M):
    counter = [0]
    cb = lambda _x: counter.__setitem__(0, counter[0] + 1)
    try:
        x, info = spla.cg(A, b, rtol=1e-8, atol=0.0, M=M, callback=cb)
    except TypeError:  # scipy < 1.12 names it tol
        x, info = spla.cg(A, b, tol=1e-8, atol=0.0, M=M, callback=cb)
    if info != 0 or not np.all(np.isfinite(x)):
        raise RuntimeError(f"CG did not converge (info {info})")
    return x, counter[0]


def fe_pass(mesh, x, penal, precond):
    """c, dc (design order, raw) and CG iterations; powers in x's own dtype, as EngiBench."""
    dens = x[mesh.ey, mesh.ex, mesh.ez]
    power = (dens ** penal).astype(np.float64)
    K = sp.coo_matrix(((power[:, None, None] * mesh.ke).ravel(), (mesh.rows, mesh.cols)), shape=(mesh.ndof, mesh.ndof))
    K = ((K + K.T) / 2.0).tocsr()
    Kf = K[mesh.free, :][:, mesh.free].tocsr()
    u = np.zeros(mesh.ndof)
    u[mesh.free], its = cg(Kf, mesh.f[mesh.free], make_precond(Kf, precond))
    ue = u[mesh.edof]
    energy = np.einsum("ij,jk,ik->i", ue, mesh.ke, ue)
    c = float(np.sum(dens ** penal * energy))
    dc = np.zeros(x.shape)
    dc[mesh.ey, mesh.ex, mesh.ez] = -(penal * dens ** (penal - 1)) * energy
    return c, dc, its


def cone_filter(shape, rmin):
    r = int(np.ceil(rmin)) - 1
    offs = []
    for a in range(-r, r + 1):
        for b in range(-r, r + 1):
            for c in range(-r, r + 1):
                w = rmin - np.sqrt(a * a + b * b + c * c)
                if w > 0 and abs(a) < shape[0] and abs(b) < shape[1] and abs(c) < shape[2]:
                    offs.append((a, b, c, w))

    def apply(v):
        out = np.zeros(shape)
        for a, b, c, w in offs:
            dst = tuple(slice(max(0, -d), min(n, n - d)) for d, n in zip((a, b, c), shape))
            src = tuple(slice(s.start + d, s.stop + d) for s, d in zip(dst, (a, b, c)))
            out[dst] += w * v[src]
        return out
    hs = apply(np.ones(shape))
    return apply, hs


def mma_update(kind, it, state, xval, df0dx, fval, dfdx, n):
    p = MMA_PARAMS
    if kind == "mmapy":
        from mmapy import mmasub
        col = lambda v: np.asarray(v, dtype=float).reshape(-1, 1)
        out = mmasub(1, n, it, col(xval), np.full((n, 1), XMIN), np.full((n, 1), XMAX), col(state["xold1"]), col(state["xold2"]),
                     0.0, col(df0dx), np.array([[fval]]), dfdx, col(state["low"]), col(state["upp"]), p["a0"],
                     p["a"].reshape(-1, 1), p["c"].reshape(-1, 1), p["d"].reshape(-1, 1), move=p["move"], asyinit=p["asyinit"],
                     asydecr=p["asydecr"], asyincr=p["asyincr"], asymin=p["asymin"], asymax=p["asymax"], raa0=p["raa0"], albefa=p["albefa"])
        xnew, low, upp = out[0].ravel(), out[9].ravel(), out[10].ravel()
        return xnew, {"iter": it, "xold1": np.array(xval, dtype=float), "xold2": state["xold1"], "low": low, "upp": upp}
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    from thermoelastic2d_ref import mma_step
    st = {"iter": it - 1, "xold1": state["xold1"], "xold2": state["xold2"], "low": state["low"], "upp": state["upp"]}
    xnew, st, _ = mma_step(st, np.asarray(xval, dtype=float), df0dx, np.array([fval]), dfdx, np.full(n, XMIN), np.full(n, XMAX), p)
    return xnew, st


def optimize(mesh, volfrac, rmin, penal, max_iter, x0, precond, mma_kind, verbose=False):
    shape = (mesh.nely, mesh.nelx, mesh.nelz)
    n = mesh.n
    x = (volfrac * np.ones(shape)) if x0 is None else x0.copy()
    apply, hs = cone_filter(shape, rmin)
    dfdx = np.ones((1, n)) / (volfrac * n)
    state = {"xold1": x.ravel().astype(float), "xold2": x.ravel().astype(float), "low": np.full(n, XMIN), "upp": np.full(n, XMAX)}
    history, per_iter, cg_iters, change, it = [], [], [], 1.0, 0
    while not (it >= max_iter or (change < 0.01 and it >= 10)):
        it += 1
        t0 = time.perf_counter()
        c, dc, its = fe_pass(mesh, x, penal, precond)
        history.append([c])
        cg_iters.append(its)
        fval = float(np.sum(x) / (volfrac * n) - 1.0)
        df0dx = (apply(x * dc) / hs / np.maximum(1e-3, x)).ravel()
        xnew, state = mma_update(mma_kind, it, state, x.ravel(), df0dx, fval, dfdx, n)
        change = float(np.max(np.abs(xnew - x.ravel())))
        x = xnew.reshape(shape)
        per_iter.append(time.perf_counter() - t0)
        if verbose:
            print(f"{it:4d} c {c:.10f} change {change:.4f} cg {its} {per_iter[-1]:.3f}s", file=sys.stderr)
    return x.astype(np.float32), history, it, per_iter, cg_iters


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", choices=["optimize", "simulate"])
    for k, v in (("nelx", 16), ("nely", 16), ("nelz", 16), ("max-iter", 200)):
        ap.add_argument(f"--{k}", type=int, default=v)
    for k, v in (("volfrac", 0.3), ("rmin", 1.5), ("forcedist-x", 0.5), ("forcedist-y", 0.5), ("penal", 3.0)):
        ap.add_argument(f"--{k}", type=float, default=v)
    ap.add_argument("--design", help="simulate: the design (.npy, [nely, nelx, nelz]; its dtype is kept)")
    ap.add_argument("--start", help="optimize: a starting point (.npy; its dtype is kept, float32 as EngiBench's)")
    ap.add_argument("--precond", choices=["ilu", "cholmod", "jacobi"], default="cholmod")
    ap.add_argument("--mma", choices=["ours", "mmapy"], default="ours")
    ap.add_argument("--out", default="-")
    ap.add_argument("--verbose", action="store_true")
    a = ap.parse_args()
    mesh = Mesh(a.nelx, a.nely, a.nelz, a.forcedist_x, a.forcedist_y)
    out = {"problem": "beams3d", "version": 0, "reference": "benchmarks/perf/reference/beams3d_ref.py",
           "numpy": np.__version__, "scipy": __import__("scipy").__version__, "precond": a.precond, "mma": a.mma,
           "conditions": {"volfrac": a.volfrac, "rmin": a.rmin, "forcedist_x": a.forcedist_x, "forcedist_y": a.forcedist_y},
           "config": {"nelx": a.nelx, "nely": a.nely, "nelz": a.nelz, "penal": a.penal, "max_iter": a.max_iter}}
    t0, c0 = time.perf_counter(), time.process_time()
    if a.mode == "simulate":
        x = np.load(a.design)
        c, _, its = fe_pass(mesh, x, a.penal, a.precond)
        out.update({"c": c, "cg_iterations": its, "dtype": str(x.dtype)})
    else:
        x0 = np.load(a.start) if a.start else None
        x, history, iterations, per_iter, cg_iters = optimize(mesh, a.volfrac, a.rmin, a.penal, a.max_iter, x0, a.precond, a.mma, a.verbose)
        out.update({"iterations": iterations, "history": history, "per_iteration_s": per_iter, "cg_iterations": cg_iters,
                    "first": history[0] if history else None, "final": history[-1] if history else None,
                    "final_design": {"mean": float(np.mean(x, dtype=np.float64)), "min": float(np.min(x)), "max": float(np.max(x)),
                                     "sum_sq": float(np.sum(x.astype(np.float64) ** 2))}})
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    out.update({"wall_s": wall, "seconds": wall, "cpu_seconds": cpu})
    if a.out == "-":
        print(json.dumps(out))
    else:
        with open(a.out, "w") as f:
            f.write(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
