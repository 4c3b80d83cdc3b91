"""Rates over time as a line chart in plain SVG, with no plotting library: a training curve's win rates
(``siedler train --curve``, docs/bots.md) or any other series of shares between 0 and 1.

Each line may carry a band (its intervals, drawn faint behind it), the chart level lines (a fair share,
dashed) and marks (a single figure at a point, with its words). Every word is escaped; the picture is the
same for the same figures.

    from siedler.chart import Line, rate_chart
    Path("curve.svg").write_text(rate_chart([Line("against greedy", [(0, 0.2), (500, 0.4)])], title="Pig",
                                            x_label="training games", y_label="win rate"))
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape, quoteattr

#: The picture's size and its margins around the plot, in pixels.
WIDTH, HEIGHT, LEFT, BOTTOM, TOP, RIGHT = 640, 360, 56, 44, 30, 20
#: The lines' colours, in order, where a line names none.
COLORS = ("#1f77b4", "#ff7f0e", "#2ca02c", "#9467bd", "#8c564b")


@dataclass(frozen=True)
class Line:
    """A series of ``(x, rate)`` points, and optionally its band: ``(x, low, high)`` at each point."""

    label: str
    points: Sequence[tuple[float, float]]
    band: Sequence[tuple[float, float, float]] = ()
    color: str = ""


@dataclass(frozen=True)
class Mark:
    """One figure at a point, its words beside it."""

    x: float
    rate: float
    words: str
    color: str = "#d62728"


@dataclass(frozen=True)
class Level:
    """A rate drawn across the chart, dashed (a fair share)."""

    rate: float
    words: str


def ticks(last: float) -> list[int]:
    """The x axis's ticks from 0 to ``last``: 1, 2 or 5 times a power of ten apart, three to seven of them."""
    top = max(int(last), 1)
    unit = 10 ** max(len(str(top)) - 2, 0)
    spacing = next(unit * k for k in (1, 2, 5, 10, 20, 50, 100) if top // (unit * k) <= 6)
    return list(range(0, top + 1, spacing))


def rate_chart(
    lines: Sequence[Line],
    *,
    title: str,
    x_label: str,
    y_label: str,
    marks: Sequence[Mark] = (),
    levels: Sequence[Level] = (),
) -> str:
    """The lines (rates from 0 to 1 on the y axis, 0 to the largest x on the x axis) as an SVG document."""
    last = max((x for line in lines for x, _ in line.points), default=0.0)
    last = max([last, *(m.x for m in marks), 1.0])

    def x(value: float) -> float:
        return LEFT + (WIDTH - LEFT - RIGHT) * value / last

    def y(rate: float) -> float:
        return HEIGHT - BOTTOM - (HEIGHT - BOTTOM - TOP) * rate

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH}" height="{HEIGHT}" '
        f'viewBox="0 0 {WIDTH} {HEIGHT}" font-family="sans-serif" font-size="12">',
        f'<rect width="{WIDTH}" height="{HEIGHT}" fill="white"/>',
        f'<text x="{WIDTH / 2}" y="18" text-anchor="middle" font-size="14">{escape(title)}</text>',
    ]
    for tick in range(0, 11, 2):
        rate = tick / 10
        out.append(f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(rate):.1f}" y2="{y(rate):.1f}" stroke="#ddd"/>')
        out.append(f'<text x="{LEFT - 6}" y="{y(rate) + 4:.1f}" text-anchor="end">{rate:.0%}</text>')
    for tick in ticks(last):
        out.append(f'<text x="{x(tick):.1f}" y="{HEIGHT - BOTTOM + 16}" text-anchor="middle">{tick:,}</text>')
    out += [
        f'<text x="{WIDTH / 2}" y="{HEIGHT - 8}" text-anchor="middle">{escape(x_label)}</text>',
        f'<text transform="translate(14 {(HEIGHT - BOTTOM + TOP) / 2}) rotate(-90)" text-anchor="middle">'
        f"{escape(y_label)}</text>",
        f'<rect x="{LEFT}" y="{TOP}" width="{WIDTH - LEFT - RIGHT}" height="{HEIGHT - BOTTOM - TOP}" '
        'fill="none" stroke="black"/>',
    ]
    for level in levels:
        out.append(
            f'<line x1="{LEFT}" x2="{WIDTH - RIGHT}" y1="{y(level.rate):.1f}" y2="{y(level.rate):.1f}" '
            f'stroke="#777" stroke-dasharray="6 4"><title>{escape(level.words)}</title></line>'
        )
        out.append(
            f'<text x="{WIDTH - RIGHT - 4}" y="{y(level.rate) + 14:.1f}" text-anchor="end" fill="#777">'
            f"{escape(level.words)}</text>"
        )
    for k, line in enumerate(lines):
        color = line.color or COLORS[k % len(COLORS)]
        if line.band:
            edge = [(x(p), y(hi)) for p, _, hi in line.band] + [(x(p), y(lo)) for p, lo, _ in reversed(line.band)]
            out.append(f'<polygon fill={quoteattr(color)} fill-opacity="0.15" points="{_points(edge)}"/>')
        drawn = [(x(p), y(rate)) for p, rate in line.points]
        out.append(f'<polyline fill="none" stroke={quoteattr(color)} stroke-width="1.5" points="{_points(drawn)}"/>')
        out.extend(f'<circle cx="{cx:.1f}" cy="{cy:.1f}" r="2.5" fill={quoteattr(color)}/>' for cx, cy in drawn)
        out.append(f'<rect x="{LEFT + 10}" y="{TOP + 8 + 16 * k}" width="14" height="3" fill={quoteattr(color)}/>')
        out.append(f'<text x="{LEFT + 30}" y="{TOP + 13 + 16 * k}">{escape(line.label)}</text>')
    for mark in marks:
        out.append(f'<circle cx="{x(mark.x):.1f}" cy="{y(mark.rate):.1f}" r="4" fill={quoteattr(mark.color)}/>')
        out.append(
            f'<text x="{x(mark.x) - 8:.1f}" y="{y(mark.rate) + (20 if mark.rate > 0.5 else -10):.1f}" '
            f'text-anchor="end" fill={quoteattr(mark.color)}>{escape(mark.words)}</text>'
        )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _points(points: Sequence[tuple[float, float]]) -> str:
    return " ".join(f"{px:.1f},{py:.1f}" for px, py in points)
