#!/usr/bin/env python3
"""Report of the smallsteps vs PositionBasedDynamics side-by-side benchmark (issue 19).

Called by bench/pbd_side_by_side.sh; not meant to be run by hand.

  side_by_side_report.py check SMALLSTEPS_JSON PBD_JSON
      fails (exit 1, with the numbers) unless both runs built the same cloths: equal particle and
      distance-constraint counts at every size.

  side_by_side_report.py meta --out PATH
      writes the run's facts, handed over in SBS_* environment variables, as JSON.

  side_by_side_report.py report --work DIR --meta META_JSON --out-json PATH --out-md PATH
      merges DIR/smallsteps-W.json (bench_xpbd), DIR/pbd-W.json (pbd_cloth) and DIR/sanity-W-NxK.csv
      (the last row of `smallsteps run --metrics`: the smallsteps state after the same frames) with the
      machine and build facts in META_JSON into one JSON and a markdown table.
"""

import argparse
import csv
import json
import os
import sys

SANITY_KEYS = ("kinetic_J", "gravitational_J", "stretch_max", "stretch_mean")
GROUND_MARGIN_M = 0.1  # a PBD particle lower than this over the run: smallsteps' may have touched its ground


def load(path):
    with open(path) as f:
        return json.load(f)


def by_size(cases):
    """{(W, substeps, iterations): case} for cases of a run."""
    out = {}
    for c in cases:
        w = int(str(c["size"]).split("x")[0])
        out[(w, int(c["substeps"]), int(c["iterations"]))] = c
    return out


def check(ss_path, pbd_path):
    ss, pbd = load(ss_path), load(pbd_path)
    problems = []
    ss_cases, pbd_cases = by_size(ss["cases"]), by_size(pbd["cases"])
    if set(ss_cases) != set(pbd_cases):
        problems.append(
            "the runs timed different cases: smallsteps %s, PBD %s" % (sorted(ss_cases), sorted(pbd_cases)))
    for key in sorted(set(ss_cases) & set(pbd_cases)):
        a, b = ss_cases[key], pbd_cases[key]
        for field in ("particles", "distance_constraints"):
            if int(a[field]) != int(b[field]):
                problems.append("%dx%d %dx%d: %s differ, smallsteps %s, PBD %s" %
                                (key[0], key[0], key[1], key[2], field, a[field], b[field]))
    if problems:
        print("side_by_side: the two sides did not build the same constraint graph:", file=sys.stderr)
        for p in problems:
            print("  " + p, file=sys.stderr)
        return 1
    return 0


def read_sanity(path):
    """The last row of a `smallsteps run --metrics x.csv` file, the sanity fields as floats."""
    with open(path, newline="") as f:
        rows = list(csv.DictReader(f))
    if not rows:
        raise SystemExit("side_by_side: %s has no frames" % path)
    last = rows[-1]
    out = {"frame": int(last["frame"])}
    for key in SANITY_KEYS:
        out[key] = float(last[key])
    return out


def rel_diff(a, b):
    scale = max(abs(a), abs(b))
    return 0.0 if scale == 0 else abs(a - b) / scale


def fmt_ms(c):
    return "%.3f (%.2f)" % (c["ms_per_frame_mean"], c["ns_per_projection"])


def report(args):
    meta = load(args.meta)
    sizes = meta["sizes"]
    ss_all, pbd_all, rows = [], [], []
    machine = None
    warnings = []
    for w in sizes:
        ss = load(os.path.join(args.work, "smallsteps-%d.json" % w))
        pbd = load(os.path.join(args.work, "pbd-%d.json" % w))
        machine = machine or ss.get("machine")
        ss_all += ss["cases"]
        pbd_all += pbd["cases"]
        ss_cases, pbd_cases = by_size(ss["cases"]), by_size(pbd["cases"])
        for key in sorted(ss_cases, key=lambda k: (k[0], -k[1])):
            a, b = ss_cases[key], pbd_cases[key]
            _, n, k = key
            sanity_path = os.path.join(args.work, "sanity-%d-%dx%d.csv" % (w, n, k))
            ss_sanity = read_sanity(sanity_path) if os.path.exists(sanity_path) else None
            pbd_sanity = {key2: b[key2] for key2 in SANITY_KEYS + ("lowest_y_m", "lowest_y_all_frames_m")}
            low = b["lowest_y_all_frames_m"]
            if meta["smallsteps_ground"] and (low is None or low < GROUND_MARGIN_M):
                warnings.append("%s %dx%d: PBD's lowest particle went down to y = %s m, within 0.1 m of y = 0 "
                                "or below, where smallsteps' cloth has a ground to collide with and PBD's none: "
                                "the timed frames are not the same work "
                                "(--smallsteps-ground off removes smallsteps' ground)" %
                                (a["size"], n, k, "%.3f" % low if low is not None else "null"))
            if ss_sanity:
                for key2 in ("kinetic_J", "gravitational_J"):
                    d = rel_diff(ss_sanity[key2], pbd_sanity[key2])
                    if d > 0.1:
                        warnings.append("%s %dx%d: %s differs by %.0f%% (smallsteps %.4g, PBD %.4g)" %
                                        (a["size"], n, k, key2, 100 * d, ss_sanity[key2], pbd_sanity[key2]))
            for side, c in (("smallsteps", a), ("PBD", b)):
                if c.get("diverged"):
                    warnings.append("%s %s %dx%d diverged: %s" % (side, c["size"], n, k, c["diverged"]))
            rows.append({
                "size": a["size"],
                "W": w,
                "particles": a["particles"],
                "distance_constraints": a["distance_constraints"],
                "substeps": n,
                "iterations": k,
                "smallsteps": {
                    "ms_per_frame_mean": a["ms_per_frame_mean"],
                    "ms_per_frame_min": a["ms_per_frame_min"],
                    "ns_per_projection": a["ns_per_projection"],
                    "colours": a["colours"],
                    "threads": a["threads"],
                    "timed_frames": a["timed_frames"],
                    "warmup_frames": a["warmup_frames"],
                    "detection_ms_mean": a.get("detection_ms_mean"),
                    "diverged": a.get("diverged"),
                    "sanity_after_timed_frames": ss_sanity,
                },
                "pbd": {
                    "ms_per_frame_mean": b["ms_per_frame_mean"],
                    "ms_per_frame_min": b["ms_per_frame_min"],
                    "ns_per_projection": b["ns_per_projection"],
                    "groups": b["groups"],
                    "group_size_min": b["group_size_min"],
                    "group_size_max": b["group_size_max"],
                    "threads": b["threads"],
                    "timed_frames": b["timed_frames"],
                    "warmup_frames": b["warmup_frames"],
                    "velocity_iterations": b["velocity_iterations"],
                    "diverged": b.get("diverged"),
                    "sanity_after_timed_frames": pbd_sanity,
                },
                # > 1: smallsteps is faster (PBD's ms per frame over smallsteps')
                "speedup": b["ms_per_frame_mean"] / a["ms_per_frame_mean"],
                "speedup_min": b["ms_per_frame_min"] / a["ms_per_frame_min"],
            })

    out = {
        "benchmark": "pbd_side_by_side",
        "issue": 19,
        "scene": "hanging_cloth",
        "notes": meta["notes"],
        "machine": machine,
        "host": meta["host"],
        "command": meta["command"],
        "omp_num_threads": meta["threads"],
        "smallsteps_ground": meta["smallsteps_ground"],
        "smallsteps": meta["smallsteps"],
        "pbd": meta["pbd"],
        "comparison": rows,
        "warnings": warnings,
        "smallsteps_cases": ss_all,
        "pbd_cases": pbd_all,
    }
    with open(args.out_json, "w") as f:
        json.dump(out, f, indent=2)
        f.write("\n")

    cpu = (machine or {}).get("cpu_model") or meta["host"].get("lscpu_model_name") or "unknown CPU"
    date = (machine or {}).get("date_utc", "")
    pbd = meta["pbd"]
    lines = [
        "# smallsteps vs PositionBasedDynamics: hanging cloth, CPU (issue 19)",
        "",
        "%s, %s OpenMP threads on both sides, %s. PBD %s (%s), smallsteps %s, its ground plane %s." %
        (cpu, meta["threads"], date, pbd["commit"][:7] if pbd.get("commit") else "unknown commit",
         pbd["version"], meta["smallsteps"]["commit"][:7] if meta["smallsteps"].get("commit") else "unknown",
         "on (PBD has none)" if meta["smallsteps_ground"] else "off (as PBD)"),
        "",
        "| cloth | constraints | n x k | smallsteps ms/frame (ns/projection) | PBD ms/frame (ns/projection) | speed-up |",
        "| --- | --- | --- | --- | --- | --- |",
    ]
    for r in rows:
        lines.append("| %s | %s | %dx%d | %s | %s | %.2fx |" % (
            r["size"], "{:,}".format(r["distance_constraints"]), r["substeps"], r["iterations"],
            fmt_ms(r["smallsteps"]), fmt_ms(r["pbd"]), r["speedup"]))
    lines += [
        "",
        "speed-up: PBD's mean ms per frame over smallsteps' (above 1: smallsteps is faster). ns/projection: the "
        "whole frame's time over constraints x substeps x iterations. smallsteps solves its %s colours "
        "Gauss-Seidel; PBD its own constraint groups (%s), also Gauss-Seidel, OpenMP inside each." % (
            "/".join(sorted({str(r["smallsteps"]["colours"]) for r in rows})),
            ", ".join("%s: %d" % kv for kv in sorted({(r["size"], r["pbd"]["groups"]) for r in rows},
                                                      key=lambda kv: int(kv[0].split("x")[0])))),
        "",
        "Both sides after the timed frames (the same falling cloth: energies and grid-edge strain eps = "
        "max((l - L)/L, 0); the lowest particle, at the end and over all frames, from PBD):",
        "",
        "| cloth | n x k | side | kinetic J | gravitational J | eps max | eps mean | lowest y m (all frames) |",
        "| --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for r in rows:
        for side, name in (("smallsteps", "smallsteps"), ("pbd", "PBD")):
            s = r[side]["sanity_after_timed_frames"]
            if not s:
                lines.append("| %s | %dx%d | %s | - | - | - | - | - |" % (r["size"], r["substeps"], r["iterations"], name))
                continue
            low, ever = s.get("lowest_y_m"), s.get("lowest_y_all_frames_m")
            lines.append("| %s | %dx%d | %s | %.4g | %.4g | %.3g | %.3g | %s |" % (
                r["size"], r["substeps"], r["iterations"], name, s["kinetic_J"], s["gravitational_J"],
                s["stretch_max"], s["stretch_mean"],
                "%.3f (%.3f)" % (low, ever) if low is not None and ever is not None else "-"))
    lines += ["", "Builds:", "",
              "- smallsteps: `%s`" % meta["smallsteps"]["compile_flags"],
              "- PBD libraries (PBD's CMake, Release): `%s`" % pbd["library_flags"],
              "- pbd_cloth driver: `%s`" % pbd["driver_flags"],
              "", "Notes: " + meta["notes"]]
    if warnings:
        lines += ["", "Warnings:", ""] + ["- " + w for w in warnings]
    with open(args.out_md, "w") as f:
        f.write("\n".join(lines) + "\n")
    for w in warnings:
        print("side_by_side: warning: " + w, file=sys.stderr)
    return 0


def notes(velocity_iterations, ground):
    if ground:
        contacts = (
            "Contacts: smallsteps' hanging_cloth collides with its ground y = 0 (found once per frame, inside "
            "its frame time: detection_ms_mean), PBD's run has no collision detection. Until the cloth reaches "
            "the ground that is only smallsteps' ground test; PBD's lowest particle over every frame is reported "
            "and a warning is written where it came within 0.1 m of y = 0 (both sides simulate the same motion, "
            "see the energies), i.e. where smallsteps' timed frames include ground contacts that PBD's lack.")
    else:
        contacts = (
            "Contacts: none on either side (smallsteps' hanging_cloth with --set ground=0, PBD without "
            "collision detection).")
    return (
        "Both sides build the constraint graph of smallsteps' hanging_cloth (sim/scenes/hanging_cloth.cpp, "
        "cloth_grid.cpp): a W x W grid, 1 m, flat at y = 1.5 m, pinned at particles (0,0) and (W-1,0), stretch "
        "(grid edges) and shear (diagonals) at k = 1e7 N/m and bending (edges skipping one particle) at "
        "k = 10 N/m as XPBD distance constraints of compliance 1/k, 0.2 kg/m^2, gravity 9.81 m/s^2, frames of "
        "1/60 s; the particle and constraint counts are checked equal. PBD: bench/peer/pbd_cloth.cpp calls "
        "SimulationModel::addDistanceConstraint_XPBD(a, b, k), whose alpha~ = 1/(k h^2) is compliance 1/k, "
        "lets SimulationModel::initConstraintGroups group the constraints (greedy first fit) and steps with "
        "PBD's TimeStepController (n substeps of (1/60)/n, k Gauss-Seidel sweeps over the groups with OpenMP "
        "inside each, first-order velocity update, no damping on either side, maxIterationsV = %d: PBD's "
        "velocity sweeps do nothing for distance constraints, its default is 5). Part of PBD's frame: its "
        "prediction and velocity-update loops run on one thread when a model has no rigid bodies (their "
        "OpenMP if() counts rigid bodies), and every constraint is visited once more per substep "
        "(initConstraintBeforeProjection). %s Both in double precision. Timing: wall time of whole frames "
        "(bench_xpbd: World::last_step_ms; pbd_cloth: steady_clock around TimeStepController::step), mean over "
        "the timed frames after the warm-up frames, the two programs one after the other at each size with "
        "the same OMP_NUM_THREADS. ns_per_projection = ms_per_frame * 1e6 / (constraints * substeps * "
        "iterations). speedup = PBD ms / smallsteps ms. Sanity: after warm-up + timed frames; smallsteps' "
        "values come from an untimed `smallsteps run` of the same scene, settings and frames (last row of its "
        "metrics), PBD's from pbd_cloth's state after its timed frames." % (velocity_iterations, contacts))


def meta(args):
    env = os.environ
    v = int(env["SBS_VELOCITY_ITERATIONS"])
    out = {
        "sizes": [int(w) for w in env["SBS_SIZES"].split(",")],
        "threads": int(env["SBS_THREADS"]),
        "command": env["SBS_COMMAND"],
        "notes": notes(v, env["SBS_GROUND"] == "on"),
        "smallsteps_ground": env["SBS_GROUND"] == "on",
        "host": {
            "lscpu_model_name": env["SBS_CPU_MODEL"],
            "load_average_before": env["SBS_LOAD_BEFORE"],
            "load_average_after": env["SBS_LOAD_AFTER"],
            "cpu_busy_percent_before": int(env["SBS_BUSY"]),  # over the second before the run
        },
        "smallsteps": {
            "commit": env["SBS_SS_COMMIT"] or None,
            "uncommitted_changes_in_sim_bench_app": int(env["SBS_SS_DIRTY"]),
            "binary": env["SBS_SS_BINARY"],
            "compile_flags": env["SBS_SS_FLAGS"],
        },
        "pbd": {
            "repository": "https://github.com/InteractiveComputerGraphics/PositionBasedDynamics",
            "checkout": env["SBS_PBD_DIR"],
            "commit": env["SBS_PBD_COMMIT"] or None,
            "version": env["SBS_PBD_VERSION"],
            "discregrid_commit": env["SBS_DG_COMMIT"] or None,
            "discregrid_pinned": env["SBS_DG_PIN"] or None,
            "genericparameters_commit": env["SBS_GP_COMMIT"] or None,
            "genericparameters_pinned": env["SBS_GP_PIN"] or None,
            "cmake_options": env["SBS_PBD_CMAKE_OPTIONS"],
            "library_flags": env["SBS_PBD_LIB_FLAGS"],
            "driver_flags": env["SBS_DRIVER_FLAGS"],
            "velocity_iterations": v,
            "build_seconds": int(env["SBS_BUILD_SECONDS"]),
        },
        "raw_outputs": env["SBS_RUN_DIR"],
    }
    with open(args.out, "w") as f:
        json.dump(out, f, indent=2)
        f.write("\n")
    return 0


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("check")
    c.add_argument("smallsteps_json")
    c.add_argument("pbd_json")
    m = sub.add_parser("meta")
    m.add_argument("--out", required=True)
    r = sub.add_parser("report")
    r.add_argument("--work", required=True)
    r.add_argument("--meta", required=True)
    r.add_argument("--out-json", required=True)
    r.add_argument("--out-md", required=True)
    args = parser.parse_args()
    if args.cmd == "check":
        return check(args.smallsteps_json, args.pbd_json)
    if args.cmd == "meta":
        return meta(args)
    return report(args)


if __name__ == "__main__":
    sys.exit(main())
