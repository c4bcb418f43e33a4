#!/usr/bin/env python3
"""Prints a ctest -E regular expression for the tests listed in tests/float_pending.txt: the tests that do
not pass yet when the core computes in float (SMALLSTEPS_REAL=float, CI's sim-only stage; issue 51).

usage: scripts/float_pending.py [--check CTEST_N_OUTPUT]
  --check FILE  fail, naming it, on a listed test that `ctest -N` (its output in FILE) does not have
"""
import argparse
import pathlib
import re
import sys

LIST = pathlib.Path(__file__).resolve().parent.parent / "tests" / "float_pending.txt"


def pending_names():
    names = []
    for line in LIST.read_text(encoding="utf-8").splitlines():
        name = line.split("#", 1)[0].strip() if not line.lstrip().startswith("#") else ""
        if name:
            names.append(name)
    return names


def cmake_escape(name):
    # CMake's regular expressions: escape every character that has a meaning there.
    return "".join("\\" + c if c in ".^$*+?()[]|\\" else c for c in name)


def main():
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--check", type=pathlib.Path)
    args = parser.parse_args()
    names = pending_names()
    if args.check:
        listed = set(re.findall(r"Test +#\d+: (\S+)", args.check.read_text(encoding="utf-8")))
        missing = [n for n in names if n not in listed]
        if missing:
            sys.exit(f"tests/float_pending.txt names tests that do not exist: {', '.join(missing)}")
    # A name is matched whole: followed by the end or by the space before a parameter's description.
    print("^(" + "|".join(cmake_escape(n) for n in names) + ")( |$)")


if __name__ == "__main__":
    main()
