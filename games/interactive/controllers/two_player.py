"""The part tic-tac-toe, Connect Four and Othello share: two sides, a grid, whose turn it is."""

from ...messages import tr
from ...render.sides import side_name
from .base import Controller


class TwoPlayerController(Controller):
    """Tic-tac-toe, Connect Four and Othello: the student against an agent, or two students.
    Each game's class (in its own module) says how its board looks: KINDS and TEXTS of the
    two sides, grid, and what its board is called; its sides are named as its board shows
    them (``render.sides``)."""

    KINDS = ("x", "o")
    TEXTS = ("", "")

    def side_name(self, player):
        return side_name(self.env.name, player)

    def grid(self):
        """(rows, cols, cells row by row: 0 empty, 1 player 0, 2 player 1)."""
        raise NotImplementedError

    def playable_targets(self):
        """The cells (or columns) the student may click now: the legal actions."""
        if self.over or self.thinking or self.ai_turn():
            return []
        return self.env.legal_actions()

    def highlighted(self):
        last = self.env.last_action
        return [] if last is None else [self.cell_of_action(last)]

    def marked(self):
        """Cells with a small mark (Othello: the discs the last move flipped)."""
        return []

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
                "highlight": self.highlighted(), "marked": self.marked(),
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
