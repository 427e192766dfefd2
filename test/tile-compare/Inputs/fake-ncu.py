#!/usr/bin/env python3
# A stand-in for ncu in tile-compare's tests: appends the tile-run command
# line it was given (after the profiled program's path) to $FAKE_NCU and
# prints ncu's raw CSV page for one launch: a header, a units row and one row
# of values. Each plain metric of --metrics gets a value from its position;
# the stall regex becomes two stall reasons. Cycles: 1,000,000 elapsed, and
# the SMs active 990,000 on average, or 600,000 with --programs-per-sm 1;
# 550 us.
import csv
import os
import sys

argv = sys.argv[1:]
metrics = argv[argv.index("--metrics") + 1].split(",")
program = next(i for i, a in enumerate(argv) if a.endswith("fake-tile-run"))
with open(os.environ["FAKE_NCU"], "a") as f:
    f.write(" ".join(os.path.basename(os.path.dirname(a)) if a.endswith(".json")
                     else a for a in argv[program + 1:]) + "\n")
tail = argv[program + 1:]
one = "--programs-per-sm" in tail and \
    tail[tail.index("--programs-per-sm") + 1] == "1"
header, units, values = ["ID", "Kernel Name"], ["", ""], ["0", "matmul_f16"]
for i, m in enumerate(metrics):
    if m.startswith("regex:"):
        for reason, v in (("long_scoreboard", "2.5"), ("wait", "0.5")):
            header.append(f"smsp__average_warps_issue_stalled_{reason}"
                          "_per_issue_active.ratio")
            units.append("")
            values.append(v)
        continue
    v = {"gpc__cycles_elapsed.max": 1000000,
         "sm__cycles_active.avg": 600000 if one else 990000,
         "sm__cycles_active.min": 500000 if one else 980000,
         "gpu__time_duration.sum": 550}.get(m, 1000 * (i + 1))
    header.append(m)
    # ncu scales units to the magnitude: the duration in microseconds, the
    # least active SM in thousands of cycles.
    unit = {"gpu__time_duration.sum": "usecond",
            "sm__cycles_active.min": "Kcycle"}.get(
        m, "cycle" if "cycles" in m else "")
    if unit == "Kcycle":
        v /= 1000
    units.append(unit)
    values.append(f"{v:,}")
w = csv.writer(sys.stdout, quoting=csv.QUOTE_ALL)
for row in (header, units, values):
    w.writerow(row)
