"""Puyo Puyo on the click-to-play board: move and rotate the pair above the well, then drop it.

The well's size, the spawn cell, the colour letters, where the second puyo sits for each
rotation and which placements fit all come from the engine (``games.envs.puyopuyo``).
"""

from ...envs.puyopuyo import ACTION_OF, COLOUR_LETTERS, COLUMNS, ROTATION_NAMES, ROWS, SECOND_AT, SPAWN_CELL, \
    SPAWN_COLUMN
from ...messages import tr
from .base import Controller


class PuyoController(Controller):
    """Choose the column and the rotation of the pair with buttons (or by clicking a column,
    or with the arrow keys), then drop it."""

    layout = "puyo"
    CELL_PX = 34
    target = "column"
    START = (SPAWN_COLUMN, 1)  # the pair appears above the spawn column, the second puyo on top

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
        """Does the pair lie inside the well's columns (a placement of the engine's list)?"""
        return (column, rotation) in ACTION_OF

    def select(self, column, rotation):
        """Put the pair over ``column`` with ``rotation``, moved inwards if it would stick out."""
        if not isinstance(column, int) or not 0 <= column < COLUMNS:
            return
        if not self.fits(column, rotation):
            column -= SECOND_AT[rotation][1]  # the second puyo would stick out: move the pair in
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
        cells = [{"kind": f"puyo{v}" if v else ("spawn" if i == SPAWN_CELL else "empty"),
                  "text": COLOUR_LETTERS[v] if v else ("×" if i == SPAWN_CELL else ""), "title": ""}
                 for i, v in enumerate(board)]
        highlight = []
        if env.last_placement is not None and env.chain == 0:
            highlight = list(env.last_placement[2])
        pivot, second = env.pair
        ghost = [{"kind": "empty", "text": ""} for _ in range(2 * COLUMNS)]  # two rows above the well
        if not self.over:
            d_row, d_col = SECOND_AT[self.rotation]
            row = 0 if d_row > 0 else 1  # the pivot's row in the ghost strip: the top one when the second is below
            ghost[row * COLUMNS + self.column] = {"kind": f"puyo{pivot}", "text": COLOUR_LETTERS[pivot]}
            ghost[(row + d_row) * COLUMNS + self.column + d_col] = {"kind": f"puyo{second}",
                                                                    "text": COLOUR_LETTERS[second]}
        legal = set(env.legal_actions())
        targets = {c: self.action_now(c) for c in range(COLUMNS)}
        playable = [] if self.over else [c for c in range(COLUMNS) if self.fits(c, self.rotation)]
        return {"rows": ROWS, "cols": COLUMNS, "cells": cells, "playable": playable, "highlight": highlight,
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
