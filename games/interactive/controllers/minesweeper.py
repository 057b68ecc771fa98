"""Minesweeper on the click-to-play board: click to open, flags kept by the board itself."""

from ...envs.minesweeper import HIDDEN, MINE
from ...errors import GamesError
from ...messages import tr
from .base import Controller


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
            if value == MINE:
                kind = "mine-exploded" if cell == exploded else ("flag" if cell in self.flags else "mine")
                cells.append({"kind": kind, "text": "⚑" if kind == "flag" else "✹", "title": title})
            elif value != HIDDEN:
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
