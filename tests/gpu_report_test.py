#!/usr/bin/env python3
"""scripts/gpu_report.py on a made-up GPU check (it runs for real only on a lent GPU machine, where a broken
report costs device time): the markdown has every benchmark line with its launch mode and device operations,
issue 51's target table, the kernel profiles; a CUDA test that skipped, or a case that diverged on one
backend alone, makes it exit 1, and a clean check exits 0. Usage: gpu_report_test.py SCRIPTS_DIR"""
import json
import os
import subprocess
import sys
import tempfile

scripts = sys.argv[1]


def gtest(skipped_cuda):
    case = {"name": "SameBitsSentAutoOrPlainOnCuda", "result": "SKIPPED" if skipped_cuda else "COMPLETED"}
    return {"testsuites": [{"name": "Determinism", "testsuite": [case, {"name": "Cpu", "result": "COMPLETED"}]}]}


def bench(diverged_on_cuda):
    def case(backend, launch, ms, diverged=None):
        return {"backend": backend, "size": "20", "substeps": 100, "iterations": 1, "integrator": "xpbd",
                "launch": launch, "ms_per_frame_mean": ms, "nodes_per_frame": 201, "launches_per_frame": 1,
                "diverged": diverged}
    return {"cases": [case("cpu", "auto", 0.1), case("cuda", "graph", 0.12),
                      case("cuda", "plain", 1.0, "particle 3 left the scene bounds" if diverged_on_cuda else None)]}


def run(skipped_cuda=False, diverged_on_cuda=False):
    with tempfile.TemporaryDirectory() as d:
        work = os.path.join(d, "work")
        os.mkdir(work)
        json.dump(gtest(skipped_cuda), open(os.path.join(work, "determinism_tests.json"), "w"))
        json.dump(bench(diverged_on_cuda), open(os.path.join(work, "bench-chain.json"), "w"))
        open(os.path.join(work, "profile-chain-20-100x1.txt"), "w").write(
            "  total ms   launches    mean us   share  kernel\n     1.000        201       4.98  100.0%  k\n")
        open(os.path.join(work, "record.txt"), "w").write("bunny-388: renderer x; rendered 300 frames\n")
        out = os.path.join(d, "test-gpu-2026-11-26.json")
        env = dict(os.environ, GPU_NAME="Test GPU", GPU_ARCH="90", GPU_DRIVER="1")
        p = subprocess.run([sys.executable, os.path.join(scripts, "gpu_report.py"), work, out], env=env,
                           capture_output=True, text=True)
        md = open(out[:-5] + ".md").read()
        return p.returncode, md, json.load(open(out))


failures = []
status, md, report = run()
if status != 0:
    failures.append(f"a clean check exited {status}")
for needle in ("| chain | cuda | 20 | 100x1 | xpbd | graph | 0.120 |", "| 201 | 1 |",
               "| chain 20 | 100x1 | graph | 0.120 | - | 0.1 | no |", "| chain 20 | 100x1 | plain | 1.000 | - | 0.1 | no |",
               "kernel profile chain-20-100x1", "rendered 300 frames"):
    if needle not in md:
        failures.append(f"the markdown lacks {needle!r}")
if "chain-20-100x1" not in report.get("profiles", {}):
    failures.append("the JSON lacks the profile")
if run(skipped_cuda=True)[0] != 1:
    failures.append("a skipped CUDA test did not fail the report")
if run(diverged_on_cuda=True)[0] != 1:
    failures.append("a case diverged on CUDA alone did not fail the report")
print("\n".join(failures) or "gpu_report: ok")
sys.exit(1 if failures else 0)
