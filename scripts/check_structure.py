#!/usr/bin/env python3
"""The code base's shape, checked (docs/ARCHITECTURE.md, "Layers"). Each check prints what breaks it and
exits 1; ctest runs each one (tests/CMakeLists.txt).

  layers        no #include points from a folder to one above it (LAYERS, bottom first)
  family-names  the generic layers (the metrics, the steppers' core, the metrics writer) name no family
  file-sizes    no source file outside tests/ above 450 lines
  cited-paths   every repository path a source comment, README.md or docs/ cites exists

usage: check_structure.py CHECK [--root DIR]"""
import os
import re
import subprocess
import sys

# Folders from the bottom up; a file may include its own folder's files and any folder below its own.
LAYERS = [
    "sim/core",
    "sim/params", "sim/assets", "sim/exec", "sim/draw", "sim/model", "sim/linalg",
    "sim/settings", "sim/geometry",
    "sim/constraints",
    "sim/mesh", "sim/detect", "sim/metrics",
    "sim/families",
    "sim/registry",
    "sim/solver",
    "sim/backend",
    "sim/world",
    "sim/scenes",
    "render/plot",
    "render",
    "app/run",
    "app/experiments",
    "app/viewer",
    "app",
    "bench",
    "fuzz",
]

# The layers that name no family (the issue's: sim/metrics, sim/solver's XPBD core, the metrics writer, and
# World, which asks the families what it needs to know: families/family.h's host_only, force_form_refusal).
GENERIC = ["sim/metrics", "sim/solver/xpbd", "sim/solver/backend_solver.h", "sim/solver/solver_core.h",
           "sim/solver/solver.h", "sim/solver/frame_stepper.h", "sim/solver/particle_stages.h",
           "app/run/metrics_writer.cpp", "app/run/metrics_writer.h", "sim/world"]
# A family's name as a word, or a rigid solver's: a body stepper's spelling in quotes ("pgs", "direct";
# "direct" alone is common English, "xpbd" the generic algorithm's name) or pgs, rigid_solver, RigidSolver,
# direct solver, body stepper anywhere in a word (\brigid\b does not match rigid_solver_refusal).
FAMILY_WORDS = r"\b(fluids?|tets?|joints?|density|distance|attachments?|collider|rigid|bod(y|ies)|cloth|" \
               r"self[-_ ]contacts?|tethers?)\b|\"(pgs|direct)\"|pgs|rigid[-_ ]?solver|direct[-_ ]solver|" \
               r"body[-_ ]?stepper"

SOURCE = re.compile(r"\.(h|cpp|cu|cuh|inl)$")
MAX_LINES = 450


def tracked(root):
    out = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=root,
                         capture_output=True, text=True, check=True).stdout.split()
    return [f for f in out if os.path.isfile(os.path.join(root, f))]


def layer_of(path):
    best = None
    for i, layer in enumerate(LAYERS):
        if path == layer or path.startswith(layer + "/"):
            if best is None or len(layer) > len(LAYERS[best]):
                best = i
    return best


def resolve(root, including, name):
    for candidate in ("sim/" + name, name, os.path.join(os.path.dirname(including), name), "app/" + name,
                      "app/run/" + name):
        if os.path.isfile(os.path.join(root, candidate)):
            return os.path.normpath(candidate)
    return None


def check_layers(root, files):
    problems = []
    for f in files:
        if not SOURCE.search(f) or f.startswith("tests/") or f.startswith("third_party/"):
            continue
        mine = layer_of(f)
        if mine is None:
            problems.append(f"{f}: in no layer (add its folder to LAYERS in scripts/check_structure.py)")
            continue
        for line_no, line in enumerate(open(os.path.join(root, f), encoding="utf-8"), 1):
            m = re.match(r'\s*#include "([^"]+)"', line)
            if not m:
                continue
            target = resolve(root, f, m.group(1))
            if target is None:
                continue  # generated (glad, shader sources) or a system header spelled with quotes
            theirs = layer_of(target)
            if theirs is None or theirs == mine:
                continue
            if theirs > mine:
                problems.append(f"{f}:{line_no}: includes {target}, which is in {LAYERS[theirs]}, above "
                                f"{LAYERS[mine]}")
    return problems


def check_family_names(root, files):
    problems = []
    for f in files:
        if not any(f == g or f.startswith(g + "/") for g in GENERIC):
            continue
        for line_no, line in enumerate(open(os.path.join(root, f), encoding="utf-8"), 1):
            m = re.search(FAMILY_WORDS, line, re.IGNORECASE)
            if m:
                problems.append(f"{f}:{line_no}: names a family ('{m.group(0)}'): {line.strip()}")
    return problems


def check_file_sizes(root, files):
    problems = []
    for f in files:
        if f.startswith("tests/") or f.startswith("third_party/") or not re.search(r"\.(h|cpp|cu|cuh|inl|py|sh)$", f):
            continue
        n = sum(1 for _ in open(os.path.join(root, f), encoding="utf-8"))
        if n > MAX_LINES:
            problems.append(f"{f}: {n} lines (at most {MAX_LINES}: split it by concept)")
    return problems


# A cited path: a word with a slash and a file extension, or a top-level file of the repository.
CITED = re.compile(r"(?<![\w./${-])((?:\.\./)?(?:[A-Za-z0-9_.-]+/)+[A-Za-z0-9_.-]+\.(?:h|cpp|cu|cuh|inl|md|py|sh|json|"
                   r"txt|cmake|glsl|vert|frag|csv|png|gif|mp4|obj))(?![\w/])")
# Paths inside PositionBasedDynamics, the peer project bench/pbd_side_by_side.sh builds from a checkout.
EXTERNAL = ("Simulation/", "Utils/", "GenericParameters/", "PositionBasedDynamics/", "Demos/", "data/models/")
TOP_FILES = re.compile(r"(?<![\w./-])(README\.md|CMakeLists\.txt|CMakePresets\.json|DESIGN\.md)(?![\w/])")


def check_cited_paths(root, files):
    names = set(files)
    problems = []
    texts = [f for f in files if (SOURCE.search(f) or f.endswith(".md") or f.endswith(".cmake") or
                                 f.endswith("CMakeLists.txt") or f.endswith(".sh") or f.endswith(".py"))
             and not f.startswith("third_party/") and not f.startswith("bench/results/")]
    for f in texts:
        is_source = SOURCE.search(f) is not None
        for line_no, line in enumerate(open(os.path.join(root, f), encoding="utf-8"), 1):
            if is_source:
                comment = line.find("//")
                if comment < 0:
                    continue
                text = line[comment:]
            else:
                text = line
            for m in CITED.finditer(text):
                path = m.group(1)
                first = path.split("/")[0]
                if "*" in path or "<" in path or path.startswith("build/") or "/build/" in path or \
                        (first.isupper() and first != "..") or path.startswith(EXTERNAL):
                    continue  # build outputs, patterns, placeholders (DIR/x.obj), the peer project's files
                if path.startswith("../"):
                    problems.append(f"{f}:{line_no}: cites {path}, outside the repository")
                    continue
                candidates = [path, "sim/" + path, os.path.normpath(os.path.join(os.path.dirname(f), path)),
                              "app/" + path, "app/run/" + path, "tests/" + path, "docs/" + path]
                if not any(c in names or os.path.isdir(os.path.join(root, c)) for c in candidates):
                    problems.append(f"{f}:{line_no}: cites {path}, which does not exist")
            if is_source:
                for m in TOP_FILES.finditer(text):
                    if m.group(1) == "DESIGN.md":
                        problems.append(f"{f}:{line_no}: cites DESIGN.md, outside the repository")
    return problems


CHECKS = {"layers": check_layers, "family-names": check_family_names, "file-sizes": check_file_sizes,
          "cited-paths": check_cited_paths}


def main():
    args = sys.argv[1:]
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if "--root" in args:
        root = args[args.index("--root") + 1]
        del args[args.index("--root"):args.index("--root") + 2]
    if len(args) != 1 or args[0] not in CHECKS:
        print(__doc__, file=sys.stderr)
        return 2
    problems = CHECKS[args[0]](root, tracked(root))
    for p in problems:
        print(p)
    print(f"{args[0]}: {len(problems)} problem{'s' if len(problems) != 1 else ''}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
