"""Beams2D v0 reference solved with CHOLMOD through cvxopt, as EngiBench does:
the reduced K becomes a cvxopt spmatrix and cholmod.linsolve refactorises it on every call.

Usage: /usr/bin/python3 beams2d_cholmod.py [same flags as beams2d_scipy.py]; prints one JSON line.
"""

import os
import sys

import numpy as np
from cvxopt import cholmod, matrix, spmatrix

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from beams2d_core import main  # noqa: E402


def solve(K, rhs):
    coo = K.tocoo()
    # cvxopt matrices straight from the NumPy buffers (3x faster than going through Python lists).
    A = spmatrix(matrix(coo.data), matrix(coo.row.astype(np.int64)), matrix(coo.col.astype(np.int64)), size=K.shape)
    B = matrix(rhs)
    cholmod.linsolve(A, B)
    return np.array(B).ravel()


if __name__ == "__main__":
    main("cholmod", solve)
