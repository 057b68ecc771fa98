"""Minesweeper (マインスイーパー), one player.

Description
    Mines are hidden under some cells of a grid. Reveal a cell: if it is a mine you lose;
    otherwise it shows how many of its 8 neighbours are mines (0 to 8). A 0 opens its
    whole area at once (every neighbour of a 0 is safe, so it is revealed too, and so on).
    You win when every safe cell is revealed. There are no flags here: an agent keeps
    track of the mines it has worked out by itself.

    The mines are placed at your first click (the first reveal), so the first click can
    be protected (option ``first_click``).

Action Space
    ``Discrete(rows * cols)``: ``action = row * cols + col`` reveals that cell
    (``step`` also accepts a ``(row, col)`` tuple). Only hidden cells are legal
    (``info["action_mask"]``).

Observation Space
    ``int8`` array of shape ``(rows, cols)``, what a player sees:
    -1 a hidden cell, 0 .. 8 a revealed cell and its number. During the game mines
    never appear. Once the game has ended, every mine is shown as 9
    (on a loss, the mine you clicked is ``env.last_action``); other hidden cells stay -1.

Rewards
    ``reward="win"`` (default): +1 when you win, -1 when you reveal a mine, 0 otherwise.
    ``reward="progress"``: the same, plus, for each step, (newly revealed safe cells) /
    (all safe cells), so a won game earns 1 from progress + 1 for the win. Useful for DQN.
    With ``illegal="lose"``: -1 for an illegal action (and the game ends, ``info["won"]`` False).

Starting State
    Every cell hidden, no mine placed yet. The mine layout depends only on the ``reset``
    seed (and on the first click for ``"safe"`` and ``"zero"``), never on random draws an
    agent makes: the same seed and the same first click give the same mines.

Episode End
    You reveal a mine (``info["won"]`` is False) or every safe cell (``info["won"]`` is
    True). There is no truncation.

Arguments
    ``games.make("minesweeper", preset="beginner", rows=None, cols=None, mines=None,
    first_click="safe", reward="win", illegal="raise", seed=None)``

    - ``preset``: ``"beginner"`` (9 × 9, 10 mines), ``"intermediate"`` (16 × 16, 40) or
      ``"expert"`` (16 rows × 30 columns, 99). ``rows``, ``cols``, ``mines`` given
      explicitly replace the preset's values (rows and cols 1 to 99).
    - ``first_click``: ``"safe"`` (the first revealed cell is never a mine),
      ``"zero"`` (the first cell and its neighbours are mine-free, so it opens an area;
      needs a board with at least that many safe cells, else an error says how many mines
      fit) or ``"any"`` (no protection: the first click can be a mine).
    - ``reward``: ``"win"`` or ``"progress"`` (see Rewards).
    - ``illegal``: ``"raise"`` (an error that lists the legal actions) or ``"lose"``.
    - ``seed``: the seed of ``reset``.

Helpers (read-only)
    ``env.neighbours(action)``, ``env.number(action)`` (the revealed number or None),
    ``env.board`` (the observation), ``env.hidden_count``, ``env.safe_cells_left``,
    ``env.mines``, ``env.to_cell(action)``, ``env.to_action(row, col)``.
    Note: ``clone()`` copies the hidden mines too, so looking ahead with a clone is
    cheating in this game (an honest agent uses only the observation).
"""

import numpy as np

from ..errors import IllegalActionError
from ..messages import tr
from ..render.minesweeper import draw_minesweeper
from .base import Env
from .values import choice_option, whole_option

HIDDEN = -1  #: a hidden cell in the observation
MINE = 9  #: a mine in the observation (only once the game has ended)
PRESETS = {"beginner": (9, 9, 10), "intermediate": (16, 16, 40), "expert": (16, 30, 99)}
FIRST_CLICKS = ("safe", "zero", "any")
REWARDS = ("win", "progress")
MAX_SIDE = 99


class Minesweeper(Env):
    __doc__ = __doc__

    name = "minesweeper"
    num_players = 1

    def __init__(self, *, preset="beginner", rows=None, cols=None, mines=None, first_click="safe",
                 reward="win", illegal="raise", seed=None, opponent=None):
        preset = choice_option("preset", preset, tuple(PRESETS), means=tr(
            en="beginner 9×9, intermediate 16×16, expert 16×30", ja="初級 9×9、中級 16×16、上級 16×30"))
        preset_rows, preset_cols, preset_mines = PRESETS[preset]
        rows = whole_option("rows", preset_rows if rows is None else rows, 1, MAX_SIDE)
        cols = whole_option("cols", preset_cols if cols is None else cols, 1, MAX_SIDE)
        first_click = choice_option("first_click", first_click, FIRST_CLICKS)
        reward = choice_option("reward", reward, REWARDS, means=tr(
            en="'progress' also gives a small reward for each safe cell revealed",
            ja="'progress' は安全なマスを開けるたびにも少し報酬"))
        cells = rows * cols
        # Safe cells the board needs: 1 (a game one can win), or the 3 × 3 block kept free
        # around a "zero" first click (smaller on boards thinner than 3).
        kept_free = {"any": 1, "safe": 1, "zero": min(rows, 3) * min(cols, 3)}[first_click]
        mines = whole_option("mines", preset_mines if mines is None else mines, 0, cells - kept_free, means=tr(
            en="the mines that fit on a {rows}×{cols} board with first_click={first!r}",
            ja="{rows}×{cols} の盤で first_click={first!r} のときに入る地雷の数",
            rows=rows, cols=cols, first=first_click))
        self.rows, self.cols, self.mines = rows, cols, mines
        self.first_click = first_click
        self.reward_scheme = reward
        self.num_actions = cells
        self._neighbours = tuple(self._cells_around(cell) for cell in range(cells))
        super().__init__(opponent=opponent, illegal=illegal, seed=seed)

    def _cells_around(self, cell):
        row, col = divmod(cell, self.cols)
        return tuple(r * self.cols + c
                     for r in range(max(row - 1, 0), min(row + 2, self.rows))
                     for c in range(max(col - 1, 0), min(col + 2, self.cols))
                     if (r, c) != (row, col))

    # ------------------------------------------------------------------ the game
    def _new_game(self):
        # The layout gets its own seed, drawn now: random draws an agent makes from
        # np_random later cannot change where the mines go.
        self._layout_seed = int(self.np_random.integers(1 << 62))
        self._mine = None  # a tuple of bools, set at the first click
        self._numbers = None  # the number of every cell, set with the mines
        self._view = [HIDDEN] * self.num_actions  # what the player sees
        self._mines_unknown = False  # True in a player_view(): the mines were left out
        self._safe_hidden = self.num_actions - self.mines
        self._won = None

    def _place_mines(self, first):
        """Choose the mines uniformly among the cells the first_click rule allows."""
        if self.first_click == "any":
            kept_free = set()
        elif self.first_click == "safe":
            kept_free = {first}
        else:
            kept_free = {first, *self._neighbours[first]}
        allowed = [cell for cell in range(self.num_actions) if cell not in kept_free]
        rng = np.random.default_rng(self._layout_seed)
        chosen = rng.choice(len(allowed), size=self.mines, replace=False)
        mine = [False] * self.num_actions
        numbers = [0] * self.num_actions
        for index in chosen:
            mine[allowed[index]] = True
            for neighbour in self._neighbours[allowed[index]]:  # each mine adds 1 around it
                numbers[neighbour] += 1
        self._mine = tuple(mine)  # tuples never change, so clones may share them
        self._numbers = tuple(numbers)

    def _legal_actions(self):
        return [cell for cell, seen in enumerate(self._view) if seen == HIDDEN]

    def _is_legal(self, action):
        return self._view[action] == HIDDEN

    def _why_illegal(self, action):
        row, col = divmod(action, self.cols)
        return tr(en="Cell ({row}, {col}) (action {action}) is already open.",
                  ja="マス ({row}, {col})（行動 {action}）はもう開いています。",
                  row=row, col=col, action=action)

    PAIR_EXAMPLE = {"en": "a (row, col) tuple such as (2, 5)", "ja": "(行, 列) のタプル（例: (2, 5)）"}

    def action_of_pair(self, row, col):
        if 0 <= row < self.rows and 0 <= col < self.cols:
            return row * self.cols + col, None
        return None, self._outside_message(row, col)

    def _outside_message(self, row, col):
        return tr(en="Cell ({row}, {col}) is outside the board: rows are 0 to {last_row}, columns 0 to {last_col}.",
                  ja="マス ({row}, {col}) は盤の外です。行は 0 〜 {last_row}、列は 0 〜 {last_col} です。",
                  row=row, col=col, last_row=self.rows - 1, last_col=self.cols - 1)

    def _play(self, action):
        if self._mine is None:
            if self._mines_unknown:
                raise IllegalActionError(tr(
                    en="This copy of the game does not know where the mines are (a tournament's copy holds only "
                       "what you can see): decide from the numbers shown.",
                    ja="このゲームのコピーは地雷の場所を知りません（総当たり戦のコピーには見えているものしか"
                       "入っていません）。表示されている数字から判断してください。"))
            self._place_mines(action)
        if self._mine[action]:
            self._terminated = True
            self._won = False
            return -1.0
        opened = self._open_area(action)
        self._safe_hidden -= opened
        reward = opened / (self.num_actions - self.mines) if self.reward_scheme == "progress" else 0.0
        if self._safe_hidden == 0:
            self._terminated = True
            self._won = True
            reward += 1.0
        return reward

    def _open_area(self, start):
        """Reveal ``start``; if it is a 0, its whole area too. Return how many cells opened."""
        view, numbers, neighbours = self._view, self._numbers, self._neighbours
        view[start] = numbers[start]
        opened = 1
        todo = [start] if numbers[start] == 0 else []
        while todo:  # an explicit stack, not recursion: big areas cannot overflow it
            cell = todo.pop()
            for neighbour in neighbours[cell]:
                if view[neighbour] == HIDDEN:  # a neighbour of a 0 is never a mine
                    view[neighbour] = numbers[neighbour]
                    opened += 1
                    if numbers[neighbour] == 0:
                        todo.append(neighbour)
        return opened

    # ------------------------------------------------------------------ helpers
    # Each helper takes an action or a (row, col) tuple, as step does.
    def to_cell(self, action):
        """Action -> ``(row, col)``."""
        return divmod(self._action_on_board(action), self.cols)

    def to_action(self, row, col):
        """``(row, col)`` -> action."""
        return self._action_on_board((row, col))

    def neighbours(self, action):
        """The actions of the (up to 8) cells around ``action``, ascending."""
        return list(self._neighbours[self._action_on_board(action)])

    def number(self, action):
        """The number shown on a revealed cell (0 .. 8), or None while it is hidden."""
        seen = self._view[self._action_on_board(action)]
        return None if seen == HIDDEN else seen

    @property
    def board(self):
        """What the player sees (the observation), as a ``(rows, cols)`` array."""
        return self._observation()

    @property
    def hidden_count(self):
        """How many cells are still hidden."""
        return self._view.count(HIDDEN)

    @property
    def safe_cells_left(self):
        """How many safe cells are still hidden (0 means won)."""
        return self._safe_hidden

    @property
    def won(self):
        """True / False once the game has ended, None while it goes on."""
        return bool(self._won) if self._terminated else None

    # ------------------------------------------------------------------ views
    def _observation(self):
        seen = np.array(self._view, dtype=np.int8)
        if self._terminated and self._mine is not None:  # the end: show every mine
            seen[np.array(self._mine)] = MINE
        return seen.reshape(self.rows, self.cols)

    def _extra_info(self):
        if self._terminated:
            return {"won": bool(self._won)}
        return {}

    def _copy_state(self, new):
        new._view = self._view.copy()
        # _mine, _numbers and _neighbours are tuples: never changed, safe to share.

    def _hide_in_view(self, view):
        view._layout_seed = int(view.np_random.integers(1 << 62))  # before the first click: a layout of its own
        if self._mine is not None:  # after it: no mines at all (stepping on a hidden cell says so)
            view._mine = view._numbers = None
            view._mines_unknown = True

    def _picture(self):
        return draw_minesweeper(self)

    def _text(self):
        shown = self._observation().tolist()
        lines = []
        for row in range(self.rows):
            chars = []
            for col in range(self.cols):
                value = shown[row][col]
                if value == HIDDEN:
                    chars.append("#")
                elif value == MINE:
                    exploded = self._won is False and self.last_action == row * self.cols + col
                    chars.append("X" if exploded else "*")
                else:
                    chars.append("." if value == 0 else str(value))
            lines.append("".join(chars))
        return "\n".join(lines)
