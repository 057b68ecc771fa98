"""Puyo Puyo agent: its quick board (the engine's own rule functions on bare lists) plays
as the engine; chain potential on a hand-made board; it builds chains and scores far more
than random."""

import numpy as np
import pytest

import games
from games import arena
from games.agents import random_agent
from games.agents.puyopuyo import ChainBuilder, Well, potential

R, G, B, Y = 1, 2, 3, 4


def board_with(columns):
    """A 12 x 6 board from columns given bottom first, e.g. {0: [G, G, G]}."""
    board = np.zeros((12, 6), dtype=int)
    for col, puyos in columns.items():
        for i, colour in enumerate(puyos):
            board[11 - i, col] = colour
    return board


# Column 0: three G. Column 1: three R with a G on top. One R in column 2 pops the R's
# (40 points); the G falls next to the three G and pops too (chain 2: 10 x 4 x 8 = 320).
TWO_CHAIN = board_with({0: [G, G, G], 1: [R, R, R, G]})


@pytest.mark.parametrize("seed", range(4))
def test_well_follows_the_same_rules_as_the_engine(seed):
    env = games.make("puyopuyo", seed=seed)
    steps = 0
    while not env.terminated and steps < 120:
        well = Well.of(env)
        action = random_agent(env)
        points, chain = well.place(action, env.pair)
        _, reward, _, _, info = env.step(action)
        assert well.cells == env.board.ravel().tolist()
        assert (points, chain) == (reward, info["chain"])
        assert well.dead() == env.terminated
        steps += 1


def test_potential_of_a_two_chain():
    env = games.make("puyopuyo")
    env.reset(options={"board": TWO_CHAIN, "pairs": [(R, B)]})
    well = Well.of(env)
    assert potential(well, colours=4) == 40 + 320
    # the engine agrees: R in column 2 (B to its right, in column 3) sets it off
    _, reward, _, _, info = env.step(env.placement_to_action(2, 0))
    assert (reward, info["chain"]) == (360, 2)


def test_potential_of_an_empty_board_is_zero():
    assert potential(Well([0] * 72, [0] * 6), colours=4) == 0


def test_does_not_pop_at_once():
    # Three R stand in column 0 and an R-R pair comes: popping them now scores 100, but
    # keeping them (and the pair) builds towards a chain, which the agent prefers.
    env = games.make("puyopuyo")
    env.reset(options={"board": board_with({0: [R, R, R]}), "pairs": [(R, R), (B, Y), (G, B)]})
    popping = [a for a in env.legal_actions() if env.clone().step(a)[1] > 0]
    assert popping  # it could pop at once
    _, reward, _, _, info = env.step(ChainBuilder()(env))
    assert reward == 0 and info["chain"] == 0


def test_builds_chains_and_outscores_random():
    agent = ChainBuilder()
    smart = arena.evaluate("puyopuyo", agent, n=4, seed=0, progress=False, max_moves=60)
    dumb = arena.evaluate("puyopuyo", random_agent, n=4, seed=0, progress=False, max_moves=60)
    assert smart.illegal == 0 and all(moves == 60 for moves in smart.moves)  # it never dies early
    assert smart.mean_score()[0] >= 5 * dumb.mean_score()[0]
    assert sum(chain >= 3 for chain in smart.longest_chains) >= 3


def test_a_bad_depth_is_explained():
    from games.errors import BadOptionError
    for depth in (0, 3, True, "2"):
        with pytest.raises(BadOptionError, match="depth"):
            ChainBuilder(depth=depth)
