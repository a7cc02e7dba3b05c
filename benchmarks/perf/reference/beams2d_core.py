"""Beams2D (MBB half-beam, SIMP + OC), EngiBench v0 loop, in NumPy/SciPy.

Written for EngiAI from the formulas of specs/engibench.md section 1 (not copied
from EngiBench or top88). The linear solver is passed in, so the same loop can be
timed with SciPy's SuperLU (beams2d_scipy.py) and with CHOLMOD (beams2d_cholmod.py).

Legend
  nelx, nely  elements along x (columns) and y (rows); element e = elx*nely + ely
  x           design variables (column-major flat vector)
  xPhys       filtered density H x / Hs
  xPrint      printed density (overhang filter of xPhys, or xPhys)
  KE          8x8 unit-modulus Q4 stiffness, E = 1, nu = 0.3
  H, Hs       linear hat filter and its row sums
  ce          element strain energy u_e' KE u_e;  c = sum E_e ce
  dc, dv      sensitivities of compliance and volume
"""

import argparse
import json
import math
import time

import numpy as np
import scipy.sparse as sp

EMIN, EMAX = 1e-9, 1.0
NU = 0.3
MOVE = 0.2
CHANGE_TOL = 0.025
# Overhang (Langelaar AM filter) constants.
OH_P, OH_EPS, OH_XI0, OH_NS = 40.0, 1e-4, 0.5, 3.0
OH_Q = OH_P + math.log(OH_NS) / math.log(OH_XI0)
OH_SHIFT = 100.0 * np.finfo(np.float64).tiny ** (1.0 / OH_P)
OH_BACKSHIFT = 0.95 * OH_NS ** (1.0 / OH_Q) * OH_SHIFT ** (OH_P / OH_Q)

PATTERN = np.array([
    [0, 1, 2, 3, 4, 5, 6, 7],
    [1, 0, 7, 6, 5, 4, 3, 2],
    [2, 7, 0, 5, 6, 3, 4, 1],
    [3, 6, 5, 0, 7, 2, 1, 4],
    [4, 5, 6, 7, 0, 1, 2, 3],
    [5, 4, 3, 2, 1, 0, 7, 6],
    [6, 3, 4, 1, 2, 7, 0, 5],
    [7, 2, 1, 4, 3, 6, 5, 0],
])


def element_stiffness(nu=NU, e_mod=1.0):
    k = np.array([0.5 - nu / 6, 0.125 + nu / 8, -0.25 - nu / 12, -0.125 + 3 * nu / 8,
                  -0.25 + nu / 12, -0.125 - nu / 8, nu / 6, 0.125 - 3 * nu / 8])
    return e_mod / (1 - nu * nu) * k[PATTERN]


def dof_map(nelx, nely):
    """edof[e] = the 8 DOFs of element e (lower-left, lower-right, upper-right, upper-left)."""
    elx, ely = np.meshgrid(np.arange(nelx), np.arange(nely), indexing="ij")
    n1 = ((nely + 1) * elx + ely).ravel()
    n2 = ((nely + 1) * (elx + 1) + ely).ravel()
    return np.stack([2 * n1 + 2, 2 * n1 + 3, 2 * n2 + 2, 2 * n2 + 3,
                     2 * n2, 2 * n2 + 1, 2 * n1, 2 * n1 + 1], axis=1)


def hat_filter(nelx, nely, rmin):
    r = math.ceil(rmin) - 1
    rows, cols, vals = [], [], []
    for i in range(nelx):
        for j in range(nely):
            for k in range(max(i - r, 0), min(i + r + 1, nelx)):
                for m in range(max(j - r, 0), min(j + r + 1, nely)):
                    w = rmin - math.sqrt((i - k) ** 2 + (j - m) ** 2)
                    if w > 0:
                        rows.append(i * nely + j)
                        cols.append(k * nely + m)
                        vals.append(w)
    n = nelx * nely
    H = sp.csr_matrix((vals, (rows, cols)), shape=(n, n))
    Hs = np.asarray(H.sum(axis=1)).ravel()
    return H, Hs


def setup(nelx, nely, forcedist):
    ndof = 2 * (nelx + 1) * (nely + 1)
    edof = dof_map(nelx, nely)
    iK = np.repeat(edof, 8, axis=1).ravel()
    jK = np.tile(edof, (1, 8)).ravel()
    fixed = np.union1d(np.arange(0, 2 * (nely + 1), 2), [ndof - 1])
    free = np.setdiff1d(np.arange(ndof), fixed)
    f = np.zeros(ndof)
    f[int(1 + (2 * forcedist * nelx) * (nely + 1))] = -1.0
    return ndof, edof, iK, jK, free, f


def to_image(v, nelx, nely):
    return v.reshape(nelx, nely).T


def to_vector(img):
    return img.T.ravel()


def overhang_forward(img):
    """Printed density xi (rows: 0 = top, base plate at the bottom row)."""
    nely, nelx = img.shape
    xi = np.zeros_like(img)
    xi[-1] = img[-1]
    supports = np.zeros((nely, nelx))  # S = sum over the 3 supports of (xi + SHIFT)^P
    for i in range(nely - 2, -1, -1):
        pad = np.concatenate(([0.0], xi[i + 1], [0.0])) + OH_SHIFT
        pw = pad ** OH_P
        s = pw[:-2] + pw[1:-1] + pw[2:]
        supports[i] = s
        big_xi = s ** (1.0 / OH_Q) - OH_BACKSHIFT
        d = img[i] - big_xi
        xi[i] = 0.5 * (img[i] + big_xi - np.sqrt(d * d + OH_EPS) + math.sqrt(OH_EPS))
    return xi, supports


def overhang_backward(img, xi, supports, grads):
    """Chain each d/dxi in `grads` back to d/dx through the overhang filter (adjoint over rows)."""
    nely, nelx = img.shape
    outs = []
    for g in grads:
        lam = np.zeros(nelx)
        out = np.zeros_like(img)
        for i in range(nely - 1):
            s = supports[i]
            big_xi = s ** (1.0 / OH_Q) - OH_BACKSHIFT
            d = img[i] - big_xi
            root = np.sqrt(d * d + OH_EPS)
            gi = g[i] + lam
            out[i] = gi * 0.5 * (1.0 - d / root)
            a = gi * 0.5 * (1.0 + d / root) * (OH_P / OH_Q) * s ** (1.0 / OH_Q - 1.0)
            apad = np.concatenate(([0.0], a, [0.0]))
            lam = (apad[:-2] + apad[1:-1] + apad[2:]) * (xi[i + 1] + OH_SHIFT) ** (OH_P - 1.0)
        out[-1] = g[-1] + lam
        outs.append(out)
    return outs


def optimize(args, solve):
    """Runs the v0 loop; `solve(K_free_csc, f_free)` returns u_free. Returns the result dict."""
    nelx, nely, penal = args.nelx, args.nely, args.penal
    t_setup = time.perf_counter()
    KE = element_stiffness()
    ndof, edof, iK, jK, free, f = setup(nelx, nely, args.forcedist)
    H, Hs = hat_filter(nelx, nely, args.rmin)
    setup_s = time.perf_counter() - t_setup

    def printed(xPhys):
        if not args.overhang:
            return xPhys, None
        xi, s = overhang_forward(to_image(xPhys, nelx, nely))
        return to_vector(xi), (to_image(xPhys, nelx, nely), xi, s)

    t0 = time.perf_counter()
    cpu0 = time.process_time()
    x = np.full(nelx * nely, args.volfrac)
    xPhys = x.copy()
    xPrint, oh = printed(xPhys)
    u = np.zeros(ndof)
    history = []
    change, loop = 1.0, 0
    vol_target = args.volfrac * nelx * nely
    while change > CHANGE_TOL and loop < args.max_iter:
        E = EMIN + xPrint ** penal * (EMAX - EMIN)
        sK = (KE.ravel()[None, :] * E[:, None]).ravel()
        K = sp.coo_matrix((sK, (iK, jK)), shape=(ndof, ndof)).tocsc()
        K = K[free, :][:, free]
        u[free] = solve(K, f[free])
        ue = u[edof]
        ce = np.einsum("ij,jk,ik->i", ue, KE, ue)
        history.append(float(np.sum(E * ce)))
        loop += 1
        dc = -penal * xPrint ** (penal - 1) * (EMAX - EMIN) * ce
        dv = np.ones(nelx * nely)
        if oh is not None:
            img, xi, s = oh
            gdc, gdv = overhang_backward(img, xi, s, [to_image(dc, nelx, nely), to_image(dv, nelx, nely)])
            dc, dv = to_vector(gdc), to_vector(gdv)
        dc = H @ (dc / Hs)
        dv = H @ (dv / Hs)
        dc = np.minimum(dc, 0.0)
        l1, l2 = 0.0, 1e9
        eps = np.finfo(np.float64).eps
        while (l2 - l1) / (l1 + l2) > 1e-3 and abs(l2 - l1) >= eps:
            lmid = 0.5 * (l1 + l2)
            xnew = np.clip(x * np.sqrt(-dc / dv / lmid), np.maximum(0.0, x - MOVE), np.minimum(1.0, x + MOVE))
            xPhys = (H @ xnew) / Hs
            xPrint, oh = printed(xPhys)
            if xPrint.sum() > vol_target:
                l1 = lmid
            else:
                l2 = lmid
        change = float(np.max(np.abs(xnew - x)))
        x = xnew
    seconds = time.perf_counter() - t0
    cpu_seconds = time.process_time() - cpu0
    return {
        "final_c": history[-1] if history else None,
        "c0": history[0] if history else None,
        "c1": history[1] if len(history) > 1 else None,
        "iterations": loop,
        "seconds": seconds,
        "cpu_seconds": cpu_seconds,
        "setup_seconds": setup_s,
        "final_mean": float(xPrint.mean()),
        "history": history if args.history else None,
    }


def parse_args(solver_name):
    p = argparse.ArgumentParser(description=f"Beams2D v0 reference ({solver_name})")
    p.add_argument("--nelx", type=int, default=100)
    p.add_argument("--nely", type=int, default=50)
    p.add_argument("--volfrac", type=float, default=0.35)
    p.add_argument("--rmin", type=float, default=2.0)
    p.add_argument("--forcedist", type=float, default=0.0)
    p.add_argument("--penal", type=float, default=3.0)
    p.add_argument("--max-iter", dest="max_iter", type=int, default=100)
    p.add_argument("--overhang", action="store_true")
    p.add_argument("--history", action="store_true", help="include the full compliance history")
    return p.parse_args()


def main(solver_name, solve):
    args = parse_args(solver_name)
    out = optimize(args, solve)
    out["solver"] = solver_name
    if out["history"] is None:
        del out["history"]
    print(json.dumps(out))
