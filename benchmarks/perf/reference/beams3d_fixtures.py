#!/usr/bin/env python3
"""Writes tests/fixtures/beams3d/*.json from beams3d_ref.py (EngiAI's NumPy/SciPy peer of EngiBench Beams3D v0).

  PYTHONPATH=<GCMMA-MMA-Python>/src /usr/bin/python3 benchmarks/perf/reference/beams3d_fixtures.py

simulate.json: c of float32 and float64 designs (uniform and seeded random in [1e-3, 1]) on several grids and
load positions, CG preconditioned with CHOLMOD (cvxopt) to rtol 1e-8. optimize.json: the first iterations'
compliance histories, through mmapy.mmasub (the MMA EngiBench calls) when it is importable, else our MMA.
"""
import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import beams3d_ref as ref  # noqa: E402

OUT = os.path.join(HERE, "..", "..", "..", "tests", "fixtures", "beams3d")


def design_list(x):
    return [float(v) for v in x.ravel()]


def main():
    os.makedirs(OUT, exist_ok=True)
    try:
        import mmapy  # noqa: F401
        mma = "mmapy"
    except ImportError:
        mma = "ours"
    rng = np.random.default_rng(2026)
    sims = []
    grids = [((6, 4, 4), (0.5, 0.5)), ((5, 7, 3), (0.5, 0.5)), ((4, 4, 2), (0.25, 0.75)), ((8, 6, 5), (1.0, 0.0))]
    for (nelx, nely, nelz), (fx, fy) in grids:
        mesh = ref.Mesh(nelx, nely, nelz, fx, fy)
        shape = (nely, nelx, nelz)
        cases = [("uniform 0.3 float32", np.full(shape, 0.3, dtype=np.float32)),
                 ("uniform 0.3 float64", np.full(shape, 0.3)),
                 ("random float32", rng.uniform(1e-3, 1.0, shape).astype(np.float32)),
                 ("random float64", rng.uniform(1e-3, 1.0, shape))]
        for name, x in cases:
            c, _, its = ref.fe_pass(mesh, x, 3.0, "cholmod")
            sims.append({"name": name, "nelx": nelx, "nely": nely, "nelz": nelz, "forcedist_x": fx, "forcedist_y": fy,
                         "dtype": str(x.dtype), "design": design_list(x), "c": c, "cg_iterations": its})
    mesh = ref.Mesh(16, 16, 16, 0.5, 0.5)
    for dtype in (np.float32, np.float64):
        x = np.full((16, 16, 16), 0.3, dtype=dtype)
        c, _, its = ref.fe_pass(mesh, x, 3.0, "cholmod")
        sims.append({"name": f"uniform 0.3 {np.dtype(dtype).name} 16^3", "nelx": 16, "nely": 16, "nelz": 16, "forcedist_x": 0.5,
                     "forcedist_y": 0.5, "dtype": np.dtype(dtype).name, "design": None, "fill": 0.3, "c": c, "cg_iterations": its})
    with open(os.path.join(OUT, "simulate.json"), "w") as f:
        json.dump({"made_by": "benchmarks/perf/reference/beams3d_fixtures.py", "precond": "cholmod", "cases": sims}, f)
        f.write("\n")

    runs = []
    plans = [
        {"name": "6x4x4 default", "nelx": 6, "nely": 4, "nelz": 4, "volfrac": 0.3, "rmin": 1.5, "fx": 0.5, "fy": 0.5, "max_iter": 25, "start": None},
        {"name": "8x6x5 float32 random start", "nelx": 8, "nely": 6, "nelz": 5, "volfrac": 0.2, "rmin": 2.0, "fx": 0.25, "fy": 0.75, "max_iter": 12,
         "start": rng.uniform(0.1, 0.4, (6, 8, 5)).astype(np.float32)},
        {"name": "16^3 default", "nelx": 16, "nely": 16, "nelz": 16, "volfrac": 0.3, "rmin": 1.5, "fx": 0.5, "fy": 0.5, "max_iter": 5, "start": None},
    ]
    for p in plans:
        mesh = ref.Mesh(p["nelx"], p["nely"], p["nelz"], p["fx"], p["fy"])
        x, history, iterations, _, cg_iters = ref.optimize(mesh, p["volfrac"], p["rmin"], 3.0, p["max_iter"], p["start"], "cholmod", mma)
        runs.append({**{k: v for k, v in p.items() if k != "start"}, "start": None if p["start"] is None else design_list(p["start"]),
                     "history": [h[0] for h in history], "iterations": iterations,
                     "final_design": {"mean": float(np.mean(x, dtype=np.float64)), "sum_sq": float(np.sum(x.astype(np.float64) ** 2)),
                                      "first_values": [float(v) for v in x.ravel()[:8]]}})
    with open(os.path.join(OUT, "optimize.json"), "w") as f:
        json.dump({"made_by": "benchmarks/perf/reference/beams3d_fixtures.py", "precond": "cholmod", "mma": mma, "runs": runs}, f)
        f.write("\n")
    print(f"wrote {OUT} (mma: {mma})")


if __name__ == "__main__":
    main()
