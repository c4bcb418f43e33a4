#!/usr/bin/env python3
"""FP64 arithmetic in the kernels of the CUDA backend compiled in float (issue 51 item 0).

On the desktop cards this demo is for, FP64 runs at 1/64 of the FP32 rate (Ada, Ampere consumer parts), so a
double literal beside a float (`x > 0.0`, `0.5 * r`) turns a float kernel's arithmetic into FP64. This reads
the PTX of sim/backend/cuda_backend.cu built with the core in float and -lineinfo, and lists every FP64
instruction (arithmetic, comparison, conversion; loads and stores of doubles are not counted) by kernel and by
source line. The kernels that run once a frame, listed in ONCE_A_FRAME with why they may keep double, are
reported and allowed; any other kernel (run every substep or iteration) with FP64 fails the check.

usage: fp64_kernels.py PTX [--lines N]"""
import collections
import re
import subprocess
import sys

# Kernels run once a frame (or once a solve) that sum in double by design; matched against the demangled name.
ONCE_A_FRAME = [
    (r"FrameSums|ReadAt<FrameSums", "the frame's metrics, summed in double (metrics/measure_frame.h)"),
    (r"DrawSums", "what is drawn and its bounds, once a frame (draw/draw_arrays.h)"),
    (r"StabilitySums|Stiffness<|TetStiffness", "the adaptive plan's stiffness sums, once a frame (solver/xpbd/stability.h)"),
    (r"LargestReach", "the contact reach, once a frame before contact finding (detect/)"),
    (r"Energy\b|Energy>", "the energy line's sums, once a frame (metrics/)"),
    (r"PairSums", "Newton-PCG's dot products accumulate in double, as the metrics do (solver/force/newton_pcg.h)"),
]


# CUDA's sinf and cosf reduce an argument above 105615 rad by Payne-Hanek with one FP64 multiply, on a branch
# that the angles of a substep never take: FP64 at a source line that calls them is allowed.
TRIG_WRAPPER = re.compile(r"__builtin_(sin|cos|tan|sincos)f\b")


def once_a_frame(kernel):
    return any(re.search(pattern, kernel or "") for pattern, _ in ONCE_A_FRAME)


def source_line(path, line, cache={}):
    if path not in cache:
        try:
            cache[path] = open(path, encoding="utf-8", errors="replace").read().split("\n")
        except OSError:
            cache[path] = []
    lines = cache[path]
    return lines[line - 1] if 0 < line <= len(lines) else ""


def demangle(names):
    out = subprocess.run(["c++filt"], input="\n".join(names), capture_output=True, text=True, check=True)
    return dict(zip(names, out.stdout.split("\n")))


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    lines_shown = int(argv[argv.index("--lines") + 1]) if "--lines" in argv else 20
    text = open(argv[1], encoding="utf-8").read().split("\n")
    files = {}
    for line in text:
        m = re.match(r'\s*\.file\s+(\d+)\s+"([^"]+)"', line)
        if m:
            files[m.group(1)] = m.group(2)
    entries = [m.group(1) for m in (re.match(r"\s*\.(?:visible\s+)?\.entry\s+([^\s(]+)", l) for l in text) if m]
    if not entries:
        print(f"{argv[1]} holds no kernel: not the CUDA backend's PTX")
        return 1
    names = demangle(entries)
    by_kernel = collections.Counter()
    by_line = collections.Counter()
    kernel = loc = None
    trig = 0
    for line in text:
        s = line.strip()
        m = re.match(r"\.(?:visible\s+)?\.entry\s+([^\s(]+)", s)
        if m:
            kernel = names[m.group(1)]
            continue
        m = re.match(r"\.loc\s+(\d+)\s+(\d+)(?:.*inlined_at\s+(\d+)\s+(\d+))?", s)
        if m:  # the line, and the call it was inlined into
            loc = (files.get(m.group(1), "?"), int(m.group(2)),
                   files.get(m.group(3), "?") if m.group(3) else None, int(m.group(4) or 0))
            continue
        if not s or s[0] in "./{}":
            continue
        words = s.split()
        op = words[1] if s[0] == "@" and len(words) > 1 else words[0]
        if ".f64" in op and op.split(".")[0] not in ("ld", "st", "mov"):
            if loc and TRIG_WRAPPER.search(source_line(loc[0], loc[1])):
                trig += 1
                continue
            by_kernel[kernel] += 1
            if not once_a_frame(kernel):
                by_line[loc] += 1

    def short(name):
        return re.sub(r"sim::f(32|64)::", "", name or "?")[:150]

    hot = {k: n for k, n in by_kernel.items() if not once_a_frame(k)}
    print(f"{len(entries)} kernels; FP64 instructions: {sum(by_kernel.values())} in all, "
          f"{sum(hot.values())} in kernels run every substep or iteration")
    if trig:
        print(f"  allowed, {trig:5d} in sinf and cosf: their range reduction above 105615 rad")
    for pattern, why in ONCE_A_FRAME:
        n = sum(c for k, c in by_kernel.items() if re.search(pattern, k or ""))
        if n:
            print(f"  allowed, {n:5d} in {pattern}: {why}")
    for k, n in sorted(hot.items(), key=lambda kv: -kv[1]):
        print(f"  FP64 {n:5d} {short(k)}")
    def where(path, line):
        return f"{re.sub(r'^.*?/sim/', 'sim/', path)}:{line}"

    for (path, line, caller, caller_line), n in by_line.most_common(lines_shown):
        print(f"    {n:5d} at {where(path, line)}" + (f", inlined at {where(caller, caller_line)}" if caller else ""))
    return 1 if hot else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
