"""The statistics behind "who is better?": a paired difference with its interval and p-value, Wilson intervals for
win rates, and a verdict in words.

Pure functions over plain numbers, so they can be checked against a textbook computation. Duplicate deals make the
comparison paired: two agents played the same cards, so the question is whether the mean of the per-deal
differences is away from 0 (a paired t-test), which needs far fewer deals than comparing two separate intervals.
scipy (the `ai` extra) does the distributions; it is imported when a function needs it, so importing this module
stays cheap.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

from .messages import ENGLISH, Texts

CONFIDENCE = 0.95


@dataclass(frozen=True)
class Difference:
    """The mean of paired differences (first minus second, in the unit of the values) over `n` pairs."""

    mean: float
    low: float
    high: float
    p: float
    n: int
    confidence: float = CONFIDENCE

    @property
    def significant(self) -> bool:
        """Does the interval leave out 0? (Then p < 1 - confidence.)"""
        return self.low > 0 or self.high < 0


def paired_difference(first: Sequence[float], second: Sequence[float],
                      confidence: float = CONFIDENCE) -> Difference:
    """Mean of `first[i] - second[i]`, its two-sided t-interval and the paired t-test's p-value.

    Fewer than two pairs give no interval (NaN). Pairs that all differ by the same amount have no spread: the
    interval is that one value and p is 0, or 1 when it is 0."""
    if len(first) != len(second):
        raise ValueError(f"paired samples must have the same length, got {len(first)} and {len(second)}")
    diffs = [a - b for a, b in zip(first, second)]
    n = len(diffs)
    if n == 0:
        return Difference(math.nan, math.nan, math.nan, math.nan, 0, confidence)
    mean = math.fsum(diffs) / n
    if n < 2:
        return Difference(mean, math.nan, math.nan, math.nan, n, confidence)
    if max(diffs) == min(diffs):
        return Difference(mean, mean, mean, 1.0 if mean == 0 else 0.0, n, confidence)
    from scipy import stats

    test = stats.ttest_1samp(diffs, 0.0)
    interval = test.confidence_interval(confidence)
    return Difference(mean, float(interval.low), float(interval.high), float(test.pvalue), n, confidence)


def wilson(successes: int, n: int, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """The Wilson score interval of a proportion: it stays within 0-1 and keeps its width at 0/n and n/n, where the
    normal approximation gives a zero-width interval or one below 0 %. (NaN, NaN) for no trials."""
    if n == 0:
        return math.nan, math.nan
    from scipy import stats

    interval = stats.binomtest(successes, n).proportion_ci(confidence, method="wilson")
    return float(interval.low), float(interval.high)


def p_text(p: float) -> str:
    """'p < 0.001', 'p = 0.034' (three decimals near the usual 0.05 threshold) or 'p = 0.43'."""
    if math.isnan(p):
        return ENGLISH("toolkit.p.undefined")
    return "p < 0.001" if p < 0.001 else f"p = {p:.3f}" if p < 0.1 else f"p = {p:.2f}"


def verdict(first: str, second: str, diff: Difference, measure: str = "score", texts: Texts = ENGLISH) -> str:
    """One line that answers "is `first` better than `second`?", from `diff` (first's advantage, higher is better, in
    `measure`: "score", points a game, or "wins", percentage points of games won): "monte-carlo beats greedy by 6.1
    points a game, 95 % CI 4.8–7.4, p < 0.001"; when the interval contains 0, that these deals cannot tell the two
    apart (and nobody is said to be ahead when the mean rounds to 0)."""
    level = f"{diff.confidence:.0%}".replace("%", " %")
    if diff.n < 2 or math.isnan(diff.low):
        return texts("toolkit.verdict.few", first=first, second=second, n=diff.n)
    if diff.mean < 0:  # said from the side of whoever is ahead
        first, second = second, first
        diff = Difference(-diff.mean, -diff.high, -diff.low, diff.p, diff.n, diff.confidence)
    interval = texts("toolkit.verdict.interval", level=level, low=diff.low, high=diff.high, p=p_text(diff.p))
    said = "beats" if diff.significant else "same" if round(diff.mean, 1) else "even"
    if said == "even":
        return texts("toolkit.verdict.even", first=first, second=second, interval=interval)
    return texts(f"toolkit.verdict.{said}.{measure}", first=first, second=second, mean=diff.mean, interval=interval)
