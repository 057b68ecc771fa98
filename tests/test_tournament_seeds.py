"""No seed reaches an entrant (issue 37): from everything its view holds, an entrant can rebuild neither the mines
of a Minesweeper game nor the puyo pairs to come, by either of two ways: working back from its generator to the
game's seed, or matching what it is shown against small seeds. The spies below are agents a student could hand in;
each reports what it rebuilt as the text of an error (which the standings keep), and the test compares that text
with the real game."""

import ast

import pytest

import games
from games import round_robin

MINES = {"rows": 12, "cols": 12, "mines": 50}  # where the built-in solver wins few games
FIRST_CLICK = 0  #: the minesweeper spy's first click, which the real game answers by placing the mines
SMALL_SEEDS = 3000  #: the seeds the spies try, one by one


def seeds_from_the_generator(env):
    """The words the view's generator was made from (numpy keeps them in its ``seed_seq``)."""
    entropy = env.np_random.bit_generator.seed_seq.entropy
    return [int(word) for word in (entropy if isinstance(entropy, (list, tuple)) else [entropy])]


def small_seeds(env):
    return range(SMALL_SEEDS)


def rebuilt_mines(env, seeds):
    """The mines of the first game among ``seeds`` that shows what the view shows, after the first click."""
    import games
    shown = env._observation().tolist()
    for seed in seeds:
        real = games.make("minesweeper", rows=env.rows, cols=env.cols, mines=env.mines, first_click=env.first_click)
        real.reset(seed=seed)
        real.step(FIRST_CLICK)
        if real._observation().tolist() == shown:
            return [cell for cell in range(env.num_actions) if real._mine[cell]]
    return "not found"


def rebuilt_pairs(env, seeds):
    """Pairs 3 to 12 of the first game among ``seeds`` that starts with the three pairs the view shows."""
    import games
    shown = [env.pair, *env.next_pairs]
    for seed in seeds:
        real = games.make("puyopuyo")
        real.reset(seed=seed)
        if [real.pair, *real.next_pairs] == shown:
            return [real._pair_at(k) for k in range(3, 13)]
    return "not found"


def mine_spy_generator(env):
    """Clicks one cell, then reports the mines it rebuilt (as an error's text, which the standings keep)."""
    if len(env.legal_actions()) == env.num_actions:
        return FIRST_CLICK
    raise ValueError(repr(rebuilt_mines(env, seeds_from_the_generator(env))))


def mine_spy_small(env):
    if len(env.legal_actions()) == env.num_actions:
        return FIRST_CLICK
    raise ValueError(repr(rebuilt_mines(env, small_seeds(env))))


def puyo_spy_generator(env):
    raise ValueError(repr(rebuilt_pairs(env, seeds_from_the_generator(env))))


def puyo_spy_small(env):
    raise ValueError(repr(rebuilt_pairs(env, small_seeds(env))))


WAYS = [("generator", None), ("small", None), ("small", 0)]  # tournament seeds: drawn at random, or the teacher's 0


def reported(game_record):
    """What a spy reported (a list), or None."""
    if game_record.forfeit_detail.startswith("ValueError: ["):
        return ast.literal_eval(game_record.forfeit_detail.removeprefix("ValueError: "))
    return None


@pytest.mark.parametrize(("way", "seed"), WAYS)
def test_no_entrant_rebuilds_the_mines(way, seed):
    spy = {"generator": mine_spy_generator, "small": mine_spy_small}[way]
    standings = games.tournament("minesweeper", {"spy": spy}, games_per_pair=3, seed=seed, time_limit=30,
                                 progress=False, **MINES)
    assert len(standings.games) == 3
    for g in standings.games:
        real = games.make("minesweeper", **MINES)
        real.reset(seed=g.seed)
        real.step(FIRST_CLICK)
        mines = [cell for cell in range(real.num_actions) if real._mine[cell]]
        assert reported(g) != mines, "the spy rebuilt the mines"
        assert g.forfeit_detail.startswith("ValueError: ")  # it did look (a small seed may show the same: wrongly)


@pytest.mark.parametrize(("way", "seed"), WAYS)
def test_no_entrant_foresees_the_puyo_pairs(way, seed):
    spy = {"generator": puyo_spy_generator, "small": puyo_spy_small}[way]
    standings = games.tournament("puyopuyo", {"spy": spy}, games_per_pair=3, seed=seed, time_limit=30,
                                 progress=False)
    for g in standings.games:
        real = games.make("puyopuyo")
        real.reset(seed=g.seed)
        assert reported(g) != [real._pair_at(k) for k in range(3, 13)], "the spy foresaw the pairs"
        assert g.forfeit_detail.startswith("ValueError: ")


def test_a_tournament_without_a_seed_draws_one_prints_it_and_plays_the_same_again():
    from games.agents import random_agent
    from games.agents.tictactoe import minimax_agent
    entrants = {"a": random_agent, "b": minimax_agent}
    first = games.tournament("tictactoe", entrants, games_per_pair=2, progress=False)
    other = games.tournament("tictactoe", entrants, games_per_pair=2, progress=False)
    assert first.seed != other.seed  # drawn at random
    assert f"seed {first.seed}" in str(first)
    again = games.tournament("tictactoe", entrants, games_per_pair=2, seed=first.seed, progress=False)
    assert [g.moves for g in again.games] == [g.moves for g in first.games]


def test_game_seeds_and_view_seeds_are_hashes():
    assert [round_robin.game_seed(0, g) for g in range(3)] == [round_robin.game_seed(0, g) for g in range(3)]
    assert all(round_robin.game_seed(0, g) > 1 << 32 for g in range(10))
    assert round_robin.view_seed(5, 0, 1) != round_robin.view_seed(5, 1, 1) != round_robin.view_seed(5, 1, 2)
    assert 5 not in round_robin.view_seed(5, 0, 0)
