"""What ``games.play`` shows and does, game by game, with no widget code in it.

A *controller* holds one game (an env from ``games.make``) and knows who plays which side.
It turns the position into a *view*: a plain dict of strings, numbers and lists that the
widget's JavaScript only draws. And it turns what the student does in the widget (an
*event*, such as ``{"event": "click", "target": 4}``) into ``env.step`` calls.

All the game logic stays in Python, in the env: a click is played with ``env.step``, so an
illegal click gets the same message as ``step`` and changes nothing; the AI is asked with
``env.ask(agent)``, as the arena asks it. Everything here runs on plain CPython (the tests
drive it directly), and the widget (``widget.py``) is a thin layer on top.
"""

import math

import numpy as np

from ..errors import GamesError
from ..messages import tr
from ..render.othello import colour_name
from ..render.tictactoe import MARKS

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


def agent_name(agent):
    return getattr(agent, "name", None) or getattr(agent, "__name__", None) or type(agent).__name__


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


# ---------------------------------------------------------------------- two-player games

class TwoPlayerController(Controller):
    """Tic-tac-toe, Connect Four and Othello: the student against an agent, or two students.
    Each game's class below says how its board looks: KINDS and TEXTS of the two sides,
    side_name, grid, and what its board is called."""

    KINDS = ("x", "o")
    TEXTS = ("", "")

    def side_name(self, player):
        raise NotImplementedError

    def grid(self):
        """(rows, cols, cells row by row: 0 empty, 1 player 0, 2 player 1)."""
        raise NotImplementedError

    def playable_targets(self):
        """The cells (or columns) the student may click now: the legal actions, pass aside."""
        if self.over or self.thinking or self.ai_turn():
            return []
        return [a for a in self.env.legal_actions() if a != getattr(self.env, "pass_action", None)]

    def highlighted(self):
        env, last = self.env, self.env.last_action
        if last is None or last == getattr(env, "pass_action", None):
            return []
        return [self.cell_of_action(last)]

    def cell_of_action(self, action):
        return action

    def board_view(self):
        rows, cols, cells = self.grid()
        shown = []
        for index, value in enumerate(cells):
            row, col = divmod(index, cols)
            title = self.cell_title(index, row, col)
            if value:
                shown.append({"kind": self.KINDS[value - 1], "text": self.TEXTS[value - 1],
                              "title": title})
            else:
                shown.append({"kind": "empty", "text": "", "title": title})
        playable = self.playable_targets()
        return {"rows": rows, "cols": cols, "cells": shown, "playable": playable,
                "highlight": self.highlighted(), "marked": list(getattr(self.env, "flipped", [])),
                "q": self.q_view({target: target for target in playable})}

    def cell_title(self, index, row, col):
        return tr(en="square {index} (row {row}, column {col})", ja="マス {index}（{row} 行 {col} 列）",
                  index=index, row=row, col=col)

    def status(self):
        if self.over:
            return self.result()
        player = self.env.current_player
        if self.opponent is None:
            return tr(en="{side} to move", ja="{side}の番", side=self.side_name(player).capitalize())
        if self.thinking or self.ai_turn():
            return tr(en="The AI ({side}) is thinking…", ja="AI（{side}）が考えています…",
                      side=self.side_name(player))
        return tr(en="Your move: you play {side}", ja="あなたの番です（あなたは{side}）", side=self.side_name(player))

    def result(self):
        winner = self.env.winner
        if winner is None:
            return tr(en="Draw.", ja="引き分けです。")
        if self.opponent is None:
            return tr(en="{side} wins!", ja="{side}の勝ち！", side=self.side_name(winner).capitalize())
        if winner == self.you:
            return tr(en="You win!", ja="あなたの勝ち！")
        return tr(en="The AI wins.", ja="AI の勝ちです。")

    def board_name(self):
        raise NotImplementedError

    def board_label(self):
        return tr(en="{name} board: choose a square", ja="{name}の盤: マスを選ぶ", name=self.board_name())


class TicTacToeController(TwoPlayerController):
    TEXTS = ("X", "O")
    CELL_PX = 72

    def side_name(self, player):
        return MARKS[player]

    def grid(self):
        return 3, 3, list(self.env.board)

    def board_name(self):
        return tr(en="Tic-tac-toe", ja="三目並べ")


class ConnectFourController(TwoPlayerController):
    target = "column"
    KINDS = ("red", "yellow")
    CELL_PX = 54

    def side_name(self, player):
        return tr(en="red", ja="赤") if player == 0 else tr(en="yellow", ja="黄")

    def grid(self):
        return self.env.rows, self.env.columns, list(self.env.cells)

    def cell_of_action(self, column):
        """The cell the last disc fell into: the top one of its column."""
        env = self.env
        return (env.rows - env.heights[column]) * env.columns + column

    def cell_title(self, index, row, col):
        return tr(en="column {col}", ja="{col} 列", col=col)

    def board_label(self):
        return tr(en="Connect Four board: choose a column", ja="四目並べの盤: 列を選ぶ")


class OthelloController(TwoPlayerController):
    KINDS = ("black", "white")

    def side_name(self, player):
        return colour_name(player)

    def grid(self):
        return self.env.size, self.env.size, list(self.env.cells)

    def forced_move(self):
        env = self.env
        if env.legal_actions() == [env.pass_action]:
            player = env.current_player
            self.play(env.pass_action)
            self.say(tr(en="{side} has no move and passes.", ja="{side}は置ける場所がないのでパスです。",
                        side=self.side_name(player).capitalize()))
            return True
        return False

    def result(self):
        return super().result() + " " + self.disc_count()

    def cell_px(self):
        return 46 if self.env.size == 8 else super().cell_px()

    def disc_count(self):
        return tr(en="Black {black}, white {white}", ja="黒 {black}、白 {white}",
                  black=self.env.disc_count(0), white=self.env.disc_count(1))

    def side_lines(self):
        return [self.disc_count()]

    def board_name(self):
        return tr(en="Othello", ja="オセロ")


# ---------------------------------------------------------------------- Minesweeper

class MinesweeperController(Controller):
    """Click to reveal; right-click, long-press, F or the flag mode to put a flag (the
    flags are the widget's own: the env has none)."""

    def new_game(self, seed=None):
        self.flags = set()
        self.flag_mode = False
        super().new_game(seed)

    def on_event(self, name, event):
        if name == "flag":
            self.toggle_flag(event.get("target"))
        elif name == "flag_mode":
            self.flag_mode = not self.flag_mode
        elif name == "click" and self.flag_mode:
            self.toggle_flag(event.get("target"))
        elif name == "click" and self.cell_of(event.get("target")) in self.flags:
            row, col = self.env.to_cell(event.get("target"))
            self.say(tr(en="Cell ({row}, {col}) has a flag: take the flag away first (right-click or "
                           "long-press it again).",
                        ja="マス ({row}, {col}) には旗が立っています。先に旗を外してください"
                           "（もう一度右クリックか長押し）。", row=row, col=col), "error")
        else:
            super().on_event(name, event)

    def cell_of(self, target):
        """The clicked cell's action, or None for a target off the board."""
        try:
            return self.checked_cell(target)
        except GamesError:
            return None

    def checked_cell(self, target):
        """The clicked cell's action; for a target off the board, the env's own message."""
        return self.env.to_action(*self.env.to_cell(target))

    def toggle_flag(self, target):
        cell = self.checked_cell(target)
        if self.env.number(cell) is not None:
            row, col = self.env.to_cell(cell)
            self.say(tr(en="Cell ({row}, {col}) is open: only hidden cells take a flag.",
                        ja="マス ({row}, {col}) は開いています。旗を立てられるのは開いていないマスだけです。",
                        row=row, col=col), "error")
        else:
            self.flags ^= {cell}

    def play(self, action):
        super().play(action)
        self.flags -= {c for c in self.flags if self.env.number(c) is not None}  # opened by an area

    def board_view(self):
        env = self.env
        seen = env.board.ravel().tolist()
        exploded = env.last_action if env.won is False else None
        cells = []
        for cell, value in enumerate(seen):
            row, col = divmod(cell, env.cols)
            title = tr(en="cell ({row}, {col})", ja="マス ({row}, {col})", row=row, col=col)
            if value == 9:
                kind = "mine-exploded" if cell == exploded else ("flag" if cell in self.flags else "mine")
                cells.append({"kind": kind, "text": "⚑" if kind == "flag" else "✹", "title": title})
            elif value >= 0:
                cells.append({"kind": f"open{value}", "text": str(value) if value else "", "title": title})
            elif cell in self.flags:
                wrong = self.over  # at the end, a flag left on a hidden cell was not on a mine
                cells.append({"kind": "flag-wrong" if wrong else "flag", "text": "⚑", "title": title})
            else:
                cells.append({"kind": "hidden", "text": "", "title": title})
        playable = env.legal_actions()  # empty once the game is over
        return {"rows": env.rows, "cols": env.cols, "cells": cells, "playable": playable,
                "highlight": [] if env.last_action is None else [env.last_action], "marked": [],
                "flags": sorted(self.flags), "flag_mode": self.flag_mode,
                "q": self.q_view({c: c for c in playable if c not in self.flags})}

    def buttons(self):
        buttons = super().buttons()
        buttons.insert(1, {"id": "flag_mode", "text": tr(en="⚑ Flag mode", ja="⚑ 旗モード"),
                           "title": tr(en="When on, a click puts or takes away a flag",
                                       ja="オンのとき、クリックで旗を立てる・外す"),
                           "pressed": self.flag_mode, "event": {"event": "flag_mode"}, "disabled": bool(self.over)})
        return buttons

    def status(self):
        if self.over:
            return self.result()
        return tr(en="Mines: {mines} · flags: {flags} · safe cells left: {left}",
                  ja="地雷 {mines} 個・旗 {flags} 本・残りの安全なマス {left}",
                  mines=self.env.mines, flags=len(self.flags), left=self.env.safe_cells_left)

    def result(self):
        if self.env.won:
            return tr(en="You won! Every safe cell is open.", ja="クリア！安全なマスを全部開けました。")
        return tr(en="Boom! That was a mine.", ja="ドカン！地雷でした。")

    def cell_px(self):
        return 38 if self.env.cols <= 16 else 30

    def board_label(self):
        return tr(en="Minesweeper board: click a cell to open it; right-click or long-press puts a flag",
                  ja="マインスイーパーの盤: クリックで開く、右クリックか長押しで旗")

    def keys_help(self):
        return tr(en="Keyboard: arrows choose, Enter or Space opens, F puts a flag.",
                  ja="キーボード: 矢印キーで選び、Enter かスペースで開く、F で旗。")


# ---------------------------------------------------------------------- Puyo Puyo

# Where the second puyo is, seen from the pivot, for each rotation (0 right, 1 up, 2 left, 3 down).
SECOND = {0: (0, 1), 1: (-1, 0), 2: (0, -1), 3: (1, 0)}
ROTATION_NAMES = {0: ("right", "右"), 1: ("up", "上"), 2: ("left", "左"), 3: ("down", "下")}


class PuyoController(Controller):
    """Choose the column and the rotation of the pair with buttons (or by clicking a column,
    or with the arrow keys), then drop it."""

    layout = "puyo"
    CELL_PX = 34
    target = "column"
    START = (2, 1)  # the pair appears above column 2, the second puyo on top

    def new_game(self, seed=None):
        self.column, self.rotation = self.START
        self.longest_chain = 0
        super().new_game(seed)

    def on_event(self, name, event):
        if name == "click":
            self.select(event.get("target"), self.rotation)
        elif name == "move":
            step = event.get("by")
            if step in (-1, 1) and self.fits(self.column + step, self.rotation):
                self.column += step
        elif name == "rotate":
            self.select(self.column, (self.rotation + 1) % 4)
        elif name == "drop":
            self.play((self.column, self.rotation))
        else:
            super().on_event(name, event)

    @staticmethod
    def fits(column, rotation):
        """Does the pair lie inside the six columns?"""
        return 0 <= column < 6 and 0 <= column + SECOND[rotation][1] < 6

    def select(self, column, rotation):
        """Put the pair over ``column`` with ``rotation``, moved inwards if it would stick out."""
        if not isinstance(column, int) or not 0 <= column < 6:
            return
        if not self.fits(column, rotation):
            column -= SECOND[rotation][1]  # the second puyo would stick out: move the pair in
        self.column, self.rotation = column, rotation

    def play(self, action):
        super().play(action)
        self.longest_chain = max(self.longest_chain, self.env.chain)
        self.column, self.rotation = self.START

    def action_now(self, column):
        """The action of placing the pair over ``column`` with the rotation chosen now (or None)."""
        if not self.fits(column, self.rotation):
            return None
        return self.env.placement_to_action(column, self.rotation)

    def board_view(self):
        env = self.env
        board = env.board.ravel().tolist()
        cells = [{"kind": f"puyo{v}" if v else ("spawn" if i == 2 else "empty"),
                  "text": ".RGBYP"[v] if v else ("×" if i == 2 else ""), "title": ""} for i, v in enumerate(board)]
        highlight = []
        if env.last_placement is not None and env.chain == 0:
            highlight = list(env.last_placement[2])
        pivot, second = env.pair
        ghost = [{"kind": "empty", "text": ""} for _ in range(12)]  # two rows of six above the well
        if not self.over:
            row = 0 if self.rotation == 3 else 1  # the pivot's row in the ghost strip
            d_row, d_col = SECOND[self.rotation]
            ghost[row * 6 + self.column] = {"kind": f"puyo{pivot}", "text": ".RGBYP"[pivot]}
            ghost[(row + d_row) * 6 + self.column + d_col] = {"kind": f"puyo{second}", "text": ".RGBYP"[second]}
        legal = set(env.legal_actions())
        targets = {c: self.action_now(c) for c in range(6)}
        playable = [] if self.over else [c for c in range(6) if self.fits(c, self.rotation)]
        return {"rows": 12, "cols": 6, "cells": cells, "playable": playable, "highlight": highlight,
                "marked": [], "ghost": ghost, "column": self.column, "rotation": self.rotation,
                "pair": list(env.pair), "next": [list(p) for p in env.next_pairs],
                "q": self.q_view({c: a for c, a in targets.items() if a in legal})}

    def buttons(self):
        off = bool(self.over)
        english, japanese = ROTATION_NAMES[self.rotation]
        return [
            {"id": "left", "text": "◀", "title": tr(en="Move the pair left", ja="ぷよを左へ"),
             "event": {"event": "move", "by": -1}, "disabled": off},
            {"id": "rotate", "text": "⟲", "title": tr(en="Rotate the pair (the second puyo is {where} now)",
                                                      ja="ぷよを回す（いまは 2 つめが{where}）",
                                                      where=tr(en=english, ja=japanese)),
             "event": {"event": "rotate"}, "disabled": off},
            {"id": "right", "text": "▶", "title": tr(en="Move the pair right", ja="ぷよを右へ"),
             "event": {"event": "move", "by": 1}, "disabled": off},
            {"id": "drop", "text": tr(en="▼ Drop", ja="▼ 落とす"), "title": tr(en="Drop the pair here",
                                                                           ja="ここに落とす"),
             "event": {"event": "drop"}, "disabled": off},
        ] + super().buttons()

    def side_lines(self):
        env = self.env
        return [tr(en="Score {score:,}", ja="スコア {score:,}", score=env.score),
                tr(en="Chain {chain} (longest {longest})", ja="連鎖 {chain}（最長 {longest}）",
                   chain=env.chain, longest=self.longest_chain)]

    def status(self):
        if self.over:
            return self.result()
        if self.env.chain >= 2:
            return tr(en="{chain}-chain!", ja="{chain} 連鎖！", chain=self.env.chain)
        return tr(en="Column {column}, rotation {rotation}: drop it, or move it first.",
                  ja="列 {column}、回転 {rotation}。このまま落とすか、先に動かそう。",
                  column=self.column, rotation=self.rotation)

    def result(self):
        return tr(en="Game over: score {score:,}, longest chain {chain}.",
                  ja="ゲームオーバー: スコア {score:,}、最長 {chain} 連鎖。",
                  score=self.env.score, chain=self.longest_chain)

    def board_label(self):
        return tr(en="Puyo Puyo well: choose a column", ja="ぷよぷよのフィールド: 列を選ぶ")

    def keys_help(self):
        return tr(en="Keyboard: ← → move, ↑ rotates, ↓ or Enter drops.",
                  ja="キーボード: ← → で動かす、↑ で回す、↓ か Enter で落とす。")


CONTROLLERS = {"tictactoe": TicTacToeController, "connectfour": ConnectFourController,
               "othello": OthelloController, "minesweeper": MinesweeperController,
               "puyopuyo": PuyoController}
