#!/usr/bin/env python3
"""The largest eigenvalue mu of PBF's Jacobi pass on a cubic lattice (constraints/fluid_density.h).

On an infinite lattice of spacing d with kernel radius h every particle is alike, so the density
constraints' system A = J M^-1 J^T is a convolution and its eigenvectors are plane waves q. With
g(r) the spiky kernel's gradient (odd in r) and the lattice's own sum vanishing at rest,

    A(q) = w V^2 |sum_r g(r) sin(q.r)|^2,   A_ii = w V^2 sum_r |g(r)|^2,   mu(q) = A(q) / A_ii

(Parseval: mu averages 1 over the Brillouin zone). The pass corrects every constraint at once by
-C / (A_ii (1 + eps)), a Jacobi step of weight 1 / (1 + eps), which grows the mode q where
|1 - mu(q) / (1 + eps)| > 1: stable for every q if eps > mu_max / 2 - 1. Where the constraint is
unilateral, a mode can grow only where every particle is compressed (C > 0), the bottom of a deep
column. Pure Python (no NumPy): about a minute for a 17^3 grid of q.

usage: scripts/pbf_jacobi_spectrum.py [--ratio H_OVER_D] [--strain S ...] [--grid N]
"""
import argparse
import math


def spiky_gradients(ratio, strain):
    """g(r) of every lattice neighbour within h = ratio, the lattice shrunk by `strain` (d = 1 - strain)."""
    d, h = 1.0 - strain, ratio
    reach = int(math.ceil(h / d)) + 1
    out = []
    for i in range(-reach, reach + 1):
        for j in range(-reach, reach + 1):
            for k in range(-reach, reach + 1):
                r = (i * d, j * d, k * d)
                n = math.sqrt(r[0] ** 2 + r[1] ** 2 + r[2] ** 2)
                if 0.0 < n < h:
                    c = -45.0 / (math.pi * h ** 6) * (h - n) ** 2 / n
                    out.append((r, (c * r[0], c * r[1], c * r[2])))
    return out, d


def mu_max(ratio, strain, grid):
    gradients, d = spiky_gradients(ratio, strain)
    diagonal = sum(g[0] ** 2 + g[1] ** 2 + g[2] ** 2 for _, g in gradients)
    best, at = 0.0, None
    steps = [math.pi / d * a / (grid - 1) for a in range(grid)]
    for qx in steps:
        for qy in steps:
            for qz in steps:
                s = [0.0, 0.0, 0.0]
                for r, g in gradients:
                    sin = math.sin(qx * r[0] + qy * r[1] + qz * r[2])
                    s[0] += g[0] * sin
                    s[1] += g[1] * sin
                    s[2] += g[2] * sin
                mu = (s[0] ** 2 + s[1] ** 2 + s[2] ** 2) / diagonal
                if mu > best:
                    best, at = mu, (qx * d / math.pi, qy * d / math.pi, qz * d / math.pi)
    return best, at


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--ratio", type=float, default=2.0, help="kernel radius h over spacing d (default 2)")
    parser.add_argument("--strain", type=float, nargs="+", default=[0.0, 0.02, 0.05],
                        help="the lattice's compression, 1 - d/d0 (default 0 0.02 0.05)")
    parser.add_argument("--grid", type=int, default=17, help="q per axis over [0, pi/d] (default 17)")
    args = parser.parse_args()
    for strain in args.strain:
        mu, q = mu_max(args.ratio, strain, args.grid)
        print(f"h/d {args.ratio:g}, strain {strain:g}: mu_max {mu:.3f} at q = "
              f"({q[0]:.3f}, {q[1]:.3f}, {q[2]:.3f}) pi/d; the pass is stable if eps > {mu / 2 - 1:.3f}")


if __name__ == "__main__":
    main()
