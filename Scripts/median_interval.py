"""The interval that holds the median of paired ratios with 95 % confidence, for Scripts/bench-ab
and Scripts/bench-commands.

A median ratio of 0.98 over rounds that ranged from 0.7 to 1.4 says little by itself: on a VM
whose speed drifts, a change is within the noise when this interval holds 1.0. The interval is
the distribution-free one of the median (two order statistics, chosen by the binomial
distribution of how many ratios fall below the true median): no assumption about the shape of
the noise, and no random resampling, so two runs over the same ratios print the same interval.
"""
from math import comb


def median_interval(values, confidence=0.95):
    """The k-th smallest and k-th largest of `values` for the largest k whose interval still
    covers the median with at least `confidence`; None for fewer than six values (no interval
    of order statistics reaches 95 % with fewer)."""
    ordered, n = sorted(values), len(values)
    below = 0.0  # the chance that fewer than k of n values fall below the median
    k = 0
    while k + 1 <= n // 2:
        nxt = below + comb(n, k) / 2 ** n
        if 2 * nxt > 1 - confidence:
            break
        below, k = nxt, k + 1
    if k == 0:
        return None
    return ordered[k - 1], ordered[n - k]


def describe(values):
    """The interval as text for a table: `0.961-1.012`, or `-` when there are too few values."""
    found = median_interval(values)
    return "-" if found is None else "%.3f-%.3f" % found
