"""Pictures and replays: ``Picture`` is shown by Jupyter, its SVG is well-formed, ``replay``
builds an animation holding every frame, and the board drawer marks the last move."""

import json
import re
import subprocess
import sys
import xml.etree.ElementTree as ElementTree

import pytest
from hypothesis import given, strategies as st

import games
from games.render import Picture, picture, replay
from games.render.boards import CELL, GOLD, MARGIN
from games.render.picture import circle, line, rect, svg_document, text

SVG = "{http://www.w3.org/2000/svg}"


def parse(svg):
    root = ElementTree.fromstring(svg)  # raises unless well-formed XML
    assert root.tag == SVG + "svg"
    return root


def tictactoe_frames():
    """The pictures of one short game: the empty board, then after each move."""
    env = games.make("tictactoe")
    frames = [env.render()]
    for square in (4, 0, 2, 6, 3, 5, 8, 1, 7):
        env.step(square)
        frames.append(env.render())
    return env, frames


# ---------------------------------------------------------------------------- Picture
def test_picture_is_shown_by_jupyter_and_saved(tmp_path):
    env = games.make("tictactoe")
    env.step(4)
    picture = env.render()
    assert isinstance(picture, Picture)
    assert picture._repr_svg_() is picture.svg
    assert str(picture) == str(env) == "...\n.X.\n..."
    assert repr(picture) == f"<Picture {len(picture.svg)} bytes of SVG>"
    path = tmp_path / "board.svg"
    picture.save(path)
    assert path.read_text(encoding="utf-8") == picture.svg
    parse(path.read_text(encoding="utf-8"))


def test_picture_without_text_prints_its_svg():
    assert str(Picture("<svg/>")) == "<svg/>"


def test_svg_helpers_escape_text_and_make_well_formed_xml():
    shapes = [rect(0, 0, 10, 10, "#fff"), circle(5, 5, 4, "red"), line(0, 0, 10, 10, "#000"),
              text(5, 5, 'a < b & "c" > d'), text(5, 5, "日本語")]
    root = parse(svg_document(10, 10, shapes, title="<Othello & co>"))
    assert root.find(SVG + "title").text == "<Othello & co>"
    assert [t.text for t in root.iter(SVG + "text")] == ['a < b & "c" > d', "日本語"]
    assert root.get("viewBox") == "0 0 10 10"


@pytest.mark.parametrize("language", ["en", "ja"])
def test_every_board_of_a_game_is_well_formed(language):
    games.set_language(language)
    _, frames = tictactoe_frames()
    captions = [[t.text for t in parse(frame.svg).iter(SVG + "text")][-1] for frame in frames]
    if language == "en":
        assert captions[0] == "X to move" and captions[1] == "O to move"
        assert captions[-1] == "Draw"
    else:
        assert captions[0] == "X の番" and captions[-1] == "引き分け"


def test_the_winner_is_written_under_the_board():
    env = games.make("tictactoe")
    for square in (0, 3, 1, 4, 2):
        env.step(square)
    assert [t.text for t in parse(env.render().svg).iter(SVG + "text")][-1] == "X wins"


# ------------------------------------------------------------------------ boards.py
def gold_marks(picture):
    """The cells (row, col) with the gold outline of the last move."""
    marks = []
    for shape in parse(picture.svg).iter(SVG + "rect"):
        if shape.get("stroke") == GOLD:
            x, y = float(shape.get("x")), float(shape.get("y"))
            marks.append((round((y - MARGIN) // CELL), round((x - MARGIN) // CELL)))
    return marks


def test_the_last_move_is_marked():
    env = games.make("tictactoe")
    assert gold_marks(env.render()) == []
    env.step(4)
    assert gold_marks(env.render()) == [(1, 1)]
    env.step(2)
    assert gold_marks(env.render()) == [(0, 2)]
    env.reset()
    assert gold_marks(env.render()) == []


def test_the_opponents_reply_is_the_last_move():
    env = games.make("tictactoe", opponent=lambda env: 8)
    env.step(0)
    assert gold_marks(env.render()) == [(2, 2)]


def test_empty_squares_show_their_action_numbers():
    env = games.make("tictactoe")
    env.step(4)
    env.step(0)
    numbers = [t.text for t in parse(env.render().svg).iter(SVG + "text")][:-1]
    assert numbers == ["1", "2", "3", "5", "6", "7", "8"]


# ---------------------------------------------------------------------------- replay
def replay_data(html):
    """The frames and captions the replay's script carries."""
    found = re.search(r"const data = (\{.*?\});\n", html, re.DOTALL)
    assert found, "the replay has no data for its script"
    return json.loads(found.group(1))


def test_replay_holds_every_frame_and_a_script():
    _, frames = tictactoe_frames()
    animation = replay(frames)
    html = animation._repr_html_()
    assert html is animation.html
    assert html.count("<script>") == 1 and "</script>" in html
    data = replay_data(html)
    assert data["frames"] == [frame.svg for frame in frames]
    assert len(data["captions"]) == len(frames) and data["captions"][-1] == "move 9 / 9"
    assert frames[0].svg in html, "the first board shows even where scripts do not run"
    for button in ("prev", "play", "next", "slider"):
        assert f'class="{button}"' in html
    assert 'max="9"' in html


def test_replay_accepts_svg_text_captions_and_speed():
    svg = svg_document(10, 10, [rect(0, 0, 10, 10, "#fff")])
    data = replay_data(replay([svg, svg], captions=["start", "end"], fps=4).html)
    assert data["frames"] == [svg, svg] and data["captions"] == ["start", "end"] and data["delay"] == 250


def test_two_replays_on_one_page_do_not_clash():
    _, frames = tictactoe_frames()
    first, second = replay(frames[:2]).html, replay(frames[:2]).html
    ids = [re.search(r'id="([^"]+)"', html).group(1) for html in (first, second)]
    assert ids[0] != ids[1] and f'getElementById("{ids[0]}")' in first


def test_replay_in_japanese():
    games.set_language("ja")
    _, frames = tictactoe_frames()
    html = replay(frames).html
    assert "▶ 再生" in html and replay_data(html)["captions"][1] == "1 / 9 手目"


@pytest.mark.parametrize("language, words", [("en", "at least one frame"), ("ja", "少なくとも 1 枚")])
def test_replay_refuses_no_frames(language, words):
    games.set_language(language)
    with pytest.raises(ValueError, match=words):
        replay([])


@given(st.text())
def test_escape_is_what_html_escape_does(text):
    import html
    assert picture.escape(text) == html.escape(text)


def test_importing_games_does_not_load_the_html_module():
    """html loads 2,000 named characters at import: about 50 ms at every lesson start."""
    code = "import sys, games, games.render.chart, games.render.replay; print('html' in sys.modules)"
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "False"


@pytest.mark.parametrize("text", ["<!--<script>", "</script><script>alert(1)</script>", "-->", "<![CDATA[",
                                  "line\u2028break\u2029", "&lt;"])
def test_no_text_in_a_replay_gets_out_of_its_script(text):
    _, frames = tictactoe_frames()
    html = replay(frames[:2], captions=["start", text]).html
    script = html[html.index("<script>") + len("<script>"):html.rindex("</script>")]
    assert "<" not in script and "\u2028" not in script and "\u2029" not in script  # no markup, no line end
    assert replay_data(html)["captions"][1] == text  # and the caption is still the same text
