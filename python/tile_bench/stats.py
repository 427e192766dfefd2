"""Timing statistics: a median with its interquartile range, and a ratio to a
baseline that says "tie" when the two ranges overlap.

Quantiles interpolate linearly between order statistics (the q-quantile of n
sorted samples sits at position q * (n - 1)), so the median of an even count
is the mean of the middle two. Pure Python.
"""
from __future__ import annotations

import math
from typing import Mapping, Sequence


def quantile(sorted_samples: Sequence[float], q: float) -> float:
    """The q-quantile (0 <= q <= 1) of an ascending, non-empty sequence."""
    pos = q * (len(sorted_samples) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(sorted_samples) - 1)
    return sorted_samples[lo] + (pos - lo) * (sorted_samples[hi] - sorted_samples[lo])


def summarize(samples: Sequence[float]) -> dict:
    """Median, quartiles, extremes and count of timing samples (ms)."""
    if not samples:
        raise ValueError("no samples to summarize")
    s = sorted(samples)
    return {"ms": quantile(s, 0.5), "ms_q25": quantile(s, 0.25),
            "ms_q75": quantile(s, 0.75), "ms_min": s[0], "ms_max": s[-1],
            "samples": len(s)}


def compare(base: Mapping[str, float], other: Mapping[str, float]) -> dict:
    """`other`'s speed as a percentage of `base`'s (above 100: faster).

    pct_lo/pct_hi pair the quartiles the pessimistic and the optimistic way;
    when 100 lies between them the interquartile ranges overlap and the
    verdict is "tie", otherwise "faster" or "slower". Timings must be
    positive (a ValueError otherwise).
    """
    if min(other["ms"], other["ms_q25"], other["ms_q75"]) <= 0:
        raise ValueError("cannot compare with a timing of 0 ms or less")
    pct = 100.0 * base["ms"] / other["ms"]
    lo = 100.0 * base["ms_q25"] / other["ms_q75"]
    hi = 100.0 * base["ms_q75"] / other["ms_q25"]
    verdict = "tie" if lo <= 100.0 <= hi else ("faster" if lo > 100.0 else "slower")
    return {"pct": pct, "pct_lo": lo, "pct_hi": hi, "verdict": verdict}


def fastest_apart(summaries: Sequence[Mapping[str, float]]) -> int:
    """The index of the fastest of `summaries` (by median) where it is faster
    than the first by compare()'s verdict, else 0: the first (a default,
    such as a cost model's pick) is kept on a tie, which at a few samples is
    noise more often than a win."""
    best = min(range(len(summaries)), key=lambda i: summaries[i]["ms"])
    if best and compare(summaries[0], summaries[best])["verdict"] != "faster":
        return 0
    return best
