"""env.player_view(): the copy of a game a tournament's entrant is given holds only what the player may know,
draws from a generator of its own, and still plays on like a clone."""

import pickle

import numpy as np
import pytest

import games
from games.errors import IllegalActionError


@pytest.mark.parametrize("game", ["tictactoe", "connectfour", "othello", "minesweeper", "puyopuyo"])
def test_a_view_shows_the_same_position_and_plays_on(game):
    env = games.make(game)
    env.reset(seed=3)
    env.step(env.legal_actions()[0])
    view = env.player_view(seed=[3, 0, 1])
    assert view.legal_actions() == env.legal_actions() and np.array_equal(view._observation(), env._observation())
    assert view.np_random is not env.np_random and view.opponent is None
    before = env.np_random.bit_generator.state
    view.np_random.integers(100)
    assert env.np_random.bit_generator.state == before  # the game's generator is untouched
    if game != "minesweeper":  # lookahead on a view works as on a clone
        view.step(view.legal_actions()[-1])


def test_the_same_seed_gives_the_same_draws_and_another_seed_others():
    env = games.make("connectfour")
    draws = [env.player_view(seed=[5, 1, k]).np_random.integers(1 << 30) for k in (0, 0, 1)]
    assert draws[0] == draws[1] != draws[2]


def test_a_puyo_view_holds_the_pairs_shown_and_invents_the_rest():
    env = games.make("puyopuyo")
    env.reset(seed=8)
    view = env.player_view(seed=0)
    assert view.pair == env.pair and view.next_pairs == env.next_pairs
    assert view._pair_seed != env._pair_seed
    later = [env._pair_at(k) for k in range(3, 23)]
    assert [view._pair_at(k) for k in range(3, 23)] != later
    assert "pairs" not in view._start


def test_a_minesweeper_view_holds_no_mines():
    env = games.make("minesweeper")
    env.reset(seed=2)
    fresh = env.player_view(seed=1)
    assert fresh._mine is None and fresh._layout_seed != env._layout_seed  # not even the layout's seed
    env.step(0)
    view = env.player_view(seed=1)
    assert view._mine is None and view._numbers is None and view._observation().tolist() == env._observation().tolist()
    with pytest.raises(IllegalActionError, match="does not know where the mines are"):
        view.step(view.legal_actions()[0])
    env.step(env.legal_actions()[0])  # the real game goes on as before


def test_a_view_sent_to_a_sandbox_shares_no_rule_table():
    env = games.make("connectfour")
    view = pickle.loads(pickle.dumps(env.player_view(seed=0)))  # how a sandbox receives it
    view._line_shifts[0][:] = [0, 0]
    assert env._line_shifts[0] != [0, 0]
