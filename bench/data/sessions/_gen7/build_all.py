#!/usr/bin/env python3
"""Regenerate held7/*.json from held7/_src/*.py: python3 _gen7/build_all.py [split ...]"""
import glob
import os
import runpy
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "_gen7"))

for split in sys.argv[1:] or ["held7"]:
    for src in sorted(glob.glob(os.path.join(ROOT, split, "_src", "*.py"))):
        ns = runpy.run_path(src)
        p = ns["build"]()
        out = os.path.join(ROOT, split, p.name + ".json")
        p.dump(out)
        print("wrote", os.path.relpath(out, ROOT))
