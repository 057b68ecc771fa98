"""games.play in the built site, in headless Chromium (1366 × 768): real clicks on the board.

One notebook page, one kernel: a cell runs ``games.play(...)`` for each game, then the test
plays a whole game on the rendered widget with the mouse (a right-click and long presses
flag Minesweeper cells, one of them with a real touch; Puyo Puyo is played with its
buttons; a few moves are made with the keyboard). After every click the board drawn in the
page is compared with the game in Python (``env.board``, read by running a cell). A trained
DQN agent answers in tic-tac-toe. Screenshots of each game in progress go to
_build/browser-reports/play_<game>.png for review.
"""

import json

import pytest

from bench.site_browser import ADD_CELL_JS, REPORTS, RequestLog, new_context, notebook_url, run_cell, wait_for_kernel

pytestmark = pytest.mark.browser

NOTEBOOK = "en/00_welcome.ipynb"  # any notebook: the test adds its own cells at the end
VIEWPORT = {"width": 1366, "height": 768}
CELL_SECONDS = 120

# What the page shows: the widget's data attributes and every cell's kind.
STATE_JS = """(game) => {
    const root = document.querySelector(`.gail-play[data-game="${game}"]`);
    const board = root.querySelector('.gail-board');
    const cells = [...board.querySelectorAll('.gail-cell[data-index]')];
    const heads = [...board.querySelectorAll('.gail-column-head')];
    const targets = (heads.length ? heads : cells).filter(n => n.dataset.playable === 'true')
        .map(n => Number(n.dataset.target));
    return {version: Number(root.dataset.version), moves: Number(root.dataset.moves),
            over: root.dataset.over === 'true', thinking: root.dataset.thinking === 'true',
            kinds: cells.map(n => n.dataset.kind), playable: targets,
            q: cells.concat(heads).filter(n => n.dataset.q !== undefined).length,
            cursor: board.dataset.cursor,
            status: root.querySelector('.gail-status').textContent,
            message: root.querySelector('.gail-message').textContent};
}"""

UPDATED_JS = """([game, version]) => {
    const root = document.querySelector(`.gail-play[data-game="${game}"]`);
    return root && Number(root.dataset.version) > version && root.dataset.thinking === 'false';
}"""

# The numbers of env.board (flattened) that each kind of cell shows.
NUMBERS = {"empty": 0, "x": 1, "o": 2, "red": 1, "yellow": 2, "black": 1, "white": 2,
           "hidden": -1, "flag": -1, "flag-wrong": -1, "mine": 9, "mine-exploded": 9, "spawn": 0,
           **{f"open{n}": n for n in range(9)}, **{f"puyo{n}": n for n in range(1, 6)}}


@pytest.fixture(scope="module")
def page(browser, site_url):
    context = new_context(browser)
    log = RequestLog(context, site_url)
    page = context.new_page()
    page.set_viewport_size(VIEWPORT)
    errors = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto(notebook_url(site_url, NOTEBOOK))
    wait_for_kernel(page)
    yield page
    assert not errors, f"JavaScript errors in the page: {errors}"
    assert not log.failed and not log.external, (log.failed, log.external)
    context.close()


def run(page, source):
    """Add a code cell at the end of the notebook, run it, return its stdout (errors fail)."""
    index = page.evaluate(ADD_CELL_JS, source)
    result = run_cell(page, index, CELL_SECONDS)
    assert not result["timedOut"], source
    problems = [o for o in result["outputs"] if o["output_type"] == "error"
                or o.get("name") == "stderr"]
    assert not problems, problems
    return "".join(o.get("text", "") for o in result["outputs"] if o["output_type"] == "stream")


def start(page, game, name, source):
    """Run ``source``, which makes the widget ``name`` of ``game``, and show it; returns the
    widget in the page (a locator)."""
    run(page, f"import games\n{source}\n{name}")
    widget = page.locator(f".gail-play[data-game={game}]")
    widget.locator(".gail-cell").first.wait_for(timeout=30_000)
    return widget


def state(page, game):
    return page.evaluate(STATE_JS, game)


def act(page, game, do):
    """Do something to the widget (``do()``) and wait until Python has answered it."""
    version = state(page, game)["version"]
    do()
    page.wait_for_function(UPDATED_JS, arg=[game, version], timeout=30_000)
    return state(page, game)


def check_board(page, game, name, shown):
    """The board drawn in the page is the board of the game in Python."""
    board = json.loads(run(page, f"import json, numpy\nprint(json.dumps(numpy.asarray({name}.env.board)"
                                 f".ravel().tolist()))"))
    numbers = dict(NUMBERS, flag=9) if shown["over"] else NUMBERS  # at the end, flags sit on mines
    assert [numbers[kind] for kind in shown["kinds"]] == board, (game, shown["kinds"], board)


def screenshot(widget, game):
    REPORTS.mkdir(parents=True, exist_ok=True)
    widget.screenshot(path=str(REPORTS / f"play_{game}.png"))


def play_to_the_end(page, widget, game, name, choose, click, limit=80):
    """Click ``choose(state)`` until the game is over, checking the board after each click."""
    shown = state(page, game)
    for move in range(limit):
        if shown["over"]:
            return shown
        target = choose(shown)
        shown = act(page, game, lambda: click(target))
        assert shown["message"] == "" or "pass" in shown["message"], shown["message"]
        check_board(page, game, name, shown)
        if move == 2 and game != "tictactoe":
            screenshot(widget, game)
    raise AssertionError(f"{game} did not end in {limit} clicks")


def test_tictactoe_against_a_trained_dqn_agent_with_q_colours_and_the_keyboard(page):
    widget = start(page, "tictactoe", "ttt", (
        "import games\nfrom games import dqn\n"
        "agent = dqn.DQNAgent('tictactoe', seed=0, hidden=(32,), epsilon_steps=1500)\n"
        "dqn.train(agent, episodes=300, opponent='random', eval_every=0, progress=False)\n"
        "ttt = games.play('tictactoe', agent, show_q=True)"))
    shown = state(page, "tictactoe")
    assert shown["status"] == "Your move: you play X" and shown["q"] == 9  # every square coloured
    # keyboard: the first arrow shows the cursor on the first free square, Enter plays there
    board = widget.locator(".gail-board")
    board.focus()
    board.press("ArrowDown")
    assert state(page, "tictactoe")["cursor"] == "0"
    board.press("ArrowRight")
    assert state(page, "tictactoe")["cursor"] == "1"
    shown = act(page, "tictactoe", lambda: board.press("Enter"))
    assert shown["kinds"][1] == "x" and shown["kinds"].count("o") == 1  # the agent answered
    assert shown["q"] == len(shown["playable"]) == 7  # its Q-values for our next move
    check_board(page, "tictactoe", "ttt", shown)
    screenshot(widget, "tictactoe")
    # an illegal click: the message of env.step, nothing changes
    shown = act(page, "tictactoe", lambda: widget.locator("[data-index='1']").click())
    assert shown["message"].startswith("Square 1 is already taken by X.")
    check_board(page, "tictactoe", "ttt", shown)
    end = play_to_the_end(page, widget, "tictactoe", "ttt", lambda s: s["playable"][0],
                          lambda square: widget.locator(f"[data-index='{square}']").click())
    assert end["status"] in ("You win!", "The AI wins.", "Draw.")
    # New game
    shown = act(page, "tictactoe", lambda: widget.get_by_role("button", name="New game").click())
    assert shown["kinds"] == ["empty"] * 9 and not shown["over"]


def test_connectfour_against_random_by_columns(page):
    widget = start(page, "connectfour", "c4", "c4 = games.play('connectfour', games.agents.random_agent, seed=1)")

    def click(column):
        if state(page, "connectfour")["moves"] % 2:  # the arrow above the column, or a cell in it
            widget.locator(f".gail-column-head[data-column='{column}']").click()
        else:
            widget.locator(f".gail-cell[data-index='{35 + column}']").click()

    end = play_to_the_end(page, widget, "connectfour", "c4", lambda s: s["playable"][len(s["playable"]) // 2], click)
    assert end["status"] in ("You win!", "The AI wins.", "Draw.")


def test_othello_with_the_ai_moving_first(page):
    widget = start(page, "othello", "oth", "oth = games.play('othello', games.agents.othello.greedy_agent, size=4, "
                                "first='ai', seed=0)")
    shown = state(page, "othello")
    assert shown["kinds"].count("black") == 4 and shown["status"] == "Your move: you play white"
    end = play_to_the_end(page, widget, "othello", "oth", lambda s: s["playable"][0],
                          lambda square: widget.locator(f"[data-index='{square}']").click())
    assert end["status"].split(" Black")[0] in ("You win!", "The AI wins.", "Draw.")


def test_minesweeper_with_right_click_and_long_press_flags(page):
    widget = start(page, "minesweeper", "ms", "ms = games.play('minesweeper', rows=5, cols=5, mines=3, seed=4)")
    def cell(index):
        return widget.locator(f"[data-index='{index}']")

    shown = act(page, "minesweeper", lambda: cell(12).click())  # the first click is always safe
    assert shown["kinds"][12].startswith("open")
    check_board(page, "minesweeper", "ms", shown)
    mines = json.loads(run(page, "print(json.dumps([c for c, m in enumerate(ms.env._mine) if m]))"))
    hidden = [i for i, kind in enumerate(shown["kinds"]) if kind == "hidden"]
    # right-click puts a flag, and takes it away
    shown = act(page, "minesweeper", lambda: cell(hidden[0]).click(button="right"))
    assert shown["kinds"][hidden[0]] == "flag" and "flags: 1" in shown["status"]
    shown = act(page, "minesweeper", lambda: cell(hidden[0]).click(button="right"))
    assert shown["kinds"][hidden[0]] == "hidden"
    # a long press with the mouse flags (and does not open the cell)
    cell(mines[0]).hover()  # scrolled into view, not under the toolbar

    def long_press():
        page.mouse.down()
        page.wait_for_timeout(800)
        page.mouse.up()

    shown = act(page, "minesweeper", long_press)
    assert shown["kinds"][mines[0]] == "flag" and not shown["over"]
    page.wait_for_timeout(300)
    check_board(page, "minesweeper", "ms", state(page, "minesweeper"))  # still hidden in the game
    screenshot(widget, "minesweeper")
    # a long press with a finger (touch events, as on a Chromebook's screen) flags another mine
    if len(mines) > 1:
        cell(mines[1]).hover()
        box = cell(mines[1]).bounding_box()
        point = {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}
        cdp = page.context.new_cdp_session(page)

        def touch_long_press():
            cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [point]})
            page.wait_for_timeout(800)
            cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})

        shown = act(page, "minesweeper", touch_long_press)
        assert shown["kinds"][mines[1]] == "flag" and not shown["over"]
        page.wait_for_timeout(300)
    # the keyboard: the first arrow shows the cursor, F puts a flag there and takes it away
    board = widget.locator(".gail-board")
    board.focus()
    board.press("ArrowRight")
    cursor = int(state(page, "minesweeper")["cursor"])
    before = state(page, "minesweeper")["kinds"][cursor]
    shown = act(page, "minesweeper", lambda: board.press("f"))
    assert {before, shown["kinds"][cursor]} == {"hidden", "flag"}
    shown = act(page, "minesweeper", lambda: board.press("f"))
    assert shown["kinds"][cursor] == before
    # then open every safe cell: a win
    end = play_to_the_end(
        page, widget, "minesweeper", "ms",
        lambda s: next(i for i in s["playable"] if i not in mines and s["kinds"][i] == "hidden"),
        lambda index: cell(index).click())
    assert end["status"] == "You won! Every safe cell is open."


def test_puyopuyo_with_the_buttons(page):
    widget = start(page, "puyopuyo", "puyo", "puyo = games.play('puyopuyo', seed=2)")
    def button(label):
        return widget.locator(f"button[data-id='{label}']")

    def ghost():
        return page.evaluate(
            "() => [...document.querySelectorAll('.gail-play[data-game=puyopuyo] .gail-ghost')]"
            ".map((n, i) => n.className.includes('gail-puyo') ? i : null).filter(i => i !== null)")

    assert ghost() == [2, 8]  # the pair stands above column 2
    act(page, "puyopuyo", lambda: button("right").click())
    assert ghost() == [3, 9]
    act(page, "puyopuyo", lambda: button("rotate").click())  # the second puyo to the left
    assert ghost() == [8, 9]
    act(page, "puyopuyo", lambda: button("left").click())
    assert ghost() == [7, 8]
    shown = act(page, "puyopuyo", lambda: button("drop").click())
    assert [shown["kinds"][66 + c] != "empty" for c in range(6)] == [False, True, True, False, False, False]
    check_board(page, "puyopuyo", "puyo", shown)
    # the keyboard: → moves, Enter drops
    board = widget.locator(".gail-board")
    board.focus()
    act(page, "puyopuyo", lambda: board.press("ArrowRight"))
    assert ghost() == [3, 9]
    shown = act(page, "puyopuyo", lambda: board.press("Enter"))
    check_board(page, "puyopuyo", "puyo", shown)
    screenshot(widget, "puyopuyo")
    # drop, drop, ... until the well is full; a pair that does not fit upright is turned first
    for _ in range(80):
        if shown["over"]:
            break
        if shown["message"]:
            assert "does not fit" in shown["message"] or "is blocked" in shown["message"], shown["message"]
            act(page, "puyopuyo", lambda: button("rotate").click())
        shown = act(page, "puyopuyo", lambda: button("drop").click())
        check_board(page, "puyopuyo", "puyo", shown)
    assert shown["status"].startswith("Game over: score")
    screenshot(widget, "puyopuyo_end")
