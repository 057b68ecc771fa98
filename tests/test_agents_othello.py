"""Othello agents: the classic opponent's random draws (exactly as documented), greedy,
and alpha-beta (equal to plain minimax, takes corners, handles passes)."""

import numpy as np
import pytest

import games
from games import arena
from games.agents import random_agent
from games.agents.othello import (WIN, AlphaBetaAgent, classic_opponent, corners, flips_of, greedy_agent,
                                  positional_weights)


def position(rows, to_move=0, seed=0):
    env = games.make("othello", seed=seed)
    env.set_position([[{".": 0, "B": 1, "W": 2}[c] for c in row] for row in rows], to_move=to_move)
    return env


# Black to move. Corner 0 flips one disc (square 1); square 21 flips two (squares 19 and 20).
CORNER_POSITION = ["." "W" "B" "..." ,
                   "......", "......",
                   "BWW...",
                   "......", "......"]
# Black to move, no corner: 21 flips two, 32 flips one.
NO_CORNER_POSITION = ["......", "......", "......",
                      "BWW...",
                      "......",
                      "BW...."]


def test_positions_are_as_described():
    env = position(CORNER_POSITION)
    assert env.legal_actions() == [0, 21]
    assert (flips_of(env, 0), flips_of(env, 21)) == (1, 2)
    env = position(NO_CORNER_POSITION)
    assert env.legal_actions() == [21, 32]
    assert (flips_of(env, 21), flips_of(env, 32)) == (2, 1)


def documented_choice(env, rng):
    """The classic opponent exactly as its docstring tells, with our own generator."""
    legal = env.legal_actions()
    flips = {a: flips_of(env, a) for a in legal}
    legal_corners = [a for a in legal if a in corners(env.size)]
    if legal_corners and rng.random() < 0.9:
        return max(legal_corners, key=lambda a: (flips[a], -a))
    if rng.random() < 0.8:
        best = [a for a in legal if flips[a] == max(flips.values())]
        return best[0] if len(best) == 1 else best[int(rng.integers(len(best)))]
    return legal[int(rng.integers(len(legal)))]


@pytest.mark.parametrize("rows", [CORNER_POSITION, NO_CORNER_POSITION])
def test_classic_opponent_draws_exactly_as_documented(rows):
    env = position(rows, seed=7)  # env.np_random is default_rng(7): set_position draws nothing
    rng = np.random.default_rng(7)
    for _ in range(300):
        assert classic_opponent(env) == documented_choice(env, rng)


def test_classic_opponent_probabilities():
    n = 4000
    env = position(CORNER_POSITION, seed=1)
    picks = [classic_opponent(env) for _ in range(n)]
    # corner: 0.9, plus the random step (0.1 * 0.2) picking it among 2 moves -> 0.91
    p = 0.9 + 0.1 * 0.2 / 2
    assert abs(picks.count(0) / n - p) < 4 * np.sqrt(p * (1 - p) / n)
    env = position(NO_CORNER_POSITION, seed=2)
    picks = [classic_opponent(env) for _ in range(n)]
    p = 0.8 + 0.2 / 2  # the greedy move 21: 0.8, plus the random step picking it
    assert abs(picks.count(21) / n - p) < 4 * np.sqrt(p * (1 - p) / n)


def test_classic_opponent_always_takes_the_corner_when_the_first_draw_is_below_0_9():
    # With the generator's first draw known, the choice is certain.
    for seed in range(40):
        env = position(CORNER_POSITION, seed=seed)
        first = np.random.default_rng(seed).random()
        choice = classic_opponent(env)
        if first < 0.9:
            assert choice == 0


def test_greedy_takes_the_most_flips():
    assert greedy_agent(position(CORNER_POSITION)) == 21
    assert greedy_agent(position(NO_CORNER_POSITION)) == 21


def test_agents_pass_when_they_must():
    # White to move cannot trap the black corner disc; black could still play 2: white passes
    env = position(["BW....", "......", "......", "......", "......", "......"], to_move=1)
    assert env.legal_actions() == [env.pass_action]
    for agent in (classic_opponent, greedy_agent, AlphaBetaAgent(2), random_agent):
        assert agent(env) == env.pass_action


def test_positional_weights():
    w = positional_weights(6)
    assert w[0, 0] == w[5, 5] == 100 and w[1, 1] == -50 and w[0, 1] == -20 and w[0, 2] == 10
    assert (w == w.T).all() and (w == w[::-1]).all()
    assert positional_weights(8)[3, 3] == 0 and positional_weights(8)[2, 2] == 1


def plain_negamax(env, agent, depth):
    """Negamax without pruning on env clones: the value for the player to move.
    (After every move, even a pass, the other player is to move.)"""
    me = env.current_player
    if env.terminated or depth == 0:
        return agent.score(env.discs[me], env.discs[1 - me])
    values = []
    for action in env.legal_actions():
        child = env.clone()
        child.step(action)
        values.append(-plain_negamax(child, agent, depth - 1))
    return max(values)


@pytest.mark.parametrize("depth", [1, 2, 3])
def test_alpha_beta_equals_plain_negamax(depth):
    rng = np.random.default_rng(depth)
    agent = AlphaBetaAgent(depth)
    for seed in range(10):
        env = games.make("othello", seed=seed)
        for _ in range(int(rng.integers(2, 24))):
            env.step(random_agent(env))
            if env.terminated:
                break
        if env.terminated or env.legal_actions() == [env.pass_action]:
            continue
        values = agent.move_values(env)
        exact = {}
        for action in env.legal_actions():
            child = env.clone()
            child.step(action)
            exact[action] = -plain_negamax(child, agent, depth - 1)
        best = max(exact.values())
        assert max(values.values()) == best
        assert {a for a, v in values.items() if v == best} == {a for a, v in exact.items() if v == best}
        assert all(values[a] >= exact[a] for a in exact)  # a pruned move gets an upper bound


def test_alpha_beta_takes_a_corner_and_a_won_ending():
    # the corner position: 0 is a corner, 21 flips more; alpha-beta (any depth) wants the corner
    assert AlphaBetaAgent(1)(position(CORNER_POSITION)) == 0
    # a move that wipes out the opponent wins at once: value WIN + discs
    env = position(["BW....", "......", "......", "......", "......", "......"])
    assert env.legal_actions() == [2]
    assert AlphaBetaAgent(3).move_values(env)[2] == WIN + 3


def test_in_the_arena():
    result = arena.evaluate("othello", AlphaBetaAgent(2), classic_opponent, n=10, seed=0, progress=False)
    assert result.wins >= 7 and result.illegal_a == result.illegal_b == 0
    result = arena.evaluate("othello", greedy_agent, random_agent, n=10, seed=0, progress=False, size=4)
    assert result.n == 10
