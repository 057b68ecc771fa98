"""What ``games.play`` shows and does, with no widget code in it: the part every game shares.

A *controller* holds one game (an env from ``games.make``) and knows who plays which side.
It turns the position into a *view*: a plain dict of strings, numbers and lists that the
widget's JavaScript only draws. And it turns what the student does in the widget (an
*event*, such as ``{"event": "click", "target": 4}``) into ``env.step`` calls.

All the game logic stays in Python, in the env: a click is played with ``env.step``, so an
illegal click gets the same message as ``step`` and changes nothing; the AI is asked with
``env.ask(agent)``, as the arena asks it. Everything here runs on plain CPython (the tests
drive it directly), and the widget (``widget.py``) is a thin layer on top.

Each game's controller is in its own module of this package, as in ``envs/`` and ``agents/``.
"""

import math

import numpy as np

from ...arena import agent_name
from ...errors import GamesError
from ...messages import tr

# The events the JavaScript sends. Anything else is ignored (a newer page, an older kernel).
EVENTS = ("click", "flag", "new_game", "ai_move", "flag_mode", "move", "rotate", "drop")

# Q-value colours, from the lowest legal value to the highest: red, yellow, green.
Q_STOPS = ((0.0, (239, 138, 128)), (0.5, (250, 222, 120)), (1.0, (120, 200, 120)))


def q_colour(fraction):
    """The colour (``#rrggbb``) of a value at ``fraction`` (0 lowest .. 1 highest) of the range."""
    fraction = min(1.0, max(0.0, fraction))
    for (start, low), (end, high) in zip(Q_STOPS, Q_STOPS[1:]):
        if fraction <= end:
            t = (fraction - start) / (end - start)
            return "#" + "".join(f"{round(a + (b - a) * t):02x}" for a, b in zip(low, high))
    return "#" + "".join(f"{c:02x}" for c in Q_STOPS[-1][1])


def format_q(value):
    """A Q-value as a short text: 0.53, -0.07, 1,240 (Puyo Puyo's values are large)."""
    return f"{value:,.0f}" if abs(value) >= 100 else f"{value:.2f}"


class Controller:
    """The part every game shares: new games, whose turn it is, the AI's answers, messages."""

    layout = "grid"  # how the JavaScript draws the board: "grid" or "puyo"
    target = "cell"  # what a click names: a "cell" (row * cols + col) or a "column"

    def __init__(self, env, opponent=None, q_agent=None, first="you", seed=None):
        self.env = env
        self.opponent = opponent
        self.q_agent = q_agent
        self.you = 0 if first == "you" else 1  # the student's side (two-player games)
        self.thinking = False
        self.new_game(seed)

    # ------------------------------------------------------------------ state
    def new_game(self, seed=None):
        self.env.reset(seed=seed)
        self.moves = 0
        self.message, self.message_kind = "", ""
        self._q = None  # the Q-values of the current position, computed when first shown

    def say(self, message, kind="info"):
        self.message, self.message_kind = message, kind

    @property
    def over(self):
        return self.env.terminated

    def ai_turn(self):
        """True while the opponent (the AI) is to move."""
        return (self.opponent is not None and not self.env.terminated
                and self.env.current_player != self.you)

    # ------------------------------------------------------------------ events
    def handle(self, event):
        """Do what one event asks. A refused event leaves the game as it was and says why."""
        if not isinstance(event, dict) or event.get("event") not in EVENTS:
            return
        name = event["event"]
        try:
            if name == "new_game":
                self.new_game()
            elif self.over and name not in ("flag_mode",):
                self.say(tr(en="The game is over: press “New game” to play again.",
                            ja="このゲームは終わりました。もう一度遊ぶには「新しいゲーム」を押してください。"), "error")
            elif self.thinking or self.ai_turn():
                self.say(tr(en="Wait a moment: it is the AI's turn.", ja="少し待ってください。AI の番です。"), "error")
            else:
                self.message, self.message_kind = "", ""
                self.on_event(name, event)
        except GamesError as error:  # an illegal click: the same message as env.step gives
            self.say(str(error), "error")

    def on_event(self, name, event):
        if name == "click":
            self.click(event.get("target"))
        elif name == "ai_move":
            self.ai_move()

    def click(self, target):
        self.play(target)  # the cell (row * cols + col) or the column is the action

    def play(self, action):
        """``env.step(action)``: raises the env's own error (the game unchanged) when illegal."""
        self.env.step(action)
        self.moves += 1
        self._q = None

    def ai_move(self):
        """Play the move the Q agent would play (the "AI's move" button of one-player games)."""
        if self.q_agent is not None:
            self.play_agent(self.q_agent)

    def play_agent(self, agent):
        """Ask ``agent`` for a move (as the arena asks) and play it. True when one was played."""
        try:
            action = self.env.ask_legal(agent)
        except GamesError as error:  # an illegal answer: the env's own message
            self.say(str(error), "error")
            return False
        except Exception as error:  # noqa: BLE001 - a bug in an agent must not break the widget
            self.say(tr(en="The AI agent {name} failed: {kind}: {error}",
                        ja="AI のエージェント {name} でエラーが起きました: {kind}: {error}",
                        name=agent_name(agent), kind=type(error).__name__, error=error), "error")
            return False
        self.play(action)
        return True

    def advance(self, publish=lambda: None):
        """Let the AI answer (and play forced moves) until the student is to move again.

        ``publish()`` is called before each AI move, so that the widget shows the student's
        move (and "the AI is thinking") while the AI thinks.
        """
        while not self.over:
            if self.ai_turn():
                self.thinking = True
                publish()
                try:
                    played = self.play_agent(self.opponent)
                finally:
                    self.thinking = False
                if not played:
                    return
            elif not self.forced_move():
                return

    def forced_move(self):
        """Play a move the student cannot choose (Othello's pass); True when one was played."""
        return False

    # ------------------------------------------------------------------ Q-values
    def q_values(self):
        """The Q agent's values of every action now (nan: illegal), or None when not shown."""
        if self.q_agent is None or self.over or self.thinking or self.ai_turn():
            return None
        if self._q is None:
            self._q = np.asarray(self.q_agent.q_values(self.env.clone()), dtype=float)
        return self._q

    def q_view(self, targets):
        """``{target: {"value", "text", "colour"}}`` for ``targets`` ({target: action})."""
        q = self.q_values()
        if q is None:
            return {}
        values = {t: float(q[a]) for t, a in targets.items()
                  if a is not None and 0 <= a < len(q) and math.isfinite(q[a])}
        if not values:
            return {}
        low, high = min(values.values()), max(values.values())
        shown = {}
        for target, value in values.items():
            fraction = 0.5 if high == low else (value - low) / (high - low)
            shown[str(target)] = {"value": value, "text": format_q(value), "colour": q_colour(fraction)}
        return shown

    # ------------------------------------------------------------------ the view
    def view(self):
        view = {
            "game": self.env.name, "layout": self.layout, "target": self.target,
            "over": bool(self.over), "thinking": self.thinking, "moves": self.moves,
            "message": self.message, "message_kind": self.message_kind,
            "status": self.status(), "result": self.result() if self.over else "",
            "buttons": self.buttons(), "side": self.side_lines(),
            "cell_px": self.cell_px(),
            "labels": {"board": self.board_label(), "keys": self.keys_help(),
                       "column": tr(en="column", ja="列"),
                       "q": tr(en="Colours: the Q-values of {name} (green high, red low)",
                               ja="色: {name} の Q 値(緑は高い、赤は低い)", name=agent_name(self.q_agent))
                       if self.q_agent is not None else ""},
        }
        view.update(self.board_view())
        return view

    def buttons(self):
        buttons = [{"id": "new_game", "text": tr(en="New game", ja="新しいゲーム"), "event": {"event": "new_game"}}]
        if self.q_agent is not None and self.opponent is None:
            buttons.append({"id": "ai_move", "text": tr(en="AI's move", ja="AI の手"),
                            "title": tr(en="Let {name} play one move", ja="{name} に 1 手打ってもらう",
                                        name=agent_name(self.q_agent)),
                            "event": {"event": "ai_move"}, "disabled": bool(self.over)})
        return buttons

    def side_lines(self):
        return []

    CELL_PX = 48

    def cell_px(self):
        """The side of a cell in pixels: big enough for a finger, small enough for the page."""
        return self.CELL_PX

    def keys_help(self):
        return tr(en="Keyboard: arrows choose, Enter or Space plays.",
                  ja="キーボード: 矢印キーで選び、Enter かスペースで打つ。")
