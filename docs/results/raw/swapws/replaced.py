#!/usr/bin/env python3
"""Writes data/sm_90a.json with the named transposed members given a
producer warpgroup as candidates.py builds them (persistent where unsplit,
stages as there), under their own names and with their coefficients: the
dispatch's picks are the shipped table's wherever the model counts the
same programs per SM.

  replaced.py OUT.json NAME...
"""
import os
import sys

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, here)
sys.path.insert(0, os.path.join(here, "..", "..", "..", "..", "scripts"))
from candidates import shipped, write  # noqa: E402
import ws_config  # noqa: E402

table = shipped()
for name in sys.argv[2:]:
    m = next(m for m in table["members"] if m["name"] == name)
    m["config"].update(ws_config.config(m))
write(table, sys.argv[1])
