"""Reference solve for the Photonics2D FDFD tests: x = A^-1 b and lam = A^-T b with scipy spsolve.

Usage: /usr/bin/python3 photonics2d_solve.py DIR
DIR holds little-endian raw arrays written by the test: row.i32, col.i32, re.f64, im.f64 (COO triplets
of A, duplicates summed), bre.f64, bim.f64 (right-hand side). Writes xre/xim.f64 (A x = b) and
lre/lim.f64 (A^T lam = b) into DIR and prints one JSON line with the solve times.
"""
import json
import os
import sys
import time

import numpy as np
import scipy.sparse as sp
import scipy.sparse.linalg as spl


def main(d):
    load = lambda name, dt: np.fromfile(os.path.join(d, name), dtype=dt)
    row, col = load("row.i32", "<i4"), load("col.i32", "<i4")
    vals = load("re.f64", "<f8") + 1j * load("im.f64", "<f8")
    b = load("bre.f64", "<f8") + 1j * load("bim.f64", "<f8")
    n = b.size
    A = sp.coo_matrix((vals, (row, col)), shape=(n, n)).tocsc()
    t0 = time.perf_counter()
    x = spl.spsolve(A, b)
    t1 = time.perf_counter()
    lam = spl.spsolve(A.T.tocsc(), b)
    t2 = time.perf_counter()
    for name, arr in (("xre", x.real), ("xim", x.imag), ("lre", lam.real), ("lim", lam.imag)):
        np.ascontiguousarray(arr, dtype="<f8").tofile(os.path.join(d, name + ".f64"))
    print(json.dumps({"n": int(n), "solve_s": t1 - t0, "solve_t_s": t2 - t1}))


if __name__ == "__main__":
    main(sys.argv[1])
