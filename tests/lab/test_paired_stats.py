"""The experiment statistics against textbook results: Student's sleep data (paired and Welch t-tests, as R's
``t.test`` prints them), Agresti's presidential-approval table (paired proportions, McNemar) and t quantiles."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from siedler.sim.stats import paired_means, paired_proportions, t_quantile, t_two_sided_p, welch

# Cushny & Peebles (1905), Student (1908): extra hours of sleep of ten patients under two drugs.
DRUG_1 = [0.7, -1.6, -0.2, -1.2, -0.1, 3.4, 3.7, 0.8, 0.0, 2.0]
DRUG_2 = [1.9, 0.8, 1.1, 0.1, -0.1, 4.4, 5.5, 1.6, 4.6, 3.4]


def test_paired_t_test_on_the_sleep_data() -> None:
    # R: t.test(DRUG_1, DRUG_2, paired = TRUE): t = -4.0621, df = 9, p-value = 0.002833,
    # 95 percent confidence interval: -2.4598858 -0.7001142, mean difference -1.58
    d = paired_means(DRUG_1, DRUG_2)
    assert d.diff == pytest.approx(-1.58)
    assert [d.low, d.high] == pytest.approx([-2.4598858, -0.7001142], abs=1e-6)
    assert d.p_value == pytest.approx(0.002833, abs=1e-6)
    assert d.significant and d.n == 10


def test_welch_t_test_on_the_sleep_data() -> None:
    # R: t.test(extra ~ group, data = sleep): t = -1.8608, df = 17.776, p-value = 0.07939,
    # 95 percent confidence interval: -3.3654832  0.2054832
    d = welch(DRUG_1, DRUG_2)
    assert [d.low, d.high] == pytest.approx([-3.3654832, 0.2054832], abs=1e-6)
    assert d.p_value == pytest.approx(0.07939, abs=1e-5)
    assert not d.significant


def test_paired_proportions_on_agrestis_approval_ratings() -> None:
    # Agresti, Categorical Data Analysis, table 10.1: 1600 people asked twice whether they approve:
    # 794 yes-yes, 150 yes-no, 86 no-yes, 570 no-no. Difference 0.59 - 0.55 = 0.04, 95% CI (0.021, 0.059),
    # McNemar z = 4.17 (z^2 = 17.36).
    pairs = [(True, True)] * 794 + [(True, False)] * 150 + [(False, True)] * 86 + [(False, False)] * 570
    d = paired_proportions(pairs)
    assert [d.mean_a, d.mean_b, d.diff] == pytest.approx([0.59, 0.55, 0.04])
    assert [d.low, d.high] == pytest.approx([0.0213, 0.0587], abs=1e-4)
    assert d.p_value == pytest.approx(t_two_sided_p(64 / 236**0.5, float("inf")))
    assert d.p_value < 1e-4 and d.significant


@pytest.mark.parametrize(
    ("df", "quantile"), [(1, 12.706205), (2, 4.302653), (9, 2.262157), (30, 2.042272), (1000, 1.962339)]
)
def test_t_quantiles_match_the_tables(df: float, quantile: float) -> None:
    assert t_quantile(0.975, df) == pytest.approx(quantile, abs=1e-5)


def test_no_discordant_pairs_means_no_evidence() -> None:
    d = paired_proportions([(True, True), (False, False)] * 5)
    assert d.diff == 0 and d.p_value == 1.0 and not d.significant


def test_bad_samples_are_refused() -> None:
    with pytest.raises(ValueError):
        paired_means([1.0, 2.0], [1.0])
    with pytest.raises(ValueError):
        paired_proportions([])
    with pytest.raises(ValueError):
        welch([1.0], [1.0, 2.0])


@settings(max_examples=50, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.booleans()), min_size=1, max_size=60))
def test_paired_proportion_interval_holds_the_difference(pairs: list[tuple[bool, bool]]) -> None:
    d = paired_proportions(pairs)
    assert d.low <= d.diff <= d.high
    assert d.diff == pytest.approx(d.mean_a - d.mean_b)
    assert 0.0 <= d.p_value <= 1.0
    swapped = paired_proportions([(b, a) for a, b in pairs])
    assert swapped.diff == pytest.approx(-d.diff) and swapped.p_value == pytest.approx(d.p_value)


@settings(max_examples=50, deadline=None)
@given(st.lists(st.integers(-50, 50), min_size=2, max_size=40), st.integers(-5, 5))
def test_a_constant_shift_is_the_paired_difference(values: list[int], shift: int) -> None:
    d = paired_means([v + shift for v in values], [float(v) for v in values])
    assert d.diff == pytest.approx(shift) and d.low == pytest.approx(shift) and d.high == pytest.approx(shift)
