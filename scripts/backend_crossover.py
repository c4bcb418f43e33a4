#!/usr/bin/env python3
"""Where the GPU starts to pay: from a gpu-check report's benchmarks (CPU and CUDA on the same machine),
the scene size at which CUDA steps a frame as fast as the CPU, for particle scenes and for body scenes, at
each scene's paper setting (N substeps x 1 iteration, XPBD). Between the largest size the CPU wins and the
smallest the GPU wins, the ratio t_cuda / t_cpu is interpolated on log-log axes to 1.

usage: scripts/backend_crossover.py bench/results/<gpu>-<date>.json [--out crossover.json]
sim/backend/crossover.cpp carries the result (issue 51 item 5)."""
import argparse
import json
import math


def best_times(report):
    """{(kind, scene, size): {backend: ms}} at N x 1 XPBD, the fastest launch mode of each backend."""
    out = {}
    for scene, bench in report["benchmarks"].items():
        for c in bench.get("cases", []):
            if c["integrator"] != "xpbd" or c["iterations"] != 1 or c["substeps"] < 2:
                continue
            kind = "bodies" if c["bodies"] > 0 and c["particles"] == 0 else "particles"
            count = c["bodies"] if kind == "bodies" else c["particles"]
            key = (kind, scene, count)
            ms = c["ms_per_frame_mean"]
            slot = out.setdefault(key, {})
            slot[c["backend"]] = min(ms, slot.get(c["backend"], math.inf))
    return out


def crossover(points):
    """points: [(count, ratio t_cuda/t_cpu, scene)]; the count where the ratio crosses 1."""
    cpu_wins = [p for p in points if p[1] > 1.0]
    gpu_wins = [p for p in points if p[1] <= 1.0]
    if not cpu_wins or not gpu_wins:
        raise SystemExit(f"no crossover: the {'GPU' if gpu_wins else 'CPU'} wins every case measured")
    below = max(cpu_wins)  # the largest scene the CPU still wins
    above = min(gpu_wins)  # the smallest the GPU wins
    if below[0] >= above[0]:
        raise SystemExit(f"no single crossover: the CPU wins {below[2]} at {below[0]}, the GPU {above[2]} at {above[0]}")
    (n0, r0, s0), (n1, r1, s1) = below, above
    t = math.log(r0) / (math.log(r0) - math.log(r1))
    n = math.exp(math.log(n0) + t * (math.log(n1) - math.log(n0)))
    return {"count": round(n), "cpu_wins": {"scene": s0, "count": n0, "cuda_over_cpu": round(r0, 3)},
            "gpu_wins": {"scene": s1, "count": n1, "cuda_over_cpu": round(r1, 3)}}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("report")
    ap.add_argument("--out")
    a = ap.parse_args()
    report = json.load(open(a.report))
    points = {"particles": [], "bodies": []}
    for (kind, scene, count), ms in sorted(best_times(report).items()):
        if "cpu" in ms and "cuda" in ms:
            points[kind].append((count, ms["cuda"] / ms["cpu"], scene))
    result = {"source": a.report, "gpu": report.get("gpu"), "setting": "N substeps x 1 iteration, XPBD",
              "particles": crossover(points["particles"]), "bodies": crossover(points["bodies"]),
              "points": {k: [{"scene": s, "count": n, "cuda_over_cpu": round(r, 3)} for n, r, s in v]
                         for k, v in points.items()}}
    text = json.dumps(result, indent=2)
    if a.out:
        open(a.out, "w").write(text + "\n")
    print(text)


if __name__ == "__main__":
    main()
