"""Photonics2D per-step SciPy peer: what ceviche does in one Adam step (engibench.md 2.5-2.7), with
scipy.sparse.linalg.spsolve (SuperLU): per step, build A(eps) for both wavelengths and call spsolve
four times (two forward solves with A, two adjoint solves with A^T). Written for this project from
the spec (no ceviche/EngiBench code). The first evaluation (rho = 0.5 in the design region) also
prints overlap1/overlap2/total_overlap, which must match engibench.md 2.10a.

Usage: /usr/bin/python3 photonics2d_scipy.py [--steps 5] [--nx 120] [--ny 120] [--lambda1 1.5] [--lambda2 1.3]
Prints one JSON line: {seconds, step_s (median wall), step_min_s, step_cpu_s (median CPU), steps, overlap1, overlap2, total_overlap}.
"""
import argparse
import json
import time

import numpy as np
import scipy.sparse as sp
import scipy.sparse.linalg as spl

EPS0, MU0, C0 = 8.85418782e-12, 1.25663706e-6, 299792458.0
ETA0 = np.sqrt(MU0 / EPS0)
DL, NPML, SPACE, WG_W, WG_SHIFT, SLICE = 40e-9, 20, 10, 12, 9, 8


def sfactor(kind, omega, n):
    s = np.ones(n, dtype=complex)
    dw = NPML * DL
    sig_max = -(3 + 1) * (-30) / (2 * ETA0 * dw)
    half = 0.5 if kind == "f" else 1.0
    for i in range(n):
        if i <= NPML:
            l = DL * (NPML - i + half)
        elif i > n - NPML:
            l = DL * (i - (n - NPML) - half)
        else:
            continue
        s[i] = 1 - 1j * sig_max * (l / dw) ** 3 / (omega * EPS0)
    return s


def diff1d(kind, n):
    if kind == "f":
        return sp.diags([-np.ones(n), np.ones(n - 1), [1.0]], [0, 1, -(n - 1)], shape=(n, n)) / DL
    return sp.diags([np.ones(n), -np.ones(n - 1), [-1.0]], [0, -1, n - 1], shape=(n, n)) / DL


def laplacian(omega, nx, ny):
    """-(1/mu0)(Sxf Dxf Sxb Dxb + Syf Dyf Syb Dyb) with PML, periodic wrap, row-major [x, y]."""
    ix, iy = sp.identity(nx), sp.identity(ny)
    out = 0
    for axis, n in (("x", nx), ("y", ny)):
        ops = {}
        for kind in "fb":
            d = diff1d(kind, n)
            s = 1 / sfactor(kind, omega, n)
            if axis == "x":
                ops[kind] = sp.diags(np.repeat(s, ny)) @ sp.kron(d, iy)
            else:
                ops[kind] = sp.diags(np.tile(s, nx)) @ sp.kron(ix, d)
        out = out + ops["f"] @ ops["b"]
    return (-(1 / MU0) * out).tocsc()


def geometry(nx, ny):
    n0 = NPML + SPACE
    bg = np.zeros((nx, ny))
    in_y = ny // 2 - WG_W // 2
    o1 = NPML + SPACE + WG_SHIFT
    o2 = ny - NPML - SPACE - WG_W - WG_SHIFT
    bg[:n0, in_y:in_y + WG_W] = 1
    bg[nx - n0:, o1:o1 + WG_W] = 1
    bg[nx - n0:, o2:o2 + WG_W] = 1
    mask = np.zeros((nx, ny))
    mask[n0:nx - n0, n0:ny - n0] = 1
    src = (NPML + 1, in_y - SLICE, in_y + WG_W + SLICE)
    p1 = (nx - NPML - 1, o1 - SLICE, o1 + WG_W + SLICE)
    p2 = (nx - NPML - 1, o2 - SLICE, o2 + WG_W + SLICE)
    return bg, mask, src, p1, p2


def mode_field(eps, sl, omega, shape):
    x, y0, y1 = sl
    cut = eps[x, y0:y1]
    k0 = omega / C0
    m = sp.diags(cut) + (diff1d("f", cut.size) @ diff1d("b", cut.size)) / k0**2
    _, vec = spl.eigs(m.tocsc(), k=1, sigma=cut.max(), which="LM")
    v = vec[:, 0] / np.linalg.norm(vec[:, 0])
    f = np.zeros(shape, dtype=complex)
    f[x, y0:y1] = v
    return f.ravel()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--steps", type=int, default=5)
    ap.add_argument("--nx", type=int, default=120)
    ap.add_argument("--ny", type=int, default=120)
    ap.add_argument("--lambda1", type=float, default=1.5)
    ap.add_argument("--lambda2", type=float, default=1.3)
    a = ap.parse_args()
    bg, mask, src, p1, p2 = geometry(a.nx, a.ny)
    rho = 0.5 * mask
    eps_bg = 1 + 11 * bg
    ports = []
    for lam, probe in ((a.lambda1, p1), (a.lambda2, p2)):
        omega = 2 * np.pi * C0 * 1e6 / lam
        ports.append((omega, laplacian(omega, a.nx, a.ny), 1j * omega * mode_field(eps_bg, src, omega, bg.shape), mode_field(eps_bg, probe, omega, bg.shape)))
    times, cpu, overlaps = [], [], []
    t_all = time.perf_counter()
    for step in range(a.steps):
        design = rho + 0.01 * step * mask  # a new design each step, as in an optimization
        eps = (1 + 11 * (design * mask + bg * (1 - mask))).ravel()
        t0, c0 = time.perf_counter(), time.process_time()
        ov = []
        for omega, lap, b, p in ports:
            A = (lap - sp.diags(EPS0 * omega**2 * eps)).tocsc()
            ez = spl.spsolve(A, b)
            spl.spsolve(A.T.tocsc(), np.conj(p))
            ov.append(1e6 * abs(np.sum(np.conj(ez) * p)))
        times.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        if step == 0:
            overlaps = ov
    seconds = time.perf_counter() - t_all
    print(json.dumps({"seconds": seconds, "step_s": float(np.median(times)), "step_min_s": float(np.min(times)),
                      "step_cpu_s": float(np.median(cpu)), "steps": a.steps,
                      "overlap1": overlaps[0], "overlap2": overlaps[1], "total_overlap": overlaps[0] * overlaps[1]}))


if __name__ == "__main__":
    main()
