"""Puyo Puyo: placements, gravity, popping, Puyo Puyo Tsu scores worked out by hand, game over.

Boards are written as columns, bottom puyo first: ``cols(R=[...])`` style helpers below.
Colours: 1 R(ed), 2 G(reen), 3 B(lue), 4 Y(ellow).
"""

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import games
from games.agents import random_agent
from games.envs.puyopuyo import (CHAIN_POWER, NEIGHBOURS, PLACEMENTS, action_to_placement,
                                 chain_power, chain_step_score, placement_to_action)
from games.errors import BadOptionError, GameOverError, IllegalActionError

R, G, B, Y = 1, 2, 3, 4
RIGHT, UP, LEFT, DOWN = 0, 1, 2, 3


def board_from_columns(*columns):
    """A (12, 6) board from up to 6 column stacks, each listed from the bottom up."""
    board = np.zeros((12, 6), dtype=int)
    for col, stack in enumerate(columns):
        for height, colour in enumerate(stack):
            board[11 - height, col] = colour
    return board


def start(columns, pairs, colours=4):
    env = games.make("puyopuyo", colours=colours)
    env.reset(seed=0, options={"board": board_from_columns(*columns), "pairs": pairs})
    return env


def column(env, col):
    """The puyos of a column, bottom first."""
    stack = env.board[::-1, col].tolist()
    return stack[:stack.index(0)] if 0 in stack else stack


def check_sound(env):
    """Invariants after every move: conservation, gravity, no group left to pop, heights."""
    board = env.board
    assert board.dtype == np.int8 and board.shape == (12, 6)
    assert np.count_nonzero(board) == env.puyos_placed - env.puyos_popped
    for col in range(6):
        filled = board[:, col] != 0
        height = int(filled.sum())
        assert env.heights[col] == height
        assert filled.tolist() == [False] * (12 - height) + [True] * height, "a puyo floats"
    flat = board.ravel().tolist()
    seen = set()
    for cell, colour in enumerate(flat):  # a plain flood fill: no group of 4 may stay
        if colour and cell not in seen:
            group, todo = {cell}, [cell]
            while todo:
                for n in NEIGHBOURS[todo.pop()]:
                    if flat[n] == colour and n not in group:
                        group.add(n)
                        todo.append(n)
            seen |= group
            assert len(group) < 4


# ------------------------------------------------------------------------ placements
def test_the_22_placements_in_ascending_order_and_their_helpers():
    assert len(PLACEMENTS) == 22 == games.make("puyopuyo").num_actions
    assert list(PLACEMENTS) == sorted(PLACEMENTS)
    assert PLACEMENTS[:3] == ((0, RIGHT), (0, UP), (0, DOWN))
    assert PLACEMENTS[-3:] == ((5, UP), (5, LEFT), (5, DOWN))
    for action, (col, rotation) in enumerate(PLACEMENTS):
        assert action_to_placement(action) == (col, rotation)
        assert placement_to_action(col, rotation) == action
    assert placement_to_action(2, UP) == 8
    env = games.make("puyopuyo")
    assert env.placement_to_action(5, DOWN) == 21 and env.action_to_placement(0) == (0, RIGHT)
    for col, rotation in [(0, LEFT), (5, RIGHT), (6, UP), (-1, UP), (2, 4), (2.0, 1)]:
        with pytest.raises(IllegalActionError):
            placement_to_action(col, rotation)
    with pytest.raises(IllegalActionError):
        action_to_placement(22)


def test_every_placement_is_legal_on_an_empty_board_and_lands_where_it_says():
    for action, (col, rotation) in enumerate(PLACEMENTS):
        env = start([], [(R, G)])
        assert env.legal_actions() == list(range(22))
        env.step(action)
        board = env.board
        other = col + {RIGHT: 1, LEFT: -1}.get(rotation, 0)
        if rotation == UP:
            assert column(env, col) == [R, G]
        elif rotation == DOWN:
            assert column(env, col) == [G, R]
        else:
            assert board[11, col] == R and board[11, other] == G
        assert np.count_nonzero(board) == 2


def test_a_tuple_is_the_same_as_its_action_number():
    a, b = start([], [(R, G)]), start([], [(R, G)])
    a.step((3, LEFT))
    b.step(placement_to_action(3, LEFT))
    assert np.array_equal(a.board, b.board)
    env = start([], [(R, G)])
    with pytest.raises(IllegalActionError, match="outside the well"):
        env.step((0, LEFT))
    assert env.puyos_placed == 0


# --------------------------------------------------------------------------- gravity
def test_gravity_a_lying_pair_splits_and_puyos_fall_after_a_pop():
    # column 0 has 3 puyos, column 1 none: a lying pair lands at two heights
    env = start([[G, B, G], []], [(R, Y), (B, B), (G, Y)])
    env.step((0, RIGHT))
    assert column(env, 0) == [G, B, G, R] and column(env, 1) == [Y]
    assert env.board[8, 0] == R and env.board[11, 1] == Y  # row 0 is the TOP
    env.step((1, UP))  # the upright pair (B, B) on top of the Y in column 1
    assert column(env, 1) == [Y, B, B]
    check_sound(env)


def test_puyos_above_a_popping_group_fall_down():
    # column 0: R R R then G on top; the red pivot lands beside the reds in column 1
    env = start([[R, R, R, G], [], []], [(R, Y)])
    _, reward, *_ = env.step((1, UP))
    assert reward == 40
    assert column(env, 0) == [G] and column(env, 1) == [Y]  # G fell 3 rows, Y fell 1
    check_sound(env)



@pytest.mark.parametrize("seed", range(6))
def test_the_rule_functions_on_bare_lists_play_as_the_env(seed):
    """place_pair and resolve_chain are the one copy of the rules (the env and the search
    agent both use them): on plain lists they give the env's board, points and chain steps."""
    from games.envs.puyopuyo import place_pair, resolve_chain
    env = games.make("puyopuyo", seed=seed)
    rng = np.random.default_rng(seed)
    while not env.terminated:
        cells, heights = env.board.ravel().tolist(), env.heights
        action = int(rng.choice(env.legal_actions()))
        column, rotation = PLACEMENTS[action]
        landed = place_pair(cells, heights, column, rotation, env.pair)
        steps = []
        points, chain = resolve_chain(cells, heights, landed, steps)
        _, reward, *_, info = env.step(action)
        assert cells == env.board.ravel().tolist() and heights == env.heights
        assert (points, chain, steps) == (reward, info["chain"], info["chain_steps"])


# ------------------------------------------------------------------- Tsu scoring
def test_tsu_tables():
    assert [chain_power(n) for n in range(1, 20)] == [0, 8, 16, 32, 64, 96, 128, 160, 192, 224, 256, 288,
                                                       320, 352, 384, 416, 448, 480, 512]
    assert CHAIN_POWER[-1] == 512 and chain_power(20) == 544  # +32 a step, never reached on 6 x 12
    # colour bonus 1..5 colours: 0, 3, 6, 12, 24 (groups of 4, chain 1: only the bonus counts)
    assert [chain_step_score(1, [4] * n, n) // (40 * n) for n in range(1, 6)] == [1, 3, 6, 12, 24]
    # group bonus by size, one group at chain 1: 4:0 -> clamp 1, 5:2, 6:3, ... 10:7, 11+:10
    assert [chain_step_score(1, [size], 1) // (10 * size) for size in range(4, 14)] == \
        [1, 2, 3, 4, 5, 6, 7, 10, 10, 10]


def test_the_multiplier_is_clamped_to_999():
    # chain 19 (512) + 5 colours (24) + 60 groups of 11 (600) = 1136 -> 999. Impossible on a
    # 6 x 12 board (72 cells), so the clamp is checked on the formula itself.
    assert chain_step_score(19, [11] * 60, 5) == 10 * 660 * 999
    assert chain_step_score(19, [11] * 45, 5) == 10 * 495 * (512 + 24 + 450)  # 986: not clamped


def test_a_single_group_of_4_scores_40():
    # clamp to 1: chain power 0 + colour bonus 0 + group bonus 0 = 0 -> 1; 10 * 4 * 1
    env = start([[R, R, R]], [(R, G)])
    _, reward, terminated, _, info = env.step((0, UP))
    assert reward == 40 and info["score"] == 40 and env.score == 40
    assert info["chain"] == 1 and not terminated
    assert info["chain_steps"] == [{"chain": 1, "cleared": 4, "groups": [4], "colours": 1, "score": 40}]
    assert column(env, 0) == [G]


def test_a_group_of_5_scores_100():
    # 10 * 5 * (0 + 0 + 2)
    env = start([[R, R, R]], [(R, R)])
    _, reward, *_ = env.step((0, UP))
    assert reward == 100
    assert env.board.sum() == 0


def test_two_groups_of_one_colour_at_once():
    # column 0: G G R R R, column 1: B, column 2: R R R. The pair (R, R) lying from column 0:
    # one red lands on column 0 (rows up 5), the other on column 1 (up 1), next to column 2's reds.
    # Two separate groups of 4: 10 * 8 * clamp(0 + 0 + 0 + 0) = 80
    env = start([[G, G, R, R, R], [B], [R, R, R]], [(R, R)])
    _, reward, _, _, info = env.step((0, RIGHT))
    assert info["chain_steps"] == [{"chain": 1, "cleared": 8, "groups": [4, 4], "colours": 1, "score": 80}]
    assert reward == 80 and info["chain"] == 1
    assert column(env, 0) == [G, G] and column(env, 1) == [B] and column(env, 2) == []


def test_two_colours_at_once_get_the_colour_bonus():
    # column 0: R R R, column 1: G G G; the pair (R, G) lying: both groups pop together.
    # 10 * 8 * (0 + 3 + 0 + 0) = 240
    env = start([[R, R, R], [G, G, G]], [(R, G)])
    _, reward, _, _, info = env.step((0, RIGHT))
    assert reward == 240 and info["chain_steps"][0]["colours"] == 2
    assert env.board.sum() == 0


def test_a_four_chain():
    # Stairs: column 0: Y Y Y, column 1: B B B Y, column 2: G G G B, column 3: R R R G.
    # The pair (R pivot, G on top) upright in column 4:
    #  step 1: R R R + R            -> 10 * 4 * clamp(0)        =   40; G's fall in columns 3 and 4
    #  step 2: G G G + G + G (5)    -> 10 * 5 * (8 + 0 + 2)     =  500; column 2's B falls
    #  step 3: B B B + B            -> 10 * 4 * 16              =  640; column 1's Y falls
    #  step 4: Y Y Y + Y            -> 10 * 4 * 32              = 1280
    # total 2460, and the board is empty.
    env = start([[Y, Y, Y], [B, B, B, Y], [G, G, G, B], [R, R, R, G]], [(R, G)])
    _, reward, _, _, info = env.step((4, UP))
    assert [step["score"] for step in info["chain_steps"]] == [40, 500, 640, 1280]
    assert [step["groups"] for step in info["chain_steps"]] == [[4], [5], [4], [4]]
    assert reward == 2460 and info["chain"] == 4 and env.score == 2460
    assert env.board.sum() == 0
    assert env.puyos_placed == 15 + 2 and env.puyos_popped == 4 + 5 + 4 + 4


def test_a_two_chain_with_two_colours_and_a_group_bonus():
    # column 1: G G G; column 2: Y Y R R R G B; column 3: G B B B. Pair (R pivot, B on top)
    # upright in column 3: the R lands on row-up 4, next to the top red of column 2.
    #  step 1: R R R + R -> 40. Column 2 drops G, B by 3; the pair's B drops onto column 3's B's.
    #  step 2: G: 3 in column 1 + 1 = 4 (bonus 0); B: 3 + 1 in column 3 + 1 in column 2 = 5 (bonus 2)
    #          10 * 9 * (8 + 3 + 0 + 2) = 1170
    # total 1210; left: column 2: Y Y, column 3: G.
    env = start([[], [G, G, G], [Y, Y, R, R, R, G, B], [G, B, B, B]], [(R, B)])
    _, reward, _, _, info = env.step((3, UP))
    assert [step["score"] for step in info["chain_steps"]] == [40, 1170]
    assert sorted(info["chain_steps"][1]["groups"]) == [4, 5] and info["chain_steps"][1]["colours"] == 2
    assert reward == 1210 and info["chain"] == 2
    assert column(env, 1) == [] and column(env, 2) == [Y, Y] and column(env, 3) == [G]


def test_no_pop_no_points():
    env = start([[R, R]], [(R, G)])
    _, reward, _, _, info = env.step((0, UP))
    assert reward == 0.0 and info["chain"] == 0 and info["chain_steps"] == []


# ----------------------------------------------------------- blocked path, game over
FULL = [R, G] * 6  # 12 puyos, no group


def test_a_full_column_blocks_the_way_from_the_spawn_column():
    env = start([[], [], [], FULL, [], []], [(R, G)])
    legal = [PLACEMENTS[a] for a in env.legal_actions()]
    assert all(max(col, col + {RIGHT: 1, LEFT: -1}.get(rot, 0)) <= 2 for col, rot in legal)
    assert sorted(legal) == [p for p in PLACEMENTS if max(p[0], p[0] + {0: 1, 2: -1}.get(p[1], 0)) <= 2]
    assert len(legal) == 3 + 4 + 3  # columns 0..2: (0: R U D) (1: all) (2: U L D)
    with pytest.raises(IllegalActionError, match="blocked: column 3 is full"):
        env.step((5, UP))
    with pytest.raises(IllegalActionError, match="does not fit: column 3"):
        env.step((2, RIGHT))
    # and on the left: column 1 full blocks column 0 only
    env = start([[], FULL, [], [], [], []], [(R, G)])
    assert [a for a in range(22) if PLACEMENTS[a][0] == 0] == [0, 1, 2]
    assert not set(env.legal_actions()) & {0, 1, 2, 3, 4, 5, 6, 9}  # every placement touching 0 or 1
    assert len(env.legal_actions()) == 22 - 8


def test_an_upright_pair_needs_two_free_cells():
    env = start([[], [], [], [], [], FULL[:11]], [(R, G)])
    assert placement_to_action(5, UP) not in env.legal_actions()
    assert placement_to_action(4, RIGHT) in env.legal_actions()  # one free cell is enough for one puyo
    with pytest.raises(IllegalActionError, match="column 5 has only 1 free cell"):
        env.step((5, DOWN))


def test_filling_the_spawn_cell_ends_the_game():
    env = start([[], [], FULL[:11], [], [], []], [(B, Y), (B, B)])
    assert not env.terminated
    _, reward, terminated, _, info = env.step((2, RIGHT))  # B into the spawn cell, Y to column 3
    assert terminated and env.board[0, 2] == B and reward == 0.0
    assert env.legal_actions() == [] and not info["action_mask"].any()
    with pytest.raises(GameOverError):
        env.step(0)


def test_the_game_also_ends_when_no_placement_is_left():
    # columns 1 and 3 full, column 2 has 9: the upright pair fills it to 11, and then no
    # placement fits (column 2 needs 2 free cells, the lying ones need columns 1 or 3)
    env = start([[], FULL, [Y, B, Y, B, Y, B, Y, B, Y], FULL, [], []], [(R, G)])
    assert env.legal_actions() == [placement_to_action(2, UP), placement_to_action(2, DOWN)]
    _, _, terminated, *_ = env.step((2, UP))
    assert terminated and env.board[0, 2] == 0  # the spawn cell itself is still free
    assert env.legal_actions() == []


def test_an_illegal_placement_changes_nothing_and_explains_in_japanese():
    env = start([[], [], [], FULL, [], []], [(R, G)])
    before = (env.board.copy(), env.pair, env.score, env.puyos_placed)
    games.set_language("ja")
    with pytest.raises(IllegalActionError, match="いっぱい") as caught:
        env.step((4, UP))
    assert "今できる行動" in str(caught.value)
    assert (env.board.tolist(), env.pair, env.score, env.puyos_placed) == (before[0].tolist(), *before[1:])


def test_illegal_lose_ends_the_game():
    env = games.make("puyopuyo", illegal="lose")
    env.reset(seed=0, options={"board": board_from_columns([], [], [], FULL), "pairs": [(R, G)]})
    _, reward, terminated, _, info = env.step((5, UP))
    assert (reward, terminated, info["illegal_move"]) == (-1.0, True, True)


# ---------------------------------------------------------------------- random play
@pytest.mark.parametrize("colours", [3, 4, 5])
def test_random_games_keep_every_invariant(colours):
    env = games.make("puyopuyo", colours=colours)
    for seed in range(12):
        _, info = env.reset(seed=seed)
        assert env.score == 0 and info["chain"] == 0
        while not env.terminated:
            score = env.score
            pair, following = info["pair"], info["next_pairs"]
            _, reward, terminated, _, info = env.step(random_agent(env))
            check_sound(env)
            assert reward == env.score - score == sum(step["score"] for step in info["chain_steps"])
            assert info["chain"] == len(info["chain_steps"]) and info["score"] == env.score
            assert info["pair"] == following[0] and info["next_pairs"][0] == following[1]
            assert all(1 <= c <= colours for p in [pair, *following] for c in p)
            assert np.flatnonzero(info["action_mask"]).tolist() == env.legal_actions()
            assert terminated == (env.board[0, 2] != 0 or not env._compute_legal())


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32), choices=st.lists(st.integers(0, 21), max_size=60))
def test_any_sequence_of_legal_placements_keeps_the_puyos(seed, choices):
    env = games.make("puyopuyo", seed=seed)
    for choice in choices:
        if env.terminated:
            break
        legal = env.legal_actions()
        env.step(legal[choice % len(legal)])
        check_sound(env)


def test_the_pairs_come_from_the_seed_not_from_the_agents_draws():
    def pairs_seen(seed, draw):
        env = games.make("puyopuyo")
        _, info = env.reset(seed=seed)
        seen = [info["pair"], *info["next_pairs"]]
        for _ in range(30):
            if env.terminated:
                break
            if draw:
                env.np_random.integers(100, size=7)  # an agent's own random choices
            action = random_agent(env) if draw else env.legal_actions()[len(seen) % len(env.legal_actions())]
            _, _, _, _, info = env.step(action)
            seen.append(info["next_pairs"][-1])
        return seen

    n = 12  # compare the first pairs of both games (the number of moves differs)
    assert pairs_seen(4, draw=True)[:n] == pairs_seen(4, draw=False)[:n]
    assert pairs_seen(4, draw=False)[:n] != pairs_seen(5, draw=False)[:n]
    # long games draw new blocks of pairs: the sequence stays fixed by the seed
    env = games.make("puyopuyo", seed=9)
    far = [env._pair_at(i) for i in range(300)]
    assert far == [games.make("puyopuyo", seed=9)._pair_at(i) for i in range(300)]


def test_clone_is_independent():
    env = games.make("puyopuyo", seed=3)
    for _ in range(5):
        env.step(random_agent(env))
    before = (env.board.tolist(), env.heights, env.score, env.pair, env.next_pairs, env.legal_actions())
    copy = env.clone()
    while not copy.terminated:
        copy.step(random_agent(copy))
    copy._pair_at(500)  # the copy draws many more pairs
    assert (env.board.tolist(), env.heights, env.score, env.pair, env.next_pairs, env.legal_actions()) == before


def test_bad_reset_options_change_nothing():
    env = games.make("puyopuyo", seed=1)
    env.step(0)
    before = env.board.tolist()
    floating = board_from_columns([R])
    floating[5, 3] = G
    for options in [{"board": floating},
                    {"board": board_from_columns([R, R, R, R])},
                    {"board": np.zeros((12, 5), int)},
                    {"board": board_from_columns([7])},
                    {"board": board_from_columns([], [], FULL)},  # the spawn cell is taken
                    {"board": board_from_columns([], FULL, FULL[:11], FULL)},  # no placement fits
                    {"pairs": [(1, 9)]}, {"pairs": [(1,)]}, {"pairs": 3}, {"colour": 1}]:
        with pytest.raises(BadOptionError):
            env.reset(options=options)
        assert env.board.tolist() == before and env.puyos_placed == 2


def test_picture_shows_pairs_score_and_letters():
    env = start([[R, R, R]], [(R, G), (B, Y), (G, G), (R, R)])
    env.step((0, UP))
    svg = env.render().svg
    for letter in "RGBY":
        assert f">{letter}</text>" in svg
    assert "NEXT" in svg and ">40</text>" in svg
    assert str(env).splitlines()[-1].startswith("pair BY next GG RR score 40")
