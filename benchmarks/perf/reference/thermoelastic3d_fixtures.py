#!/usr/bin/env python3
"""Writes tests/fixtures/thermoelastic3d/*.json from thermoelastic3d_ref.py (EngiAI's NumPy/SciPy peer of EngiBench
ThermoElastic3D v0).

  PYTHONPATH=<GCMMA-MMA-Python>/src /usr/bin/python3 benchmarks/perf/reference/thermoelastic3d_fixtures.py

simulate.json: [sc, tc] of float64 and float32 designs (uniform 0.3 and seeded random in [1e-3, 1]) on several grids and
weights. optimize.json: the histories (obj_values, obj_values_update) and per-step sums of the OptiStep arrays (x,
x_update, the three sensitivity fields) of short runs, through mmapy.mmasub (the MMA EngiBench calls) when importable.
"""
import json
import os
import sys

import numpy as np

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import thermoelastic3d_ref as ref  # noqa: E402

OUT = os.path.join(HERE, "..", "..", "..", "tests", "fixtures", "thermoelastic3d")


def flat(x):
    return [float(v) for v in x.ravel()]


def main():
    os.makedirs(OUT, exist_ok=True)
    try:
        import mmapy  # noqa: F401
        mma = "mmapy"
    except ImportError:
        mma = "ours"
    rng = np.random.default_rng(2027)
    sims = []
    grids = [((6, 4, 4), 0.5), ((5, 7, 3), 0.5), ((4, 4, 2), 1.0), ((8, 6, 5), 0.0), ((3, 5, 4), 0.8)]
    for (nelx, nely, nelz), w in grids:
        mesh = ref.Mesh(nelx, nely, nelz)
        shape = (nely, nelx, nelz)
        cases = [("uniform 0.3 float64", np.full(shape, 0.3)),
                 ("random float64", rng.uniform(1e-3, 1.0, shape)),
                 ("random float32", rng.uniform(1e-3, 1.0, shape).astype(np.float32))]
        for name, x in cases:
            sc, tc, _ = ref.fe_pass(mesh, x, 3.0, w, gradient=False)
            sims.append({"name": name, "nelx": nelx, "nely": nely, "nelz": nelz, "weight": w, "dtype": str(x.dtype),
                         "design": flat(x), "structural_compliance": sc, "thermal_compliance": tc})
    mesh = ref.Mesh(16, 16, 16)
    sc, tc, _ = ref.fe_pass(mesh, np.full((16, 16, 16), 0.3), 3.0, 0.5, gradient=False)
    sims.append({"name": "uniform 0.3 float64 16^3", "nelx": 16, "nely": 16, "nelz": 16, "weight": 0.5, "dtype": "float64",
                 "design": None, "fill": 0.3, "structural_compliance": sc, "thermal_compliance": tc})
    with open(os.path.join(OUT, "simulate.json"), "w") as f:
        json.dump({"made_by": "benchmarks/perf/reference/thermoelastic3d_fixtures.py", "cases": sims}, f)
        f.write("\n")

    plans = [
        {"name": "6x4x4 default", "nelx": 6, "nely": 4, "nelz": 4, "volfrac": 0.3, "rmin": 1.5, "weight": 0.5, "max_iter": 12, "start": None},
        {"name": "5x7x3 random start, weight 0.8", "nelx": 5, "nely": 7, "nelz": 3, "volfrac": 0.25, "rmin": 2.0, "weight": 0.8, "max_iter": 8,
         "start": rng.uniform(0.1, 0.4, (7, 5, 3))},
        {"name": "4x4x2 weight 0 (thermal load only)", "nelx": 4, "nely": 4, "nelz": 2, "volfrac": 0.4, "rmin": 1.5, "weight": 0.0, "max_iter": 6, "start": None},
        {"name": "16^3 default", "nelx": 16, "nely": 16, "nelz": 16, "volfrac": 0.3, "rmin": 1.5, "weight": 0.5, "max_iter": 3, "start": None},
    ]
    runs = []
    for p in plans:
        mesh = ref.Mesh(p["nelx"], p["nely"], p["nelz"])
        x, steps, it = ref.optimize(mesh, p["volfrac"], p["rmin"], 3.0, p["weight"], p["max_iter"], p["start"], mma)
        runs.append({**{k: v for k, v in p.items() if k != "start"}, "start": None if p["start"] is None else flat(p["start"]),
                     "iterations": it,
                     "steps": [{"step": s["step"], "obj_values": s["obj"].tolist(),
                                "obj_values_update": s["obj_update"].tolist() if "obj_update" in s else None,
                                "x_sum": float(np.sum(s["x"])), "x_update_sum": float(np.sum(s["x_update"])),
                                "x_update_max_abs": float(np.max(np.abs(s["x_update"]))),
                                "sensitivity_sums": [float(np.sum(a)) for a in s["sens"]],
                                "sensitivity_first": [float(a.ravel()[0]) for a in s["sens"]]} for s in steps],
                     "final_design": {"mean": float(np.mean(x, dtype=np.float64)), "sum_sq": float(np.sum(x.astype(np.float64) ** 2)),
                                      "first_values": [float(v) for v in x.ravel()[:8]]}})
    with open(os.path.join(OUT, "optimize.json"), "w") as f:
        json.dump({"made_by": "benchmarks/perf/reference/thermoelastic3d_fixtures.py", "mma": mma, "runs": runs}, f)
        f.write("\n")
    print(f"wrote {OUT} (mma: {mma})")


if __name__ == "__main__":
    main()
