#!/usr/bin/env python3
"""NumPy/SciPy peer of EngiBench's ThermoElastic3D v0 loop (engibench/problems/thermoelastic3d), written for EngiAI.

Our own code, from the facts in specs/engibench-3d-and-api.md section 2 and EngiBench's thermoelastic3d files as
read (model/fem_model.py at 769e6107 and 03128b76, model/fem_setup.py at e76f12af, model/fem_matrix_builder.py at
40baba5e, v0.py; no code copied). It reuses beams3d_ref.py's Hex8 KE, cone filter, CG and MMA call:
  * the Beams3D grid, node and element numbering, Hex8 KE (E = 1, nu = 0.3); one thermal DOF per node;
    k_eth = int grad N^T grad N (k = 1) and c_ethm = int B^T D (alpha [1,1,1,0,0,0]) N^T dV (alpha = 5e-4), 2x2x2 Gauss;
  * Kth = sum x^p k_eth (no offset) symmetrised; fth = tref = 9.267e-4 at every node, 0 at the heat sinks, whose
    Kth rows become identity rows (the columns stay, so Kth is not symmetric);
  * Km = sum x^p KE symmetrised, all 3 DOFs of the fixed nodes clamped; feps = sum x^p c_ethm (T_e - tref);
    fp = 0.5 per masked node and component; fm = fp (w = 1), feps (w = 0), else fp + feps;
  * sc = sum x^p u_e^T KE u_e, tc = sum x^p T_e^T k_eth T_e;
  * sensitivities as EngiBench codes them: lam_m = -u, Kth_mod lam_th = d_cthm^T (lam_m - u) - fth,
    df_m = -p x^(p-1) u_e^T KE u_e, df_t = lam_th,e^T (p x^(p-1) k_eth T_e), df = w df_m + (1 - w) df_t;
  * the cone sensitivity filter on the [nely, nelx, nelz] grid (post PR #266), MMA as Beams3D's (move 0.5 ...);
  * has_converged (iter >= max_iter, or change < 0.01 and iter >= 10) and then one extra FE pass that fills the last
    step's obj_values_update; the returned design is the one evaluated in that pass (EngiBench reverts to it with a
    reshape to (nely, nelx) that raises for nelz > 1 in both readable versions; here it is kept in its 3-D shape).
Solvers (pyamg is not in Debian): the forward thermal and the mechanical systems by SciPy CG to rtol 1e-8 on the free
DOFs, preconditioned by a CHOLMOD factor (cvxopt) of the same matrix; the thermal adjoint, whose matrix has the
identity sink rows and so is not symmetric, by SuperLU (scipy spsolve): the exact solution of the system as written,
which EngiBench's CG on that matrix approaches only when it converges.

  PYTHONPATH=<GCMMA-MMA-Python>/src /usr/bin/python3 thermoelastic3d_ref.py optimize --nelx 6 --nely 4 --nelz 4 --max-iter 10
  /usr/bin/python3 thermoelastic3d_ref.py simulate --design x.npy --nelx 6 --nely 4 --nelz 4
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

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import beams3d_ref as b3  # noqa: E402

ALPHA, TREF, K_COND, LOAD = 5e-4, 9.267e-4, 1.0, 0.5


def thermal_matrices(e=b3.E, nu=b3.NU, k=K_COND, alpha=ALPHA):
    """k_eth (8x8) and c_ethm (24x8) of the unit-cube Hex8, 2x2x2 Gauss."""
    lam, mu = e * nu / ((1 + nu) * (1 - 2 * nu)), e / (2 * (1 + nu))
    D = np.zeros((6, 6))
    D[:3, :3] = lam
    D[np.arange(3), np.arange(3)] = lam + 2 * mu
    D[3:, 3:] = np.eye(3) * mu
    sx = np.array([-1, 1, 1, -1, -1, 1, 1, -1.0])
    sy = np.array([-1, -1, 1, 1, -1, -1, 1, 1.0])
    sz = np.array([-1, -1, -1, -1, 1, 1, 1, 1.0])
    g = 1 / np.sqrt(3)
    keth, cethm = np.zeros((8, 8)), np.zeros((24, 8))
    dstrain = D @ (alpha * np.array([1.0, 1, 1, 0, 0, 0]))
    for s in (-g, g):
        for t in (-g, g):
            for u in (-g, g):
                N = 0.125 * (1 + sx * s) * (1 + sy * t) * (1 + sz * u)
                dn = np.stack([0.25 * sx * (1 + sy * t) * (1 + sz * u),
                               0.25 * sy * (1 + sx * s) * (1 + sz * u),
                               0.25 * sz * (1 + sx * s) * (1 + sy * t)])
                B = np.zeros((6, 24))
                B[0, 0::3], B[1, 1::3], B[2, 2::3] = dn[0], dn[1], dn[2]
                B[3, 0::3], B[3, 1::3] = dn[1], dn[0]
                B[4, 1::3], B[4, 2::3] = dn[2], dn[1]
                B[5, 0::3], B[5, 2::3] = dn[2], dn[0]
                keth += k * (dn.T @ dn) / 8
                cethm += np.outer(B.T @ dstrain, N) / 8
    return keth, cethm


class Mesh:
    def __init__(self, nelx, nely, nelz):
        self.nelx, self.nely, self.nelz = nelx, nely, nelz
        self.n = nelx * nely * nelz
        nid = lambda ix, iy, iz: (nely + 1) * (nelz + 1) * ix + (nelz + 1) * iy + iz
        ex, ey, ez = (a.ravel() for a in np.meshgrid(np.arange(nelx), np.arange(nely), np.arange(nelz), indexing="ij"))
        self.ex, self.ey, self.ez = ex, ey, ez
        corners = [(0, 0, 0), (1, 0, 0), (1, 1, 0), (0, 1, 0), (0, 0, 1), (1, 0, 1), (1, 1, 1), (0, 1, 1)]
        self.edof8 = np.stack([nid(ex + a, ey + b, ez + c) for a, b, c in corners], axis=1)
        self.edof24 = (3 * self.edof8[:, :, None] + np.arange(3)).reshape(self.n, 24)
        self.nn = (nelx + 1) * (nely + 1) * (nelz + 1)
        self.ndof = 3 * self.nn
        # EngiBench's default masks: clamps (0,0,0), (0,nely,0), (0,nely,nelz); 0.5 in x, y and z at (nelx,nely,nelz);
        # one heat sink at (nelx,nely,0)
        fixed_nodes = np.array([nid(0, 0, 0), nid(0, nely, 0), nid(0, nely, nelz)])
        self.fixed = np.sort(np.concatenate([3 * fixed_nodes + c for c in range(3)]))
        self.free = np.setdiff1d(np.arange(self.ndof), self.fixed)
        self.sinks = np.array([nid(nelx, nely, 0)])
        self.free_th = np.setdiff1d(np.arange(self.nn), self.sinks)
        self.fp = np.zeros(self.ndof)
        for c in range(3):
            self.fp[3 * nid(nelx, nely, nelz) + c] += LOAD
        self.ke = b3.hex8_ke()
        self.keth, self.cethm = thermal_matrices()


def coo(mesh, blocks, rows, cols, shape):
    return sp.coo_matrix((blocks.ravel(), (np.repeat(rows, cols.shape[1], axis=1).ravel(), np.tile(cols, rows.shape[1]).ravel())), shape=shape)


def fe_pass(mesh, x, penal, weight, gradient=True):
    """sc, tc and (when asked) df_m, df_t, df in design order; powers in x's own dtype, as EngiBench."""
    dens = x[mesh.ey, mesh.ex, mesh.ez]
    pen = (dens ** penal).astype(np.float64)
    kth = coo(mesh, pen[:, None, None] * mesh.keth, mesh.edof8, mesh.edof8, (mesh.nn, mesh.nn))
    kth = ((kth + kth.T) / 2.0).tocsr()
    fth = np.full(mesh.nn, TREF)
    fth[mesh.sinks] = 0.0
    T = np.zeros(mesh.nn)
    kff = kth[mesh.free_th, :][:, mesh.free_th].tocsr()
    T[mesh.free_th], _ = b3.cg(kff, fth[mesh.free_th], b3.make_precond(kff, "cholmod"))
    km = coo(mesh, pen[:, None, None] * mesh.ke, mesh.edof24, mesh.edof24, (mesh.ndof, mesh.ndof))
    km = ((km + km.T) / 2.0).tocsr()
    dcthm = coo(mesh, pen[:, None, None] * mesh.cethm, mesh.edof24, mesh.edof8, (mesh.ndof, mesh.nn)).tocsr()
    thermal_e = (mesh.cethm @ (T[mesh.edof8] - TREF).T).T * pen[:, None]
    feps = np.bincount(mesh.edof24.ravel(), weights=thermal_e.ravel(), minlength=mesh.ndof)
    fm = mesh.fp if weight == 1.0 else feps if weight == 0.0 else mesh.fp + feps
    u = np.zeros(mesh.ndof)
    mff = km[mesh.free, :][:, mesh.free].tocsr()
    u[mesh.free], _ = b3.cg(mff, fm[mesh.free], b3.make_precond(mff, "cholmod"))
    ue, te = u[mesh.edof24], T[mesh.edof8]
    em = np.einsum("ij,jk,ik->i", ue, mesh.ke, ue)
    et = np.einsum("ij,jk,ik->i", te, mesh.keth, te)
    sc, tc = float(np.sum(dens ** penal * em)), float(np.sum(dens ** penal * et))
    if not gradient:
        return sc, tc, None
    rhs = dcthm.T @ (-u - u) - fth
    kmod = kth.tolil()
    for d in mesh.sinks:
        kmod.rows[d] = [d]
        kmod.data[d] = [1.0]
    lam = spla.spsolve(kmod.tocsc(), rhs)
    dpow = penal * dens ** (penal - 1)
    dfm, dft = np.zeros(x.shape), np.zeros(x.shape)
    dfm[mesh.ey, mesh.ex, mesh.ez] = -dpow * em
    dft[mesh.ey, mesh.ex, mesh.ez] = np.einsum("ij,ij->i", lam[mesh.edof8], dpow[:, None] * (te @ mesh.keth.T))
    return sc, tc, (dfm, dft, weight * dfm + (1 - weight) * dft)


def optimize(mesh, volfrac, rmin, penal, weight, max_iter, x0, mma_kind):
    shape = (mesh.nely, mesh.nelx, mesh.nelz)
    n = mesh.n
    x = (volfrac * np.ones(shape)) if x0 is None else x0.copy()
    apply, hs = b3.cone_filter(shape, rmin)
    dfdx = np.ones((1, n)) / (volfrac * n)
    state = {"xold1": x.ravel().astype(float), "xold2": x.ravel().astype(float), "low": np.full(n, b3.XMIN), "upp": np.full(n, b3.XMAX)}
    steps, change, it, extra = [], 1.0, 0, False
    converged = lambda ch, k: k >= max_iter or (ch < 0.01 and k >= 10)
    while not converged(change, it) or extra:
        it += 1
        sc, tc, (dfm, dft, df) = fe_pass(mesh, x, penal, weight)
        obj = np.array([sc, tc])
        if not extra:
            steps.append({"step": it, "obj": obj, "x": x.copy(), "sens": (dfm, dft, df)})
        if len(steps) > 1:
            target = steps[-1] if extra else steps[-2]
            target["obj_update"] = obj - target["obj"]
        if extra:
            break  # the MMA update of the extra pass is thrown away (EngiBench reverts x to the design it evaluated)
        fval = float(np.sum(x) / (volfrac * n) - 1.0)
        df0dx = (apply(x * df) / hs / np.maximum(1e-3, x)).ravel()
        xnew, state = b3.mma_update(mma_kind, it, state, x.ravel(), df0dx, fval, dfdx, n)
        change = float(np.max(np.abs(xnew - x.ravel())))
        steps[-1]["x_update"] = xnew.reshape(shape) - x
        x = xnew.reshape(shape)
        if converged(change, it):
            extra = True
    return x.astype(np.float32), steps, it


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("mode", choices=["optimize", "simulate"])
    for k, v in (("nelx", 16), ("nely", 16), ("nelz", 16), ("max-iter", 200)):
        ap.add_argument(f"--{k}", type=int, default=v)
    for k, v in (("volfrac", 0.3), ("rmin", 1.5), ("penal", 3.0), ("weight", 0.5)):
        ap.add_argument(f"--{k}", type=float, default=v)
    ap.add_argument("--design")
    ap.add_argument("--start")
    ap.add_argument("--mma", choices=["ours", "mmapy"], default="ours")
    a = ap.parse_args()
    mesh = Mesh(a.nelx, a.nely, a.nelz)
    t0, c0 = time.perf_counter(), time.process_time()
    out = {"problem": "thermoelastic3d", "version": 0, "reference": "benchmarks/perf/reference/thermoelastic3d_ref.py"}
    if a.mode == "simulate":
        sc, tc, _ = fe_pass(mesh, np.load(a.design), a.penal, a.weight, gradient=False)
        out.update({"structural_compliance": sc, "thermal_compliance": tc})
    else:
        x0 = np.load(a.start) if a.start else None
        x, steps, it = optimize(mesh, a.volfrac, a.rmin, a.penal, a.weight, a.max_iter, x0, a.mma)
        out.update({"iterations": it, "history": [s["obj"].tolist() for s in steps], "final_mean": float(np.mean(x, dtype=np.float64))})
    out.update({"seconds": time.perf_counter() - t0, "cpu_seconds": time.process_time() - c0})
    print(json.dumps(out))


if __name__ == "__main__":
    main()
