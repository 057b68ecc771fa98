"""The contract every game follows: ``reset``, ``step``, ``legal_actions``, ``clone``.

A game subclasses ``Env`` and writes only its rules, in these methods:

========================  ==================================================
``_new_game()``           set up the starting position (use ``self.np_random``)
``_legal_actions()``      the legal actions now, as an ascending list of ints
``_is_legal(action)``     (optional, for speed) is this int legal now?
``_play(action)``         apply a legal action; return the mover's reward and
                          set ``self._terminated`` (and ``self._winner``)
``_observation()``        what the player sees, as a numpy array
``_extra_info()``         (optional) game-specific entries of ``info``
``_why_illegal(action)``  (optional) why a legal-range action is not allowed
``_copy_state(new)``      copy the mutable state (arrays, lists) into a clone
``_hide_in_view(view)``   (if the game hides something) take it out of a
                          ``player_view()``
``_picture()``            the board as a ``games.render.Picture``
``_text()``               the board as compact text
========================  ==================================================

A game with options (``rows=6``, ``size=8``...) checks and stores them in its own
``__init__`` (raising ``BadOptionError`` with a ``tr`` message when one is out of range),
*then* calls ``super().__init__(**kwargs)``, which starts the first game. Option names
are checked here: a misspelt one gets a clear message, not Python's ``TypeError``.

``_observation()`` and ``_extra_info()`` return new objects every time: a student keeps
old observations (in a replay buffer, say), so they must not change when the game goes on.

Everything shared lives here: checking the action (type, range, legality, game over)
with messages in the student's language, ``illegal="lose"``, the built-in opponent of
two-player games, ``info`` and ``clone``.
"""

import contextlib
import difflib
import functools
import inspect
import time
from typing import NamedTuple

import numpy as np

from ..errors import ActionTypeError, BadOptionError, GameOverError, IllegalActionError
from ..messages import join_numbers, tr
from .values import choice_option, whole_number, whole_pair


# Any seed will do: a clone's generator is built with it and at once given the copied state.
# A ready SeedSequence halves the cost of that build (clones are made often, by search).
_ANY_SEED = np.random.SeedSequence(0)

# Options that only a two-player game uses: a one-player game does not list them.
TWO_PLAYER_OPTIONS = ("opponent", "play_as")


class AgentMove(NamedTuple):
    """An agent's answer, from ``env.ask(agent)``."""

    given: object  #: what the agent returned
    action: object  #: the legal action (an int) it names, or None when it names none
    seconds: object  #: how long the agent thought, or None for a forced move (not asked)


class Env:
    """Base class of every game (see the module docstring for what a game writes)."""

    name = ""  #: the name given to ``games.make``
    num_players = 1  #: 1 (Minesweeper, Puyo Puyo) or 2
    num_actions = 0  #: actions are the ints ``0 .. num_actions - 1``
    illegal_penalty = -1.0  #: reward of an illegal move under ``illegal="lose"``

    def __new__(cls, *args, **options):
        # Checked before __init__ runs, so a misspelt option gets a message a student can act on.
        allowed = option_names(cls)
        unknown = [name for name in options if name not in allowed]
        if unknown:
            guesses = difflib.get_close_matches(unknown[0], shown_options(cls), n=1)
            hint = tr(en=" Did you mean {guess!r}?", ja=" もしかして {guess!r} ですか？",
                      guess=guesses[0]) if guesses else ""
            raise BadOptionError(tr(
                en="{game} has no option {names}. Its options are: {allowed}.",
                ja="{game} には {names} というオプションはありません。使えるオプション: {allowed}",
                game=cls.name or cls.__name__, names=", ".join(map(repr, unknown)),
                allowed=", ".join(shown_options(cls))) + hint)
        return super().__new__(cls)

    def __init__(self, *, opponent=None, play_as=0, illegal="raise", seed=None):
        illegal = choice_option("illegal", illegal, ("raise", "lose"), means=tr(
            en="'raise': an illegal move raises an error; 'lose': it loses the game",
            ja="'raise' は反則でエラー、'lose' は反則で負け"))
        if opponent is not None and self.num_players != 2:
            raise BadOptionError(tr(
                en="{game} is a one-player game: it takes no opponent.",
                ja="{game} は一人用のゲームなので、opponent（相手）は指定できません。",
                game=self.name))
        if opponent is not None and not callable(opponent):
            raise BadOptionError(tr(
                en="opponent must be an agent: a function agent(env) -> action. You gave {value!r}.",
                ja="opponent には agent(env) -> 行動 の形の関数（エージェント）を渡してください。"
                   "渡されたもの: {value!r}",
                value=opponent))
        if whole_number(play_as) not in (0, 1):
            raise BadOptionError(tr(
                en="play_as={value!r} is not allowed: use 0 (you move first) or 1 (you move second).",
                ja="play_as={value!r} は使えません。0（先手）か 1（後手）を指定してください。",
                value=play_as))
        self.opponent = opponent
        self.play_as = int(play_as)
        self.illegal = illegal
        self._rng = None
        self._rng_state = None
        self.reset(seed=seed)

    # ----------------------------------------------------------------- randomness
    @property
    def np_random(self):
        """The game's random generator (``numpy.random.Generator``), set by ``reset(seed)``."""
        if self._rng is None:
            if self._rng_state is None:
                self._rng = np.random.default_rng()
            else:  # a clone: rebuild the generator from the copied state only when used
                bit_generator = getattr(np.random, self._rng_state["bit_generator"])(_ANY_SEED)
                bit_generator.state = self._rng_state
                self._rng = np.random.Generator(bit_generator)
                self._rng_state = None
        return self._rng

    # ----------------------------------------------------------------- public API
    def reset(self, seed=None, options=None):
        """Start a new game. Returns ``(observation, info)``.

        The same ``seed`` gives the same game (the same mines, the same puyo pairs,
        the same opponent's random choices). ``seed=None`` goes on with the current
        random generator. ``options`` is Gymnasium's: a game that takes reset options
        overrides ``reset``, checks them, and calls ``super().reset(seed=seed)``; the
        game's own options are given to ``games.make``.
        """
        seed = self._check_seed(seed)
        if options is not None and not (isinstance(options, dict) and not options):  # {} asks for nothing
            raise BadOptionError(tr(
                en="{game} takes no reset options; you gave options={value!r}. "
                   "Give the game's options to games.make instead.",
                ja="{game} の reset は options を受け取りません（渡された値: options={value!r}）。"
                   "ゲームのオプションは games.make に渡してください。",
                game=self.name, value=options))
        # With an opponent that may fail, keep the old game to put back (not on the first reset).
        can_fail = self.opponent is not None and hasattr(self, "_terminated")
        with self._unchanged_on_error() if can_fail else contextlib.nullcontext():
            if seed is not None:
                self._rng = np.random.default_rng(seed)
                self._rng_state = None
            self._terminated = False
            self._winner = None
            self._current_player = 0
            self.last_action = None
            self._illegal_move = False
            self._new_game()
            if self.opponent is not None:
                self._let_opponent_move()
        return self._observation(), self._info()

    def _check_seed(self, seed):
        """The seed of ``reset`` as an int (or None), or a clear error."""
        if seed is None:
            return None
        number = whole_number(seed)
        if number is None or number < 0:
            raise BadOptionError(tr(
                en="seed must be a whole number ≥ 0 (or None). You gave {value!r}.",
                ja="seed は 0 以上の整数（または None）にしてください。渡された値: {value!r}",
                value=seed))
        return number

    def step(self, action):
        """Play ``action``. Returns ``(observation, reward, terminated, truncated, info)``.

        Without an opponent the reward is from the view of the player who moved.
        With ``opponent=`` the opponent answers inside ``step`` and the reward is yours.
        If anything goes wrong (an illegal action, a failing opponent agent), the game is
        left exactly as it was before the call.
        """
        reward = self.play(action)
        return self._observation(), reward, bool(self._terminated), False, self._info()

    def play(self, action):
        """Play ``action`` like ``step``, but return only the reward.

        It skips building the observation and ``info``, so it is the fast way to look
        ahead (``child = env.clone(); child.play(a)``) and to play many games quickly.
        """
        action = self._check_action(action)
        if action is None:  # illegal, and illegal="lose"
            return float(self._lose_by_illegal_move())
        if self.opponent is None:
            return float(self._play_move(action))
        with self._unchanged_on_error():  # your move is taken back if the opponent agent fails
            reward = self._play_move(action)
            if not self._terminated:
                reward -= self._let_opponent_move()  # its reward is from its own view
        return float(reward)

    def ask(self, agent):
        """Ask ``agent`` for the move of the player to move now. Returns an ``AgentMove``.

        This is how the arena and ``opponent=`` ask an agent, so both play the same game:

        - a move that is the only legal one (such as Othello's pass) is not asked for;
        - the agent gets a copy of the game (``clone()``): it may look ahead with ``step``;
        - random draws it makes from the copy's ``np_random`` are kept in this game, so the
          same seed replays the same choices;
        - ``move.action`` is the legal action the answer names (read as ``step`` reads it),
          or None when it names none. Nothing is played: that is up to the caller.
        """
        self._check_not_over()
        legal = self._legal_actions()
        if len(legal) == 1:  # a forced move (such as a pass) is played without asking
            return AgentMove(legal[0], legal[0], None)
        view = self.clone()
        view.opponent = None  # in the view, step() plays one plain move: lookahead works as usual
        view._rng, view._rng_state = self.np_random, None  # its random draws are the game's: a seed replays them
        start = time.perf_counter()
        given = agent(view)
        seconds = time.perf_counter() - start
        return AgentMove(given, self._legal_action_or_none(given), seconds)

    def ask_legal(self, agent):
        """The legal action ``agent`` chooses now (asked as ``ask`` asks). When its answer names
        no legal action, an ``IllegalActionError`` says what it gave. Nothing is played."""
        move = self.ask(agent)
        if move.action is None:
            self._refuse_opponent_move(move.given)
        return move.action

    def _legal_action_or_none(self, given):
        """The legal action ``given`` names (read as ``step`` reads it), or None."""
        try:
            action = self._to_int(given)
        except IllegalActionError:  # a wrong type, or a pair naming no action
            return None
        return action if 0 <= action < self.num_actions and self._is_legal(action) else None

    def legal_actions(self):
        """The actions allowed now, as an ascending list of ints (empty when the game is over)."""
        return [] if self._terminated else self._legal_actions()

    def action_mask(self):
        """A bool array of length ``num_actions``: True where the action is legal."""
        mask = np.zeros(self.num_actions, dtype=bool)
        mask[self.legal_actions()] = True
        return mask

    def clone(self):
        """An independent copy (same position, same random state) for looking ahead."""
        if self._rng is None and self._rng_state is None:  # not used yet: create it now,
            self._rng = np.random.default_rng()  # so that the copy draws the same numbers as self
        new = object.__new__(type(self))
        new.__dict__.update(self.__dict__)
        if self._rng is not None:  # copy only the state: a generator is built if the copy draws
            new._rng = None
            new._rng_state = self._rng.bit_generator.state
        self._copy_state(new)
        return new

    def player_view(self, seed=None):
        """A copy of the game holding only what the player to move may know: for an agent that is not
        trusted (a class tournament's entrant).

        Unlike ``clone()``, it has its own random generator (seeded with ``seed``), not a copy of the
        game's, and none of the game's hidden state: a game with hidden state (Minesweeper's mines,
        Puyo Puyo's pairs after the two shown) leaves it out of the view (``_hide_in_view``). Lookahead
        with ``step`` works as on a clone; where it needs what is hidden, the view invents it (new puyo
        pairs) or says it does not know (Minesweeper).
        """
        view = self.clone()
        view.opponent = None
        view._rng, view._rng_state = np.random.default_rng(seed), None
        self._hide_in_view(view)
        return view

    @property
    def current_player(self):
        """Whose turn it is: 0 (moves first) or 1. Always 0 in one-player games."""
        return self._current_player

    @property
    def terminated(self):
        """True once the game has ended."""
        return self._terminated

    @property
    def winner(self):
        """0 or 1 when that player won, None for a draw or while the game goes on."""
        return self._winner

    def render(self):
        """The board as a picture (shown by Jupyter; ``.svg`` holds the SVG text)."""
        return self._picture()

    def __str__(self):
        return self._text()

    def __repr__(self):
        return f"<games.make({self.name!r}) player={self._current_player} over={self._terminated}>"

    # --------------------------------------------------------------- shared rules
    def _check_action(self, action):
        """The action as an int, or None when it is illegal under illegal="lose"."""
        self._check_not_over()
        action = self._to_int(action)
        if 0 <= action < self.num_actions and self._is_legal(action):
            return action
        if self.illegal == "lose":
            return None
        if not 0 <= action < self.num_actions:
            reason = self._out_of_range_message(action)
        else:
            reason = self._why_illegal(action)
        self._refuse(reason)

    def _check_not_over(self):
        if self._terminated:
            raise GameOverError(tr(
                en="The game is over: call env.reset() to start a new one.",
                ja="ゲームはもう終わっています。新しく始めるには env.reset() を呼んでください。"))

    def _out_of_range_message(self, action):
        return tr(en="Action {action} is out of range: actions are 0 to {last}.",
                  ja="行動 {action} は範囲外です。行動は 0 〜 {last} の整数です。",
                  action=action, last=self.num_actions - 1)

    def _refuse(self, reason):
        """Raise the error for an illegal action: what was wrong, then what is allowed now."""
        raise IllegalActionError(reason + " " + tr(
            en="Legal actions now: [{legal}].", ja="今できる行動: [{legal}]",
            legal=join_numbers(self._legal_actions())))

    def _to_int(self, action):
        """Accept Python and numpy integers (also a 0-d array) and the game's pairs; refuse the rest clearly."""
        if type(action) is int:  # the usual case, answered first: step() is a hot path
            return action
        number = whole_number(action)
        if number is not None:
            return number
        pair = whole_pair(action) if self.PAIR_EXAMPLE else None
        if pair is not None:
            found, why_not = self.action_of_pair(*pair)
            if found is not None:
                return found
            if self.illegal == "lose":
                return -1  # names no action: _check_action makes it a lost game
            self._refuse(why_not)
        raise ActionTypeError(self._wrong_type_message(action))

    def _wrong_type_message(self, action):
        if isinstance(action, np.ndarray) and action.shape == ():
            action = action.item()  # np.array(2.5) is shown as the 2.5 it holds
        pair = tr(en=", or " + self.PAIR_EXAMPLE["en"], ja="か、" + self.PAIR_EXAMPLE["ja"]) \
            if self.PAIR_EXAMPLE else ""
        return tr(
            en="An action must be a whole number such as 3{pair}; you gave {value!r} ({kind}).",
            ja="行動は 3 のような整数{pair}で指定してください。渡された値: {value!r}（{kind} 型）",
            pair=pair, value=action, kind=type(action).__name__)

    def _action_on_board(self, action):
        """``action`` (or the game's pair) as an action in range, for helpers such as
        ``neighbours(action)``; a clear error otherwise. Legality is not asked."""
        if type(action) is int and 0 <= action < self.num_actions:  # the usual case, first: search calls this often
            return action
        pair = whole_pair(action) if self.PAIR_EXAMPLE else None
        if pair is not None:
            found, why_not = self.action_of_pair(*pair)
            if found is None:
                raise IllegalActionError(why_not)
            return found
        number = whole_number(action)
        if number is None:
            raise ActionTypeError(self._wrong_type_message(action))
        if not 0 <= number < self.num_actions:
            raise IllegalActionError(self._out_of_range_message(number))
        return number

    # Games whose actions can also be written as a pair of numbers, such as Minesweeper's
    # (row, col), set PAIR_EXAMPLE ({"en": ..., "ja": ...}, for messages) and write this hook.
    PAIR_EXAMPLE = None

    def action_of_pair(self, first, second):
        """The action named by the pair, as ``(action, None)``, or ``(None, why it names none)``."""
        raise NotImplementedError

    def _play_move(self, action):
        reward = self._play(action)
        self.last_action = action
        return reward

    def _lose_by_illegal_move(self):
        self._illegal_move = True
        self._terminated = True
        if self.num_players == 2:
            self._winner = 1 - self._current_player
        return self.illegal_penalty

    def _let_opponent_move(self):
        """Let the opponent play until it is the agent's turn; return the opponent's total reward."""
        total = 0.0
        while not self._terminated and self._current_player != self.play_as:
            total += self._play_move(self.ask_legal(self.opponent))
        return total

    def _refuse_opponent_move(self, given):
        number = whole_number(given)
        if number is None:
            raise IllegalActionError(tr(en="The opponent agent gave a bad action: ",
                                        ja="相手のエージェントが不正な行動を返しました: ")
                                     + self._wrong_type_message(given))
        raise IllegalActionError(tr(
            en="The opponent agent chose the illegal action {action}. Legal actions were: [{legal}].",
            ja="相手のエージェントが反則の行動 {action} を選びました。できる行動: [{legal}]",
            action=number, legal=join_numbers(self._legal_actions())))

    @contextlib.contextmanager
    def _unchanged_on_error(self):
        """Run the block; if anything in it fails, put the game back as it was before."""
        before = self.clone()
        try:
            yield
        except BaseException:
            self._restore(before)
            raise

    def _restore(self, snapshot):
        """Go back to the state kept in ``snapshot`` (a clone taken earlier)."""
        self.__dict__.clear()
        self.__dict__.update(snapshot.__dict__)

    def _info(self):
        info = {"action_mask": self.action_mask()}
        if self.num_players == 2:
            info["current_player"] = self._current_player
            if self._terminated:
                info["winner"] = self._winner
        if self._illegal_move:
            info["illegal_move"] = True
        info.update(self._extra_info())
        return info

    # ------------------------------------------------- what a game may override
    def _is_legal(self, action):
        return action in self._legal_actions()

    def _why_illegal(self, action):
        return tr(en="Action {action} is not allowed now.", ja="行動 {action} は今はできません。", action=action)

    def _extra_info(self):
        return {}

    def _copy_state(self, new):
        pass

    def _hide_in_view(self, view):
        """Take out of ``view`` (a clone with its own generator) what the player may not know; a game
        with hidden state writes this."""

    # ---------------------------------------------------- what a game must write
    def _new_game(self):
        raise NotImplementedError

    def _legal_actions(self):
        raise NotImplementedError

    def _play(self, action):
        raise NotImplementedError

    def _observation(self):
        raise NotImplementedError

    def _picture(self):
        raise NotImplementedError

    def _text(self):
        raise NotImplementedError


@functools.cache
def option_names(cls):
    """The options ``games.make`` accepts for the game class ``cls``, in the order written.

    Read from the ``__init__`` signatures, following ``**kwargs`` up to ``Env.__init__``.
    """
    names = []
    for klass in cls.__mro__:
        if "__init__" not in vars(klass):
            continue
        parameters = list(inspect.signature(klass.__init__).parameters.values())[1:]  # not self
        names += [p.name for p in parameters if p.kind in (p.POSITIONAL_OR_KEYWORD, p.KEYWORD_ONLY)
                  and p.name not in names]
        if not any(p.kind is p.VAR_KEYWORD for p in parameters):
            break
    return tuple(names)


def shown_options(cls):
    """The options to list in messages: a one-player game does not list the two-player ones."""
    names = option_names(cls)
    return names if cls.num_players == 2 else tuple(n for n in names if n not in TWO_PLAYER_OPTIONS)
