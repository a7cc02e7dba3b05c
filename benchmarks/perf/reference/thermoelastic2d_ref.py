#!/usr/bin/env python3
"""NumPy/SciPy reference of EngiAI's ThermoElastic2D engine (tools/engineering/thermoelastic2d).

An independent second implementation of the *same* algorithm, written for EngiAI from
engibench.md section 3.1 and our own decisions (documented in the TypeScript files):
  * one-way thermal -> structural coupling on a nelx x nely Q4 grid, 64 x 64 by default;
  * reduced SPD solves (heat sinks and clamped DOFs eliminated), scipy SuperLU here;
  * exact adjoint gradient of J = w*f_m + (1-w)*f_t (3 solves per iteration);
  * sensitivity filter with rmin fixed at 1.1;
  * Svanberg MMA (m = 1, c = 1e4, d = 0, move 1, asyinit 0.01, asymax 0.2, asymin 0.01, carried asymptotes)
    with the primal-dual interior-point subproblem solver (epsimin 1e-7);
  * loop while change > 0.01 or iteration < 10, stop once iteration > max_iter.

Run with Debian's python (numpy + scipy):
  /usr/bin/python3 benchmarks/perf/reference/thermoelastic2d_ref.py --volfrac 0.3 --weight 0.5 --max-iter 120 --out out.json
Writes JSON (--out FILE: indented, with the full history) or prints one JSON line (--out -, the default; the
bench:perf peer contract): conditions, iterations, history [[f_m, f_t, vf_err], ...], first/final objectives,
the final design's mean and checksum, `seconds` (loop wall time) and `cpu_seconds` (loop CPU time).
"""
from __future__ import annotations

import argparse
import json
import math
import sys
import time

import numpy as np
import scipy.sparse as sp
from scipy.sparse.linalg import splu

PENAL = 3.0
E, NU, K, ALPHA = 1.0, 0.3, 1.0, 5e-4
TREF = 9.267e-4
KAPPA0 = 0.02
POINT_LOAD = 0.5
XMIN, XMAX = 1e-3, 1.0
RMIN_FIXED = 1.1


def element_matrices():
    k = [1 / 2 - NU / 6, 1 / 8 + NU / 8, -1 / 4 - NU / 12, -1 / 8 + 3 * NU / 8,
         -1 / 4 + NU / 12, -1 / 8 - NU / 8, NU / 6, 1 / 8 - 3 * NU / 8]
    P = [[0, 1, 2, 3, 4, 5, 6, 7], [1, 0, 7, 6, 5, 4, 3, 2], [2, 7, 0, 5, 6, 3, 4, 1], [3, 6, 5, 0, 7, 2, 1, 4],
         [4, 5, 6, 7, 0, 1, 2, 3], [5, 4, 3, 2, 1, 0, 7, 6], [6, 3, 4, 1, 2, 7, 0, 5], [7, 2, 1, 4, 3, 6, 5, 0]]
    KE = E / (1 - NU * NU) * np.array([[k[P[i][j]] for j in range(8)] for i in range(8)])
    KEth = K / 6 * np.array([[4, -1, -2, -1], [-1, 4, -1, -2], [-2, -1, 4, -1], [-1, -2, -1, 4]], dtype=float)
    M = np.array([[-2, -2, -1, -1], [-2, -1, -1, -2], [2, 2, 1, 1], [-1, -2, -2, -1],
                  [1, 1, 2, 2], [1, 2, 2, 1], [-1, -1, -2, -2], [2, 1, 1, 2]], dtype=float)
    CEthm = E * ALPHA / (6 * (1 - NU)) * M
    return KE, KEth, CEthm


def default_bcs(nely=64):
    left = lambda row: row  # noqa: E731  EngiBench LCI[row]
    bottom = lambda col: (nely + 1) * col + nely  # noqa: E731  EngiBench BRI[col]
    return {"fixed": [left(21), left(32), left(43)], "force_x": [bottom(31)], "force_y": [bottom(31)],
            "sinks": [left(31), left(32), left(33)]}


class Mesh:
    def __init__(self, nelx, nely, bcs):
        self.nelx, self.nely = nelx, nely
        self.nel = nelx * nely
        self.nn = (nelx + 1) * (nely + 1)
        self.ndofm = 2 * self.nn
        ely, elx = np.divmod(np.arange(self.nel), nelx)  # image order e = ely*nelx + elx
        n1 = (nely + 1) * elx + ely
        n2 = (nely + 1) * (elx + 1) + ely
        self.edof4 = np.stack([n1 + 1, n2 + 1, n2, n1], axis=1)
        self.edof8 = np.stack([2 * n1 + 2, 2 * n1 + 3, 2 * n2 + 2, 2 * n2 + 3, 2 * n2, 2 * n2 + 1, 2 * n1, 2 * n1 + 1], axis=1)
        self.KE, self.KEth, self.CEthm = element_matrices()
        self.fp = np.zeros(self.ndofm)
        self.fp[2 * np.array(bcs["force_x"], dtype=int)] = POINT_LOAD
        self.fp[2 * np.array(bcs["force_y"], dtype=int) + 1] = POINT_LOAD
        fixed = np.concatenate([2 * np.array(bcs["fixed"]), 2 * np.array(bcs["fixed"]) + 1])
        self.free_m = np.setdiff1d(np.arange(self.ndofm), fixed)
        self.free_t = np.setdiff1d(np.arange(self.nn), np.array(bcs["sinks"]))

    def assemble(self, scale, Kloc, edof, ndof, free):
        k = edof.shape[1]
        rows = np.repeat(edof, k, axis=1).ravel()
        cols = np.tile(edof, (1, k)).ravel()
        vals = (scale[:, None] * Kloc.ravel()[None, :]).ravel()
        Kg = sp.coo_matrix((vals, (rows, cols)), shape=(ndof, ndof)).tocsr()
        return Kg[free][:, free].tocsc()


def fe_pass(mesh, x, w, gradient=False):
    rho = x ** PENAL
    kappa = (KAPPA0 + x) ** PENAL
    # Thermal: Kth_ff T_f = tref
    th = splu(mesh.assemble(kappa, mesh.KEth, mesh.edof4, mesh.nn, mesh.free_t))
    T = np.zeros(mesh.nn)
    T[mesh.free_t] = th.solve(np.full(mesh.free_t.size, TREF))
    # Mechanical: feps, fm, Km_ff u_f = fm_f
    Te = T[mesh.edof4]
    dTe = Te - TREF
    feps = np.zeros(mesh.ndofm)
    np.add.at(feps, mesh.edof8.ravel(), (rho[:, None] * (dTe @ mesh.CEthm.T)).ravel())
    fm = (mesh.fp if w != 0 else 0.0) + (feps if w != 1 else 0.0)
    fm = np.asarray(fm, dtype=float) * np.ones(mesh.ndofm)
    Km = mesh.assemble(rho, mesh.KE, mesh.edof8, mesh.ndofm, mesh.free_m)
    u = np.zeros(mesh.ndofm)
    u[mesh.free_m] = splu(Km).solve(fm[mesh.free_m])
    ue = u[mesh.edof8]
    cm = np.einsum("ei,ij,ej->e", ue, mesh.KE, ue)
    ct = np.einsum("ei,ij,ej->e", Te, mesh.KEth, Te)
    f_m = float(np.sum(rho * cm))
    f_t = float(np.sum(rho * ct))
    if not gradient:
        return f_m, f_t, None
    gamma = 1.0 if w != 1 else 0.0
    g = np.zeros(mesh.nn)
    contrib = 2 * w * gamma * (ue @ mesh.CEthm) + 2 * (1 - w) * (Te @ mesh.KEth.T)
    np.add.at(g, mesh.edof4.ravel(), (rho[:, None] * contrib).ravel())
    mu = np.zeros(mesh.nn)
    if np.any(g):
        mu[mesh.free_t] = th.solve(g[mesh.free_t])
    mue = mu[mesh.edof4]
    drho = PENAL * x ** (PENAL - 1)
    dkappa = PENAL * (KAPPA0 + x) ** (PENAL - 1)
    coupling = 2 * np.einsum("ei,ij,ej->e", ue, mesh.CEthm, dTe) if gamma else 0.0
    dJ = w * drho * (coupling - cm) + (1 - w) * drho * ct - dkappa * np.einsum("ei,ij,ej->e", mue, mesh.KEth, Te)
    return f_m, f_t, dJ


def build_filter(nelx, nely, rmin):
    r = math.ceil(rmin) - 1
    rows, cols, vals = [], [], []
    for ely in range(nely):
        for elx in range(nelx):
            for fy in range(max(ely - r, 0), min(ely + r, nely - 1) + 1):
                for fx in range(max(elx - r, 0), min(elx + r, nelx - 1) + 1):
                    rows.append(ely * nelx + elx)
                    cols.append(fy * nelx + fx)
                    vals.append(max(0.0, rmin - math.hypot(elx - fx, ely - fy)))
    H = sp.coo_matrix((vals, (rows, cols)), shape=(nelx * nely, nelx * nely)).tocsr()
    return H, np.asarray(H.sum(axis=1)).ravel()


# ---------------------------------------------------------------- MMA (Svanberg), m constraints
MMA = dict(move=1.0, albefa=0.1, asyinit=0.01, asyincr=1.2, asydecr=0.7, asymax=0.2, asymin=0.01, raa0=1e-5,
           epsimin=1e-7, a0=1.0, a=np.array([0.0]), c=np.array([1e4]), d=np.array([0.0]))


def mma_step(state, xval, df0dx, fval, dfdx, xmin, xmax, p):
    k = state["iter"] + 1
    delta = xmax - xmin
    if k <= 2:
        low = xval - p["asyinit"] * delta
        upp = xval + p["asyinit"] * delta
    else:
        zzz = (xval - state["xold1"]) * (state["xold1"] - state["xold2"])
        factor = np.where(zzz > 0, p["asyincr"], np.where(zzz < 0, p["asydecr"], 1.0))
        low = xval - factor * (state["xold1"] - state["low"])
        upp = xval + factor * (state["upp"] - state["xold1"])
        low = np.minimum(np.maximum(low, xval - p["asymax"] * delta), xval - p["asymin"] * delta)
        upp = np.maximum(np.minimum(upp, xval + p["asymax"] * delta), xval + p["asymin"] * delta)
    alfa = np.maximum.reduce([low + p["albefa"] * (xval - low), xval - p["move"] * delta, xmin])
    beta = np.minimum.reduce([upp - p["albefa"] * (upp - xval), xval + p["move"] * delta, xmax])
    xmamiinv = 1.0 / np.maximum(delta, 1e-5)
    ux1, xl1 = upp - xval, xval - low
    ux2, xl2 = ux1 * ux1, xl1 * xl1
    pq0 = 0.001 * np.abs(df0dx) + p["raa0"] * xmamiinv
    p0 = (np.maximum(df0dx, 0) + pq0) * ux2
    q0 = (np.maximum(-df0dx, 0) + pq0) * xl2
    pq = 0.001 * np.abs(dfdx) + p["raa0"] * xmamiinv[None, :]
    P = (np.maximum(dfdx, 0) + pq) * ux2[None, :]
    Q = (np.maximum(-dfdx, 0) + pq) * xl2[None, :]
    b = P @ (1 / ux1) + Q @ (1 / xl1) - fval
    x, lam = subsolve(low, upp, alfa, beta, p0, q0, P, Q, p["a0"], p["a"], b, p["c"], p["d"], p["epsimin"])
    new_state = {"iter": k, "xold1": xval.copy(), "xold2": state["xold1"].copy(), "low": low, "upp": upp}
    return x, new_state, lam


def subsolve(low, upp, alfa, beta, p0, q0, P, Q, a0, a, b, c, d, epsimin):
    m, n = P.shape
    x = 0.5 * (alfa + beta)
    y, z, lam = np.ones(m), 1.0, np.ones(m)
    xsi = np.maximum(1 / (x - alfa), 1.0)
    eta = np.maximum(1 / (beta - x), 1.0)
    mu = np.maximum(1.0, 0.5 * c)
    zet, s = 1.0, np.ones(m)

    def residual(x, y, z, lam, xsi, eta, mu, zet, s, epsi):
        ux1, xl1 = upp - x, x - low
        plam = p0 + lam @ P
        qlam = q0 + lam @ Q
        gvec = P @ (1 / ux1) + Q @ (1 / xl1)
        r = np.concatenate([plam / ux1 ** 2 - qlam / xl1 ** 2 - xsi + eta, c + d * y - mu - lam, [a0 - zet - a @ lam],
                            gvec - a * z - y + s - b, xsi * (x - alfa) - epsi, eta * (beta - x) - epsi,
                            mu * y - epsi, [zet * z - epsi], lam * s - epsi])
        return math.sqrt(r @ r), np.max(np.abs(r))

    epsi = 1.0
    while epsi > epsimin:
        norm, rmax = residual(x, y, z, lam, xsi, eta, mu, zet, s, epsi)
        newton = 0
        while rmax > 0.9 * epsi and newton < 200:
            newton += 1
            ux1, xl1 = upp - x, x - low
            ux2, xl2 = ux1 * ux1, xl1 * xl1
            plam = p0 + lam @ P
            qlam = q0 + lam @ Q
            gvec = P @ (1 / ux1) + Q @ (1 / xl1)
            GG = P / ux2[None, :] - Q / xl2[None, :]
            xa, bx = x - alfa, beta - x
            delx = plam / ux2 - qlam / xl2 - epsi / xa + epsi / bx
            dely = c + d * y - lam - epsi / y
            delz = a0 - a @ lam - epsi / z
            dellam = gvec - a * z - y - b + epsi / lam
            diagx = 2 * (plam / (ux2 * ux1) + qlam / (xl2 * xl1)) + xsi / xa + eta / bx
            diagy = d + mu / y
            diaglamyi = s / lam + 1 / diagy
            blam = dellam + dely / diagy - GG @ (delx / diagx)
            Alam = np.diag(diaglamyi) + (GG / diagx[None, :]) @ GG.T
            AA = np.block([[Alam, a[:, None]], [a[None, :], np.array([[-zet / z]])]])
            sol = np.linalg.solve(AA, np.concatenate([blam, [delz]]))
            dlam, dz = sol[:m], sol[m]
            dx = -delx / diagx - (dlam @ GG) / diagx
            dy = -dely / diagy + dlam / diagy
            dxsi = -xsi + epsi / xa - xsi * dx / xa
            deta = -eta + epsi / bx + eta * dx / bx
            dmu = -mu + epsi / y - mu * dy / y
            dzet = -zet + epsi / z - zet * dz / z
            ds = -s + epsi / lam - s * dlam / lam
            vv = np.concatenate([y, [z], lam, xsi, eta, mu, [zet], s])
            dv = np.concatenate([dy, [dz], dlam, dxsi, deta, dmu, [dzet], ds])
            stm = max(1.0, np.max(-1.01 * dv / vv), np.max(-1.01 * dx / xa), np.max(1.01 * dx / bx))
            steg = 1.0 / stm
            start = (x, y, z, lam, xsi, eta, mu, zet, s)
            resinew, it = 2 * norm, 0
            while resinew > norm and it < 50:
                it += 1
                x, y, z, lam, xsi, eta, mu, zet, s = (v + steg * dvv for v, dvv in zip(start, (dx, dy, dz, dlam, dxsi, deta, dmu, dzet, ds)))
                resinew, rmax = residual(x, y, z, lam, xsi, eta, mu, zet, s, epsi)
                steg /= 2
            norm = resinew
        epsi *= 0.1
    return x, lam


def optimize(mesh, volfrac, w, max_iter, verbose=False):
    nel = mesh.nel
    H, Hs = build_filter(mesh.nelx, mesh.nely, RMIN_FIXED)
    xmin, xmax = np.full(nel, XMIN), np.full(nel, XMAX)
    dfdx = np.full((1, nel), 1 / (volfrac * nel))
    x = np.full(nel, float(volfrac))
    state = {"iter": 0, "xold1": x.copy(), "xold2": x.copy(), "low": xmin.copy(), "upp": xmax.copy()}
    history, change, it = [], 1.0, 0
    while change > 0.01 or it < 10:
        it += 1
        f_m, f_t, dJ = fe_pass(mesh, x, w, gradient=True)
        s = float(np.sum(x))
        history.append([f_m, f_t, abs(s / nel - volfrac)])
        df0dx = (H @ (x * dJ)) / Hs / np.maximum(1e-3, x)
        xnew, state, _ = mma_step(state, x, df0dx, np.array([s / (volfrac * nel) - 1]), dfdx, xmin, xmax, MMA)
        change = float(np.max(np.abs(xnew - x)))
        x = xnew
        if verbose:
            print(f"{it:4d} f_m {f_m:.6f} f_t {f_t:.6f} vf {history[-1][2]:.2e} change {change:.4f}", file=sys.stderr)
        if it > max_iter:
            break
    return x, history, it


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--volfrac", type=float, default=0.3)
    ap.add_argument("--weight", type=float, default=0.5)
    ap.add_argument("--max-iter", type=int, default=120)
    ap.add_argument("--nelx", type=int, default=64)
    ap.add_argument("--nely", type=int, default=64)
    ap.add_argument("--out", default="-")
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    mesh = Mesh(args.nelx, args.nely, default_bcs(args.nely))
    t0, c0 = time.perf_counter(), time.process_time()
    x, history, iterations = optimize(mesh, args.volfrac, args.weight, args.max_iter, args.verbose)
    wall, cpu = time.perf_counter() - t0, time.process_time() - c0
    out = {
        "problem": "thermoelastic2d", "version": 0, "reference": "benchmarks/perf/reference/thermoelastic2d_ref.py",
        "numpy": np.__version__, "scipy": __import__("scipy").__version__,
        "conditions": {"volfrac": args.volfrac, "weight": args.weight, "rmin": RMIN_FIXED},
        "config": {"max_iter": args.max_iter, "nelx": args.nelx, "nely": args.nely},
        "iterations": iterations, "history": history,
        "final_design": {"mean": float(np.mean(x)), "min": float(np.min(x)), "max": float(np.max(x)),
                         "sum_sq": float(np.sum(x * x))},
        "first": history[0], "final": history[-1],
        "wall_s": wall, "seconds": wall, "cpu_seconds": cpu,
    }
    if args.out == "-":
        print(json.dumps(out))
    else:
        with open(args.out, "w") as f:
            f.write(json.dumps(out, indent=1) + "\n")


if __name__ == "__main__":
    main()
