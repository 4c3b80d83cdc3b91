"""The report's figures as inline SVG, drawn with matplotlib (Agg: no display, no network).

Text stays text in the SVG (``svg.fonttype = none``) and the files carry no date, so a report is small
and the same rows give the same file.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence
from typing import Any

from siedler.core.errors import OptionError
from siedler.core.seats import seat_words
from siedler.sim.analysis import ArmReport, Rates
from siedler.sim.questions import Answer
from siedler.sim.sequential import Verdict

#: Figure size in inches for one plot; side-by-side plots share a row in the page.
SIZE = (6.0, 3.4)


def _pyplot() -> Any:
    try:
        import matplotlib
    except ImportError:
        raise OptionError("reports draw with matplotlib: pip install 'siedler[lab]'") from None
    matplotlib.use("Agg")
    matplotlib.rcParams.update({"svg.fonttype": "none", "svg.hashsalt": "siedler", "font.size": 9})
    import matplotlib.pyplot as plt

    return plt


def _svg(fig: Any) -> str:
    plt = _pyplot()
    buffer = io.StringIO()
    fig.tight_layout()
    fig.savefig(buffer, format="svg", metadata={"Date": None})
    plt.close(fig)
    text = buffer.getvalue()
    return text[text.index("<svg") :]


def rates_svg(arms: Sequence[tuple[str, Rates]], title: str) -> str:
    """Grouped bars: one group per seat (position, bot), one bar per arm, 95% Wilson intervals as error
    bars, the fair share dashed."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=SIZE)
    labels = arms[0][1].labels
    width = 0.8 / len(arms)
    for k, (name, rates) in enumerate(arms):
        xs = [i - 0.4 + width * (k + 0.5) for i in range(len(labels))]
        ys = [r.rate for r in rates.rates]
        errors = [[r.rate - r.low for r in rates.rates], [r.high - r.rate for r in rates.rates]]
        ax.bar(xs, ys, width, yerr=errors, capsize=3, label=name)
    for i, r in enumerate(arms[0][1].rates):
        ax.plot([i - 0.45, i + 0.45], [r.share, r.share], "k--", linewidth=0.8)
    ax.set_xticks(range(len(labels)), labels)
    ax.set_ylabel("win rate")
    ax.set_ylim(0, 1)
    ax.set_title(title)
    if len(arms) > 1:
        ax.legend(fontsize=8)
    return _svg(fig)


def lengths_svg(arms: Sequence[ArmReport]) -> str:
    """Game length in turns: one step histogram per arm on shared bins."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=SIZE)
    every = [t for arm in arms for t in arm.turns]
    if every:
        low, high = min(every), max(every)
        step = max(1, (high - low + 30) // 30)
        bins = list(range(low, high + step + 1, step))
        for arm in arms:
            ax.hist(arm.turns, bins=bins, histtype="step", linewidth=1.5, label=arm.name)
    ax.set_xlabel("turns")
    ax.set_ylabel("games")
    ax.set_title("Game length")
    if len(arms) > 1:
        ax.legend(fontsize=8)
    return _svg(fig)


def points_svg(arm: ArmReport) -> str:
    """Mean points per seat at the start of each turn (finished games keep their final points)."""
    plt = _pyplot()
    fig, ax = plt.subplots(figsize=SIZE)
    for seat, curve in enumerate(arm.points):
        ax.plot(range(len(curve)), curve, label=seat_words(seat))
    ax.set_xlabel("turn")
    ax.set_ylabel("points (mean)")
    ax.set_title(f"Points over turns: {arm.name}")
    ax.legend(fontsize=8)
    return _svg(fig)


#: A verdict's colour in the forest plot (undecided: grey).
VERDICT_COLOURS = {Verdict.better: "#070", Verdict.worse: "#a00", Verdict.same: "#036"}


def forest_svg(found: Sequence[Answer], question: str) -> str:
    """One question's effects, an arm a row in the verdict table's order: the paired difference and its
    95% confidence sequence, the margin shaded around 0 (wins in percentage points)."""
    plt = _pyplot()
    rows = [a for a in found if a.question.name == question]
    fig, ax = plt.subplots(figsize=(4.0, 0.8 + 0.19 * len(rows)))
    scale = 100 if rows[0].question.bounded else 1
    margin = rows[0].question.margin * scale
    unit = " pp" if scale == 100 else ""  # pp: percentage points
    ax.axvspan(-margin, margin, color="#d4e2f2")
    ax.axvline(0, color="k", linewidth=0.8)
    for y, a in enumerate(rows):
        colour = VERDICT_COLOURS.get(a.verdict, "#777")
        if math.isfinite(a.low) and math.isfinite(a.high):
            ax.plot([a.low * scale, a.high * scale], [y, y], color=colour, linewidth=2)
        if a.n:
            ax.plot([a.effect * scale], [y], "o", color=colour, markersize=4)
    ax.set_yticks(range(len(rows)), [a.question.arm for a in rows], fontsize=7)
    ax.set_ylim(len(rows) - 0.5, -0.5)
    ax.set_xlabel(f"arm minus its reference{' (percentage points)' if unit else ''}")
    ax.set_title(f"{question}: shaded, the margin ±{margin:g}{unit}", fontsize=8)
    return _svg(fig)
