"""egonb.stats against textbook computations done here by hand (numpy and closed forms), not by scipy."""

from __future__ import annotations

import math

import numpy as np
import pytest

from egonb.stats import Difference, paired_difference, verdict, wilson

Z = 1.959963984540054  # the normal quantile for 95 %


def test_a_paired_t_interval_and_p_value_with_two_degrees_of_freedom() -> None:
    """With 3 pairs the t distribution (2 degrees of freedom) has a closed form, F(t) = 1/2 + t / (2 sqrt(2 + t^2)),
    so both the critical value and the p-value are computed here without any statistics library."""
    first, second = [10.0, 12.0, 15.0], [7.0, 10.0, 9.0]
    d = np.array(first) - np.array(second)  # 3, 2, 6
    se = d.std(ddof=1) / math.sqrt(len(d))
    t = d.mean() / se
    p = 1 - t / math.sqrt(2 + t * t)  # two-sided: 2 (1 - F(t))
    crit = math.sqrt(2 * 0.95**2 / (1 - 0.95**2))  # F(crit) = 0.975 solved for crit: 4.303, as in the tables
    assert crit == pytest.approx(4.303, abs=5e-4)
    got = paired_difference(first, second)
    assert got.n == 3 and got.mean == pytest.approx(11 / 3)
    assert (got.low, got.high) == (pytest.approx(d.mean() - crit * se), pytest.approx(d.mean() + crit * se))
    assert got.p == pytest.approx(p) and 0.05 < got.p < 0.1 and not got.significant


def test_a_paired_difference_against_the_textbook_table_for_nine_degrees_of_freedom() -> None:
    rng = np.random.default_rng(4)
    first = rng.normal(50, 8, 10)
    second = first + 3 + rng.normal(0, 2, 10)  # the second scores about 3 more
    d = first - second
    half = 2.262 * d.std(ddof=1) / math.sqrt(10)  # t(0.975, 9) = 2.262 in every table
    got = paired_difference(list(first), list(second))
    assert got.low == pytest.approx(d.mean() - half, abs=1e-3) and got.high == pytest.approx(d.mean() + half, abs=1e-3)
    assert got.significant and got.p < 0.01


def test_degenerate_samples() -> None:
    assert math.isnan(paired_difference([], []).mean)
    one = paired_difference([3.0], [1.0])
    assert one.mean == 2 and math.isnan(one.low) and one.n == 1
    same = paired_difference([1.0, 2.0], [0.0, 1.0])
    assert (same.low, same.high, same.p) == (1.0, 1.0, 0.0) and same.significant
    equal = paired_difference([1.0, 2.0], [1.0, 2.0])
    assert equal.p == 1.0 and not equal.significant
    with pytest.raises(ValueError, match="same length"):
        paired_difference([1.0], [1.0, 2.0])


def _wilson_by_hand(k: int, n: int) -> tuple[float, float]:
    p = k / n
    centre = (p + Z * Z / (2 * n)) / (1 + Z * Z / n)
    half = Z / (1 + Z * Z / n) * math.sqrt(p * (1 - p) / n + Z * Z / (4 * n * n))
    return centre - half, centre + half


@pytest.mark.parametrize(("k", "n"), [(0, 10), (10, 10), (7, 20), (43, 100)])
def test_wilson_intervals(k, n) -> None:
    low, high = wilson(k, n)
    assert (low, high) == (pytest.approx(_wilson_by_hand(k, n)[0]), pytest.approx(_wilson_by_hand(k, n)[1]))
    assert 0 <= low <= k / n <= high <= 1


def test_wilson_at_the_edges_never_leaves_0_to_1_and_keeps_its_width() -> None:
    assert wilson(0, 10) == (0.0, pytest.approx(Z * Z / (10 + Z * Z)))  # 0.278, where the normal one is 0-0
    assert wilson(10, 10) == (pytest.approx(10 / (10 + Z * Z)), 1.0)
    assert all(math.isnan(x) for x in wilson(0, 0))


def test_verdicts_are_said_from_the_side_of_whoever_is_ahead() -> None:
    ahead = Difference(6.1, 4.8, 7.4, 0.00001, 200)
    assert verdict("monte-carlo", "greedy", ahead) == "monte-carlo beats greedy by 6.1 points a game, 95 % CI " \
                                                      "4.8–7.4, p < 0.001"
    behind = Difference(-6.1, -7.4, -4.8, 0.00001, 200)
    assert verdict("greedy", "monte-carlo", behind) == verdict("monte-carlo", "greedy", ahead)
    unsure = Difference(-0.5, -1.5, 0.5, 0.31, 50)
    assert verdict("a", "b", unsure) == "no significant difference between b and a: these deals cannot tell them " \
                                        "apart (b ahead by 0.5 points a game, 95 % CI -0.5–1.5, p = 0.31)"
    assert "too few" in verdict("a", "b", Difference(1.0, math.nan, math.nan, math.nan, 1))


def test_a_tie_names_nobody_ahead() -> None:
    """Equal results deal by deal, or a mean that rounds to 0: the verdict says the deals cannot tell the two apart
    and calls neither of them ahead."""
    same = paired_difference([100, 0, 100], [100, 0, 100])
    assert verdict("a", "b", same) == "no significant difference between a and b: these deals cannot tell them " \
                                      "apart (the same on average, 95 % CI 0.0–0.0, p = 1.00)"
    even = paired_difference([100, 0, 0, 100], [0, 100, 100, 0])
    assert even.mean == 0 and even.low < 0 < even.high and "ahead" not in verdict("b", "a", even)
