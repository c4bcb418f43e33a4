#!/usr/bin/env python3
"""Merges a scripts/gpu-check.sh work folder into the day's report (bench/results/<gpu>-<date>.json) and
writes its markdown summary beside it, each benchmark line with its ratio to the same case in the same
GPU's latest earlier report (ms/frame now over then: below 1 is faster). The work folder holds gtest JSON
(<binary>.json), bench_xpbd reports (bench-<name>.json), kernel profiles (profile-<name>.txt) and record.txt; what is already in the report and
not measured again is kept, so a run cut short and a later --stage run make one report. GPU_NAME, GPU_ARCH and GPU_DRIVER name the GPU.
Exits 1 when the merged report has a failed test, a CUDA test that skipped, or a benchmark case that
diverged on one backend alone (explicit Euler diverges on the stiff cloth on both, as Teschner's lectures
say it must: that is physics, not a CUDA fault).
Usage: gpu_report.py WORK REPORT.json"""
import glob
import json
import os
import re
import sys

CUDA_TEST_MARKS = ("Cuda", "BackendAgreement", "BackendMetrics", "BackendsMeasureAlike")


def test_counts(path):
    counts = {"run": 0, "failed": 0, "skipped": 0, "failed_tests": [], "cuda_skipped": []}
    for suite in json.load(open(path)).get("testsuites", []):
        for case in suite.get("testsuite", []):
            name = suite["name"] + "." + case["name"]
            if case.get("result") == "SKIPPED" or case.get("status") == "NOTRUN":
                counts["skipped"] += 1
                if any(mark in name for mark in CUDA_TEST_MARKS):
                    counts["cuda_skipped"].append(name)
            else:
                counts["run"] += 1
                if case.get("failures"):
                    counts["failed"] += 1
                    counts["failed_tests"].append(name)
    return counts


def lone_divergences(benchmark):
    """The cases that diverged where the other backend's same case did not (or that ran on one backend)."""
    def key(c):
        return (c["size"], c["substeps"], c["iterations"], c["integrator"], c.get("launch", "plain"))
    diverged = {}
    for c in benchmark["cases"]:
        diverged.setdefault(key(c), {})[c["backend"]] = bool(c["diverged"])
    return [c for c in benchmark["cases"] if c["diverged"] and not all(diverged[key(c)].values())] + [
        c for c in benchmark["cases"] if c["diverged"] and len(diverged[key(c)]) == 1]


def case_key(name, c):
    """A case as reports name it, its launch mode included (the auto and plain cases of one setting are two
    cases); reports older than the launch modes launched kernel by kernel ("plain")."""
    return (name, c["backend"], c["size"], c["substeps"], c["iterations"], c["integrator"], c.get("launch", "plain"))


# Issue 51's targets on an H100 or H200: benchmark, size, n x k -> ms/frame.
TARGETS = {("fluid-cells", "156", "10x1"): 8.0, ("bunny_cloth", "388x388", "30x1"): 1.5,
           ("bunny_cloth-100", "388x388", "100x1"): 4.0, ("hanging_cloth", "387x387", "30x1"): 1.0,
           ("chain", "20", "100x1"): 0.1, ("rigid_chain", "20", "100x1"): 0.3,
           ("capsule_stack", "10", "100x1"): 1.0, ("bunny-box", "388x388", "1x30"): 2.0,
           ("fluid-ball", "74", "10x1"): 5.0, ("fem_beam", "40", "100x1"): 1.0,
           # the same cloth targets in tiles (sweep_tiles=1, model/tiling.h)
           ("bunny_cloth-tiles", "388x388", "30x1"): 1.5, ("bunny_cloth-100-tiles", "388x388", "100x1"): 4.0,
           ("hanging_cloth-tiles", "387x387", "30x1"): 1.0}


def target_lines(report, before):
    """Issue 51's table: each target beside the CUDA cases measured for it, graph and plain, and the same
    case in the GPU's previous report (`before`, by case_key)."""
    lines = ["", "| target (issue 51) | n x k | launch | ms/frame | previous | target ms | met |",
             "| --- | --- | --- | --- | --- | --- | --- |"]
    for (name, size, nxk), target in TARGETS.items():
        for c in report["benchmarks"].get(name, {}).get("cases", []):
            if c["backend"] != "cuda" or str(c["size"]) != size or f"{c['substeps']}x{c['iterations']}" != nxk:
                continue
            if c["integrator"] != "xpbd":
                continue
            ms = c["ms_per_frame_mean"]
            then = before.get(case_key(name, c))
            previous = f"{then:.3f}" if then else "-"
            lines.append(f"| {name} {size} | {nxk} | {c.get('launch', 'plain')} | {ms:.3f} | {previous} | {target} | "
                         f"{'yes' if ms <= target else 'no'} |")
    return lines if len(lines) > 3 else []


def previous_report(out):
    """The same GPU's latest report dated before `out`'s (bench/results/<gpu>-<date>.json), and its date."""
    m = re.match(r"(.*)-(\d{4}-\d{2}-\d{2})\.json$", out)
    if not m:
        return None, None
    stem, date = m.groups()
    earlier = []
    for path in glob.glob(glob.escape(stem) + "-*.json"):
        d = re.match(re.escape(stem) + r"-(\d{4}-\d{2}-\d{2})\.json$", path)
        if d and d.group(1) < date:
            earlier.append((d.group(1), path))
    if not earlier:
        return None, None
    date, path = max(earlier)
    return json.load(open(path)), date


def markdown(report, previous=None, previous_date=None):
    before = {}
    for name, b in (previous or {}).get("benchmarks", {}).items():
        for c in b["cases"]:
            before[case_key(name, c)] = c["ms_per_frame_mean"]
    lines = [f"# CUDA check on {report['gpu']} (sm_{report['sm']}, driver {report['driver']})", "",
             "| binary | run | failed | skipped |", "| --- | --- | --- | --- |"]
    lines += [f"| {k} | {v['run']} | {v['failed']} | {v['skipped']} |" for k, v in report["tests"].items()]
    for k, v in report["tests"].items():
        if v["failed_tests"]:
            lines += ["", f"{k} failed: " + ", ".join(v["failed_tests"])]
        if v["cuda_skipped"]:
            lines += ["", f"{k}: CUDA tests that skipped: " + ", ".join(v["cuda_skipped"])]
    versus = f"vs {previous_date}" if previous_date else "vs earlier"
    lines += ["", f"| benchmark | backend | size | n x k | integrator | launch | ms/frame | {versus} | "
              "nodes/frame | launches/frame | diverged |",
              "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |"]
    for name, b in report["benchmarks"].items():
        for c in b["cases"]:
            then = before.get(case_key(name, c))
            ratio = f"{c['ms_per_frame_mean'] / then:.2f}" if then else "new"
            lines.append(f"| {name} | {c['backend']} | {c['size']} | {c['substeps']}x{c['iterations']} | "
                         f"{c['integrator']} | {c.get('launch', 'plain')} | {c['ms_per_frame_mean']:.3f} | "
                         f"{ratio} | {c.get('nodes_per_frame', '-')} | {c['launches_per_frame']} | "
                         f"{c['diverged'] or 'no'} |")
    lines += target_lines(report, before)
    for name, text in report.get("profiles", {}).items():  # the ten kernels that took the most device time
        lines += ["", f"kernel profile {name} (60 frames, plain launches):", "```"]
        lines += text.splitlines()[:11] + ["```"]
    lines += ["", f"record: {report.get('record', 'not run')}"]
    return "\n".join(lines) + "\n"


def main():
    if len(sys.argv) != 3:
        sys.exit(__doc__)
    work, out = sys.argv[1], sys.argv[2]
    gpu = {"gpu": os.environ["GPU_NAME"], "sm": os.environ["GPU_ARCH"], "driver": os.environ["GPU_DRIVER"]}
    report = json.load(open(out)) if os.path.exists(out) else {}
    if {k: report.get(k) for k in gpu} != gpu:  # another GPU's report of the same day is not merged
        report = {}
    report.update(gpu)
    report.setdefault("tests", {})
    report.setdefault("benchmarks", {})
    for path in sorted(glob.glob(os.path.join(work, "*_tests.json"))):
        report["tests"][os.path.basename(path)[:-5]] = test_counts(path)
    for path in sorted(glob.glob(os.path.join(work, "bench-*.json"))):
        report["benchmarks"][os.path.basename(path)[6:-5]] = json.load(open(path))
    report.setdefault("profiles", {})
    for path in sorted(glob.glob(os.path.join(work, "profile-*.txt"))):
        report["profiles"][os.path.basename(path)[8:-4]] = open(path).read()
    record = os.path.join(work, "record.txt")
    if os.path.exists(record):
        report["record"] = open(record).read().strip()
    json.dump(report, open(out, "w"), indent=2)
    summary = markdown(report, *previous_report(out))
    open(out[:-5] + ".md", "w").write(summary)
    print(summary, end="")
    bad = any(v["failed"] or v["cuda_skipped"] for v in report["tests"].values()) or any(
        lone_divergences(b) for b in report["benchmarks"].values())
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
