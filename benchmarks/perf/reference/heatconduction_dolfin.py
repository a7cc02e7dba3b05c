#!/usr/bin/python3
"""HeatConduction2D/3D perf peer: EngiBench's FEniCS forward model (our own script, as in
tests/fixtures/heatconduction2d/make_reference.py) with Debian's python3-dolfin 2019.2: setup (mesh,
spaces, boundary, forms compiled by FFC's JIT, warm after the first run) timed apart from --repeats
forward solves (Newton with LU, as EngiBench's 2-D template; LU in 3-D too) plus the assembly of J.
Prints one JSON object. Flags: --dim 2|3, --resolution R, --volume V, --length L, --repeats N.
"""
import argparse
import json
import time

import dolfin as df

df.set_log_level(df.LogLevel.ERROR)
ap = argparse.ArgumentParser()
ap.add_argument("--dim", type=int, default=2)
ap.add_argument("--resolution", type=int, default=101)
ap.add_argument("--volume", type=float, default=0.5)
ap.add_argument("--length", type=float, default=0.5)
ap.add_argument("--repeats", type=int, default=3)
args = ap.parse_args()

t0 = time.perf_counter()
nn = args.resolution - 1
lb, ub = 0.5 - args.length / 2, 0.5 + args.length / 2
if args.dim == 2:
    mesh = df.UnitSquareMesh(nn, nn)

    class Sink(df.SubDomain):
        def inside(self, x, on_boundary):
            return x[0] == 0.0 or x[1] == 1.0 or x[0] == 1.0 or (x[1] == 0.0 and (x[0] < lb or x[0] > ub))
else:
    mesh = df.UnitCubeMesh(nn, nn, nn)

    class Sink(df.SubDomain):
        def inside(self, x, on_boundary):
            return ((x[2] > 0 and x[0] == 0) or (x[2] > 0 and x[0] == 1) or (x[2] > 0 and x[1] == 0) or (x[2] > 0 and x[1] == 1)
                    or x[2] == 1 or (x[2] == 0 and (x[0] < lb or x[0] > ub) and (x[1] < lb or x[1] > ub)))
V = df.FunctionSpace(mesh, "CG", 1)
a = df.interpolate(df.Constant(args.volume), V)
bc = df.DirichletBC(V, 0.0, Sink())
f = df.interpolate(df.Constant(1e-2), V)
p, eps, alpha = df.Constant(5), df.Constant(1e-3), df.Constant(1e-8)


def objective():
    T = df.Function(V)
    v = df.TestFunction(V)
    F = df.inner(df.grad(v), (eps + (1 - eps) * a**p) * df.grad(T)) * df.dx - f * v * df.dx
    df.solve(F == 0, T, [bc], solver_parameters={"newton_solver": {"absolute_tolerance": 1.0e-7, "maximum_iterations": 20}})
    return df.assemble(f * T * df.dx + alpha * df.inner(df.grad(a), df.grad(a)) * df.dx)


J = objective()
setup = time.perf_counter() - t0
times = []
for _ in range(args.repeats):
    t = time.perf_counter()
    J = objective()
    times.append(time.perf_counter() - t)
print(json.dumps({"seconds": sum(times), "setup_s": setup, "repeats": args.repeats, "eval_s": sorted(times)[len(times) // 2], "J": J, "nodes": mesh.num_vertices()}))
