"""Charts as pictures: line charts, histograms and bar charts drawn in SVG.

The site has no matplotlib, so the lessons draw their charts with these functions.
Each returns a ``games.render.Picture`` (Jupyter shows it; ``print`` gives a one-line
summary; ``.svg`` is the SVG text)::

    from games.render.chart import line_chart, histogram, bar_chart

    line_chart([0.9, 0.5, 0.3, 0.2], title="loss", x_label="step")
    line_chart({"data": (xs, ys), "model": (xs, predictions)}, dots=["data"])
    histogram(lengths, bins=range(5, 11), x_label="moves per game")
    bar_chart({"X wins": 58, "draws": 13, "O wins": 29},
              intervals={"X wins": (48, 67), "draws": (8, 21), "O wins": (21, 39)})
    match_chart(games.arena.evaluate("tictactoe", agent_a, agent_b, n=100))

Numbers that are NaN or infinite are left out (a line has a gap there).
"""

import itertools
import math

import numpy as np

from ..messages import tr
from .picture import Picture, escape, line, rect, svg_document, text

WIDTH, HEIGHT = 520, 300
COLOURS = ["#1d4ed8", "#d62828", "#2a9d8f", "#f4a261", "#7b2cbf", "#6b7280"]
AXIS, GRID, INK = "#333", "#e5e7eb", "#222"
LEFT, RIGHT, BOTTOM = 56, 16, 44  # room for tick labels and axis labels
MAX_POINTS = 1000  # longer lines are thinned to this many points (a pixel cannot show more)
_clip_ids = itertools.count()  # each chart's clip area needs an id of its own on the page


# ============================================================== public functions
def line_chart(series, x=None, title="", x_label="", y_label="", dots=(), y_range=None,
               width=WIDTH, height=HEIGHT):
    """A line chart of one or more series of numbers.

    ``series``: a list of numbers (one line, drawn at x = 0, 1, 2...), or a dict
    ``{name: ys}`` or ``{name: (xs, ys)}`` for several lines with a legend.
    ``x``: the x values shared by series given as ys only. ``dots``: names of series drawn
    as dots instead of a line (measured data, say). ``y_range``: ``(low, high)`` to fix
    the y axis (for example ``(0, 1)`` for a win rate); by default it fits the data.
    """
    named = _named_series(series, x)
    xs_all = np.concatenate([xs for xs, _ in named.values()])
    ys_all = np.concatenate([ys for _, ys in named.values()])
    plot = _Plot(width, height, title, x_label, y_label, legend=list(named) if len(named) > 1 else [])
    plot.set_scales(_finite(xs_all), _finite(ys_all), y_range)
    for index, (name, (xs, ys)) in enumerate(named.items()):
        colour = COLOURS[index % len(COLOURS)]
        if name in dots:
            plot.dots(xs, ys, colour)
        else:
            plot.polyline(xs, ys, colour)
    summary = "; ".join((f"{name}: " if name else "") + _describe(ys) for name, (_, ys) in named.items())
    return plot.picture(tr(en="line chart", ja="折れ線グラフ"), summary)


def histogram(values, bins=10, title="", x_label="", y_label=None, range=None,
              width=WIDTH, height=HEIGHT):
    """How many ``values`` fall in each bin, as bars.

    ``bins``: a number of equal bins, or the list of bin edges (``range(5, 11)`` gives the
    bins 5, 6, 7, 8 and 9 for whole numbers: each bin includes its left edge; the last
    bin includes both its edges, as in numpy). ``range``: ``(low, high)`` of the equal
    bins (default: the smallest and largest value).
    """
    values = _finite(np.asarray(values, dtype=float).ravel())
    edges = np.asarray(list(bins), dtype=float) if not isinstance(bins, int) else bins
    counts, edges = np.histogram(values, bins=edges, range=range)
    if y_label is None:
        y_label = tr(en="how many", ja="回数")
    plot = _Plot(width, height, title, x_label, y_label)
    if np.all(edges == np.round(edges)) and np.all(np.diff(edges) == 1):  # whole numbers: one bar each
        plot.labels = [(left + 0.5, _number(left)) for left in edges[:-1]]
    plot.set_scales(edges, np.array([0.0, max(1, counts.max(initial=0))]))
    for left, right, count in zip(edges[:-1], edges[1:], counts):
        plot.bar(left, right, count, COLOURS[0])
    summary = tr(en="{n} values in {k} bins, counts {counts}", ja="{n} 個の値、{k} 個の区間、個数 {counts}",
                 n=int(counts.sum()), k=len(counts), counts=counts.tolist())
    return plot.picture(tr(en="histogram", ja="ヒストグラム"), summary)


def bar_chart(values, title="", y_label="", intervals=None, colours=None, y_range=None,
              width=WIDTH, height=HEIGHT):
    """One bar per label: ``values`` is a dict ``{label: number}`` (or a list of numbers).

    Negative numbers get bars going down from 0; NaN gets no bar (its label stays).

    ``intervals``: ``{label: (low, high)}`` drawn as a thin line with ends on the bar (a
    95 % confidence interval, say). ``colours``: one colour per bar (by default all blue).
    ``y_range``: ``(low, high)`` to fix the y axis (by default it starts at 0).
    """
    if not isinstance(values, dict):
        values = {str(i): v for i, v in enumerate(values)}
    labels = list(values)
    heights = np.array([float(values[label]) for label in labels])
    intervals = intervals or {}
    tops = [heights] + [np.array([float(v) for v in intervals[label]]) for label in labels if label in intervals]
    plot = _Plot(width, height, title, "", y_label)
    plot.labels = [(i + 0.5, label) for i, label in enumerate(labels)]
    low_high = np.concatenate([np.ravel(t) for t in tops] + [np.array([0.0])])
    plot.set_scales(np.array([0.0, len(labels)]), _finite(low_high), y_range)
    for i, label in enumerate(labels):
        colour = colours[i % len(colours)] if colours else COLOURS[0]
        if math.isfinite(heights[i]):  # a NaN (say, the Q-value of an illegal move) gets no bar
            plot.bar(i + 0.15, i + 0.85, heights[i], colour)
        if label in intervals:
            plot.error_bar(i + 0.5, *intervals[label])
    summary = ", ".join(f"{label}: {_number(values[label])}" for label in labels)
    return plot.picture(tr(en="bar chart", ja="棒グラフ"), summary)


def match_chart(result, title=None, width=WIDTH, height=HEIGHT):
    """The result of a two-player ``games.arena.evaluate`` as bars with their 95 % intervals.

    Three bars, as shares of the games: A wins, draws, B wins (A is the first agent given
    to ``evaluate``). The labels follow ``games.set_language``.
    """
    a, b = result.names
    labels = [tr(en="A wins", ja="A の勝ち"), tr(en="draws", ja="引き分け"), tr(en="B wins", ja="B の勝ち")]
    values, intervals = {}, {}
    for label, what in zip(labels, ("wins", "draws", "losses")):
        share, low, high = result.rate(what)
        values[label], intervals[label] = share, (low, high)
    if title is None:
        title = tr(en="A = {a}, B = {b}: {n} games", ja="A = {a}、B = {b}: {n} 局", a=a, b=b, n=result.n)
    return bar_chart(values, title=title, y_label=tr(en="share of the games", ja="対局に占める割合"),
                     intervals=intervals, colours=[COLOURS[0], COLOURS[5], COLOURS[1]], y_range=(0, 1),
                     width=width, height=height)


# ============================================================== drawing
class _Plot:
    """A drawing area with axes: data coordinates in, SVG shapes out."""

    def __init__(self, width, height, title, x_label, y_label, legend=()):
        self.width, self.height = width, height
        self.title, self.x_label, self.y_label = title, x_label, y_label
        self.legend = list(legend)
        self.labels = None  # [(x, label)] under the bars, instead of x ticks
        self.top = 12 + (22 if title else 0) + (20 if self.legend else 0)
        self.shapes = []
        self.clip_id = f"games-chart-{next(_clip_ids)}"

    def set_scales(self, xs, ys, y_range=None):
        self.x0, self.x1 = _span(xs)
        if y_range is not None:
            self.y0, self.y1 = float(y_range[0]), float(y_range[1])
            self.y_ticks = _ticks(self.y0, self.y1)
        else:
            low, high = _span(ys)
            self.y_ticks = _ticks(low, high)
            self.y0, self.y1 = min(low, self.y_ticks[0]), max(high, self.y_ticks[-1])

    # data -> pixels
    def px(self, x):
        return LEFT + (x - self.x0) / (self.x1 - self.x0) * (self.width - LEFT - RIGHT)

    def py(self, y):
        return self.height - BOTTOM - (y - self.y0) / (self.y1 - self.y0) * (self.height - BOTTOM - self.top)

    def polyline(self, xs, ys, colour):
        for part in _finite_runs(xs, ys):
            if len(part) > MAX_POINTS:
                part = part[np.linspace(0, len(part) - 1, MAX_POINTS).astype(int)]
            if len(part) == 1:
                self.dots(part[:, 0], part[:, 1], colour)
                continue
            points = " ".join(f"{self.px(x):.1f},{self.py(y):.1f}" for x, y in part)
            # clipped: with a fixed y_range, a line leaving the range is cut at the edge
            self.shapes.append(f'<polyline points="{points}" fill="none" stroke="{colour}" '
                               f'stroke-width="2" stroke-linejoin="round" clip-path="url(#{self.clip_id})"/>')

    def dots(self, xs, ys, colour):
        for x, y in zip(xs, ys):
            if math.isfinite(x) and math.isfinite(y) and self.y0 <= y <= self.y1:
                self.shapes.append(f'<circle cx="{self.px(x):.1f}" cy="{self.py(y):.1f}" r="3" '
                                   f'fill="{colour}" fill-opacity="0.7"/>')

    def bar(self, left, right, value, colour):
        base = self.py(max(self.y0, 0.0))
        top = self.py(value)
        self.shapes.append(rect(f"{self.px(left):.1f}", f"{min(base, top):.1f}",
                                f"{self.px(right) - self.px(left):.1f}", f"{abs(base - top):.1f}",
                                colour, "#ffffff", 1))

    def error_bar(self, x, low, high):
        cx, y_low, y_high = self.px(x), self.py(low), self.py(high)
        for shape in (line(cx, y_low, cx, y_high, INK, 1.5), line(cx - 6, y_low, cx + 6, y_low, INK, 1.5),
                      line(cx - 6, y_high, cx + 6, y_high, INK, 1.5)):
            self.shapes.append(shape)

    def picture(self, kind, summary):
        bottom = self.height - BOTTOM
        frame = [f'<clipPath id="{self.clip_id}"><rect x="{LEFT}" y="{self.top}" '
                 f'width="{self.width - LEFT - RIGHT}" height="{bottom - self.top}"/></clipPath>',
                 rect(0, 0, self.width, self.height, "#ffffff")]
        frame += self._axes()
        if self.title:
            frame.append(text(self.width / 2, 16, self.title, size=15, weight="bold"))
        x, y = LEFT, self.top - 14
        for index, name in enumerate(self.legend):
            frame.append(rect(x, y - 5, 14, 10, COLOURS[index % len(COLOURS)]))
            frame.append(text(x + 20, y, name, size=12, anchor="start"))
            x += 44 + 7 * sum(2 if ord(char) >= 0x2E80 else 1 for char in name)  # wide characters count twice
        svg = svg_document(self.width, self.height, frame + self.shapes, title=self.title or kind)
        return Picture(svg, text=f"{kind}{': ' + self.title if self.title else ''} ({summary})")

    def _axes(self):
        shapes = []
        right, bottom = self.width - RIGHT, self.height - BOTTOM
        for tick in self.y_ticks:
            if self.y0 <= tick <= self.y1:
                y = self.py(tick)
                shapes.append(line(LEFT, y, right, y, GRID, 1))
                shapes.append(text(LEFT - 6, y, _number(tick), size=11, anchor="end"))
        if self.labels is not None:
            for x, label in self.labels:
                shapes.append(text(self.px(x), bottom + 14, label, size=12))
        else:
            for tick in _ticks(self.x0, self.x1):
                if self.x0 <= tick <= self.x1:
                    x = self.px(tick)
                    shapes.append(line(x, bottom, x, bottom + 4, AXIS, 1))
                    shapes.append(text(x, bottom + 14, _number(tick), size=11))
        shapes.append(line(LEFT, bottom, right, bottom, AXIS, 1))
        shapes.append(line(LEFT, self.top, LEFT, bottom, AXIS, 1))
        if self.x_label:
            shapes.append(text((LEFT + right) / 2, self.height - 10, self.x_label, size=12))
        if self.y_label:
            middle = (self.top + bottom) / 2
            shapes.append(f'<text x="14" y="{middle:.1f}" font-size="12" fill="{INK}" text-anchor="middle" '
                          f'transform="rotate(-90 14 {middle:.1f})">{escape(str(self.y_label))}</text>')
        return shapes


# ============================================================== numbers
def _named_series(series, x):
    """``{name: (xs, ys)}`` as float arrays, from any of the accepted forms."""
    if not isinstance(series, dict):
        series = {"": series}
    named = {}
    for name, value in series.items():
        if isinstance(value, tuple) and len(value) == 2:
            xs, ys = np.asarray(value[0], dtype=float).ravel(), np.asarray(value[1], dtype=float).ravel()
        else:
            ys = np.asarray(value, dtype=float).ravel()
            xs = np.arange(len(ys), dtype=float) if x is None else np.asarray(x, dtype=float).ravel()
        if len(xs) != len(ys):
            raise ValueError(tr(en="line_chart: {name!r} has {nx} x values but {ny} y values.",
                                ja="line_chart: {name!r} の x は {nx} 個、y は {ny} 個です。同じ数にしてください。",
                                name=name, nx=len(xs), ny=len(ys)))
        named[str(name)] = (xs, ys)
    return named


def _finite(values):
    values = np.asarray(values, dtype=float).ravel()
    return values[np.isfinite(values)]


def _finite_runs(xs, ys):
    """The stretches of (x, y) points where both are finite, as arrays of shape (n, 2)."""
    good = np.isfinite(xs) & np.isfinite(ys)
    points = np.column_stack([xs, ys])
    runs, start = [], None
    for i, ok in enumerate(np.append(good, False)):
        if ok and start is None:
            start = i
        elif not ok and start is not None:
            runs.append(points[start:i])
            start = None
    return runs


def _span(values):
    """``(low, high)`` of the values, widened when they are all equal (or there are none)."""
    if len(values) == 0:
        return 0.0, 1.0
    low, high = float(np.min(values)), float(np.max(values))
    if low == high:
        return low - 1.0, high + 1.0
    return low, high


def _ticks(low, high, count=6):
    """About ``count`` round numbers (steps of 1, 2 or 5 times a power of ten) covering low..high."""
    raw = (high - low) / count
    power = 10.0 ** math.floor(math.log10(raw))
    step = next(m * power for m in (1, 2, 5, 10) if m * power >= raw)
    first = math.floor(low / step + 1e-9) * step
    last = math.ceil(high / step - 1e-9) * step
    return [round(first + i * step, 12) for i in range(int(round((last - first) / step)) + 1)]


def _number(value):
    """A short label for a number: 3, 0.25, 1.5e+04."""
    value = float(value)
    if not math.isfinite(value):
        return str(value)
    if value == int(value) and abs(value) < 1e6:
        return str(int(value))
    return f"{value:.3g}"


def _describe(ys):
    good = _finite(ys)
    if len(good) == 0:
        return tr(en="no numbers", ja="数なし")
    return tr(en="{n} points, first {a}, last {b}, min {lo}, max {hi}",
              ja="{n} 点、最初 {a}、最後 {b}、最小 {lo}、最大 {hi}",
              n=len(good), a=_number(good[0]), b=_number(good[-1]),
              lo=_number(good.min()), hi=_number(good.max()))


__all__ = ["bar_chart", "histogram", "line_chart", "match_chart"]
