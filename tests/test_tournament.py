"""games.tournament: a round robin whose standings rank the strong above the weak, and that a bad entrant
(an error, an illegal move, a slow move) loses games in, never stops."""

import time

import numpy as np
import pytest

import games
from games import round_robin
from games.agents import random_agent
from games.agents.connectfour import AlphaBetaAgent, one_step_agent
from games.agents.minesweeper import MinesweeperSolver
from games.errors import AgentFileError, BadOptionError


def save(agent, path, **settings):
    """``games.save_agent``, and the path of the file it wrote."""
    games.save_agent(agent, path, **settings)
    return str(path) if str(path).endswith(".agent") else f"{path}.agent"


def test_connect_four_standings_rank_alpha_beta_above_one_step_above_random():
    entrants = {"random": random_agent, "alphabeta": AlphaBetaAgent(depth=3), "one_step": one_step_agent}
    standings = games.tournament("connectfour", entrants, games_per_pair=10, seed=0, progress=False)
    assert standings.ranking == ["alphabeta", "one_step", "random"]
    rows = {row["name"]: row for row in standings.rows}
    assert all(row["games"] == 20 and row["wins"] + row["draws"] + row["losses"] == 20 for row in rows.values())
    assert rows["alphabeta"]["elo_low"] > rows["random"]["elo_high"]  # clearly apart, even with 10 games a pair
    assert abs(np.mean([row["elo"] for row in rows.values()]) - 1500) < 1e-6


def crashes(env):
    raise ZeroDivisionError("oops")


def illegal(env):
    return 99


def slow(env):
    time.sleep(0.12)  # over the limit of 0.1 s below, which one_step (about 1 ms a move) is far under
    return env.legal_actions()[0]


def test_a_bad_entrant_loses_its_games_and_the_tournament_goes_on():
    entrants = {"crashes": crashes, "illegal": illegal, "slow": slow, "one_step": one_step_agent}
    standings = games.tournament("connectfour", entrants, games_per_pair=4, seed=1, time_limit=0.1,
                                 progress=False)
    rows = {row["name"]: row for row in standings.rows}
    assert rows["one_step"]["wins"] == 12 and standings.ranking[0] == "one_step"
    # each bad entrant forfeits all 4 games against one_step, and the 2 of 4 it starts against each other bad one
    assert rows["crashes"]["forfeits"] == {"raised": 8, "illegal": 0, "slow": 0} and rows["crashes"]["losses"] == 8
    assert rows["illegal"]["forfeits"] == {"raised": 0, "illegal": 8, "slow": 0}
    assert rows["slow"]["forfeits"] == {"raised": 0, "illegal": 0, "slow": 8}
    assert rows["one_step"]["forfeits"] == {"raised": 0, "illegal": 0, "slow": 0}
    text = str(standings)
    assert "forfeits: error/illegal/slow" in text and "0/0/8" in text
    replay = standings.replay("crashes", "one_step", game=1)
    assert "raised an error (ZeroDivisionError: oops): loses" in replay._build()


def test_the_same_seed_gives_the_same_standings():
    entrants = [random_agent, one_step_agent]
    first = games.tournament("connectfour", entrants, games_per_pair=6, seed=5, progress=False)
    again = games.tournament("connectfour", entrants, games_per_pair=6, seed=5, progress=False)
    other = games.tournament("connectfour", entrants, games_per_pair=6, seed=6, progress=False)
    assert [g.moves for g in first.games] == [g.moves for g in again.games]
    assert [g.moves for g in first.games] != [g.moves for g in other.games]
    assert [g.seed for g in first.games] == [round_robin.game_seed(5, g) for g in range(6)]  # hashed from 5
    assert [g.players for g in first.games] == [(0, 1), (1, 0)] * 3  # both seats in turn


def test_more_games_give_narrower_elo_intervals():
    entrants = {"random": random_agent, "also random": random_agent}  # close: a lopsided score stays unsure
    widths = []
    for n in (4, 16):
        row = games.tournament("connectfour", entrants, games_per_pair=n, seed=0, progress=False).rows[0]
        widths.append(row["elo_high"] - row["elo_low"])
    assert widths[1] < 0.6 * widths[0]  # about 1 / sqrt(4) = 0.5


def test_elo_intervals_match_the_spread_of_ratings_over_many_tournaments():
    rng = np.random.default_rng(0)  # two agents, A wins 70 %: how much does A's fitted rating vary?
    n, elos = 40, []
    for _ in range(300):
        wins = rng.binomial(n, 0.7)
        points, played = np.array([[0, wins], [n - wins, 0]], float), np.array([[0, n], [0, 0]], float)
        elos.append(games.arena.fit_elo(points, played)[0])
    points, played = np.array([[0, 28], [12, 0]], float), np.array([[0, n], [0, 0]], float)
    elo = games.arena.fit_elo(points, played)
    low, high = round_robin.elo_intervals(points, played, elo)[0]
    assert 0.8 < (high - low) / 2 / (1.96 * np.std(elos)) < 1.25


def test_one_player_games_play_the_same_seeds_and_rank_by_win_rate():
    entrants = {"random": random_agent, "solver": MinesweeperSolver()}
    standings = games.tournament("minesweeper", entrants, games_per_pair=6, seed=3, progress=False, rows=5, cols=5,
                                 mines=3)
    assert standings.ranking == ["solver", "random"]
    seeds = {name: [g.seed for g in standings.games if standings.names[g.players[0]] == name] for name in entrants}
    assert seeds["random"] == seeds["solver"] == [round_robin.game_seed(3, g) for g in range(6)]
    row = standings.rows[0]
    assert row["win_low"] <= row["win_rate"] <= row["win_high"] and "win rate" in str(standings)
    assert "bar chart" in str(standings.plot())
    assert len(standings.replay("solver", game=2).frames) == len(standings.games[8].moves) + 1


def test_plot_and_replay_of_a_two_player_tournament():
    standings = games.tournament("tictactoe", [random_agent, games.agents.tictactoe.minimax_agent],
                                 games_per_pair=2, progress=False)
    picture = standings.plot()
    assert isinstance(picture, games.Picture) and "minimax_ag" in picture.svg
    replay = standings.replay("minimax_agent", "random_agent", game=1)
    assert len(replay.frames) == len(standings.games[1].moves) + 1
    with pytest.raises(BadOptionError, match="No game between nobody and random_agent"):
        standings.replay("nobody", "random_agent")


def test_entrants_from_files_and_a_file_for_another_game(tmp_path, capsys):
    save(one_step_agent, tmp_path / "aiko", name="Aiko")
    save(random_agent, tmp_path / "ben", name="Ben", game="connectfour")
    standings = games.tournament("connectfour", str(tmp_path), games_per_pair=2, progress=False)
    assert standings.ranking == ["Aiko", "Ben"]
    wrong = games.load_agent(save(random_agent, tmp_path / "other" / "x", name="Eri", game="othello"))
    with pytest.raises(AgentFileError, match="Eri plays othello, not connectfour"):
        games.tournament("connectfour", {"Eri": wrong, "Aiko": one_step_agent}, progress=False)
    with pytest.raises(BadOptionError, match="not an agent"):
        games.tournament("connectfour", {"Aiko": one_step_agent, "Ben": 3}, progress=False)
    with pytest.raises(BadOptionError, match="at least 2 entrant"):
        games.tournament("connectfour", [one_step_agent], progress=False)
