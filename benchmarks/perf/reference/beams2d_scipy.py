"""Beams2D v0 reference solved with SciPy's sparse direct solver (SuperLU via spsolve).

Usage: /usr/bin/python3 beams2d_scipy.py [--nelx 100 --nely 50 --volfrac 0.35 --rmin 2
       --forcedist 0 --max-iter 100 --overhang]; prints one JSON line.
"""

import os
import sys

from scipy.sparse.linalg import spsolve

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from beams2d_core import main  # noqa: E402


def solve(K, rhs):
    return spsolve(K, rhs)


if __name__ == "__main__":
    main("scipy-spsolve", solve)
