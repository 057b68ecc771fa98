"""Charts: each is a well-formed SVG Picture whose shapes sit where the numbers say."""

import re
import xml.etree.ElementTree as ElementTree

import numpy as np
import pytest

import games
from games.render import Picture
from games.render.chart import MAX_POINTS, _ticks, bar_chart, histogram, line_chart, match_chart

SVG = "{http://www.w3.org/2000/svg}"


def parse(picture):
    assert isinstance(picture, Picture)
    root = ElementTree.fromstring(picture.svg)  # raises unless well-formed XML
    assert root.tag == SVG + "svg"
    return root


def polyline_points(root):
    return [[tuple(map(float, p.split(","))) for p in line.get("points").split()]
            for line in root.iter(SVG + "polyline")]


def bars(root):
    """The data bars: rects other than the white background."""
    return [r for r in root.iter(SVG + "rect") if r.get("fill") not in ("#ffffff", None)]


def texts(root):
    return [t.text for t in root.iter(SVG + "text")]


def test_a_rising_line_goes_up_the_picture():
    root = parse(line_chart([0, 1, 2, 3], title="up"))
    (points,) = polyline_points(root)
    assert len(points) == 4
    xs = [x for x, _ in points]
    ys = [y for _, y in points]
    assert xs == sorted(xs) and len(set(xs)) == 4
    assert ys == sorted(ys, reverse=True)  # SVG y grows downwards
    assert "up" in texts(root)


def test_several_series_get_a_legend_and_dots():
    xs = np.linspace(0, 1, 5)
    picture = line_chart({"data": (xs, xs ** 2), "model": (xs, xs)}, dots=["data"])
    root = parse(picture)
    assert len(polyline_points(root)) == 1  # only the model is a line
    assert len(list(root.iter(SVG + "circle"))) == 5
    assert {"data", "model"} <= set(texts(root))
    assert "data: 5 points" in str(picture) and "model: 5 points" in str(picture)


def test_nan_leaves_a_gap_and_long_lines_are_thinned():
    root = parse(line_chart([1, 2, np.nan, 3, 4]))
    assert [len(p) for p in polyline_points(root)] == [2, 2]
    root = parse(line_chart(np.arange(10 * MAX_POINTS)))
    assert len(polyline_points(root)[0]) == MAX_POINTS


def test_a_fixed_y_range_cuts_lines_at_the_edge_of_the_plot():
    root = parse(line_chart([-5, 0.5, 5], y_range=(0, 1)))
    (line,) = root.iter(SVG + "polyline")
    clip = line.get("clip-path")
    (area,) = [c for c in root.iter(SVG + "clipPath") if f"url(#{c.get('id')})" == clip]
    (box,) = area.iter(SVG + "rect")
    top, bottom = float(box.get("y")), float(box.get("y")) + float(box.get("height"))
    ys = [y for _, y in polyline_points(root)[0]]
    assert top < ys[1] < bottom and ys[0] > bottom and ys[2] < top  # 0.5 inside, -5 and 5 cut off
    other = parse(line_chart([1, 2]))
    assert next(other.iter(SVG + "clipPath")).get("id") != area.get("id")  # unique on a page


def test_mismatched_xs_and_ys_are_explained():
    with pytest.raises(ValueError, match="3 x values but 2 y values"):
        line_chart({"a": ([1, 2, 3], [1, 2])})


def test_histogram_counts_and_whole_number_bins():
    lengths = [5, 5, 6, 7, 7, 7, 9]
    picture = histogram(lengths, bins=range(5, 11), x_label="moves")
    root = parse(picture)
    heights = [float(r.get("height")) for r in bars(root)]
    assert len(heights) == 5
    assert heights[2] == max(heights) and heights[3] == 0  # three 7s, no 8
    assert heights[0] == pytest.approx(2 * heights[1], abs=0.2)
    assert "counts [2, 1, 3, 0, 1]" in str(picture)
    assert {"5", "6", "7", "8", "9"} <= set(texts(root))  # one label under each bar


def test_bar_chart_with_intervals():
    picture = bar_chart({"wins": 0.6, "draws": 0.1}, intervals={"wins": (0.5, 0.7)}, y_range=(0, 1))
    root = parse(picture)
    heights = [float(r.get("height")) for r in bars(root)]
    assert heights[0] == pytest.approx(6 * heights[1], rel=0.02)
    assert {"wins", "draws"} <= set(texts(root))
    assert str(picture) == "bar chart (wins: 0.6, draws: 0.1)"
    # the interval: one vertical line and two ends
    lines = [line for line in root.iter(SVG + "line") if line.get("stroke") == "#222"]
    assert len(lines) == 3


def test_messages_follow_the_language():
    games.set_language("ja")
    assert str(bar_chart([1, 2])).startswith("棒グラフ")
    assert "回数" in texts(parse(histogram([1, 2, 3])))


def test_ticks_are_round_numbers_covering_the_range():
    assert _ticks(0, 1) == [0, 0.2, 0.4, 0.6, 0.8, 1.0]
    assert _ticks(-0.13, 2.9)[0] <= -0.13 and _ticks(-0.13, 2.9)[-1] >= 2.9
    for low, high in [(0, 3000), (0.001, 0.0042), (-7, 123)]:
        ticks = _ticks(low, high)
        assert ticks[0] <= low and ticks[-1] >= high and 3 <= len(ticks) <= 12
        assert all(re.fullmatch(r"-?[125]", f"{(b - a):.0e}".split("e")[0]) for a, b in zip(ticks, ticks[1:]))


def test_match_chart_shows_an_arena_result_with_intervals():
    from games import arena
    from games.agents import random_agent
    from games.agents.tictactoe import minimax_agent

    result = arena.evaluate("tictactoe", minimax_agent, random_agent, n=20, seed=0, progress=False)
    picture = match_chart(result)
    root = parse(picture)
    heights = [float(r.get("height")) for r in bars(root)]
    assert len(heights) == 3 and heights[2] == 0  # random never beats the perfect player
    assert "A = minimax_agent, B = random_agent: 20 games" in texts(root)
    assert len([line for line in root.iter(SVG + "line") if line.get("stroke") == "#222"]) == 9  # 3 intervals
    games.set_language("ja")
    assert "引き分け" in texts(parse(match_chart(result)))


def test_bar_chart_draws_negative_bars_down_and_skips_nan():
    root = parse(bar_chart({"a": 1.0, "b": float("nan"), "c": -0.5}))
    rects = bars(root)
    assert len(rects) == 2
    (a, c) = rects
    assert float(a.get("y")) + float(a.get("height")) == pytest.approx(float(c.get("y")), abs=0.2)  # both meet at 0
    assert float(a.get("height")) == pytest.approx(2 * float(c.get("height")), rel=0.02)
    assert {"a", "b", "c"} <= set(texts(root))
