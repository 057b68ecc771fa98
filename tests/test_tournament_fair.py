"""A fair class tournament (issue 37): the same agent under two names is flagged, a time budget cuts the schedule
evenly and says so, the winner plays on the board from its own sandbox, and a replay shows an entrant's text as
text."""

import time

import games
from games import dqn
from games.agents import random_agent
from games.agents.tictactoe import minimax_agent


def center_first(env):
    """Aiko's agent: the middle columns first."""
    legal = env.legal_actions()
    for column in (3, 2, 4, 1, 5, 0, 6):
        if column in legal:
            return column


def copied(env):
    # Ben's copy of Aiko's agent: renamed, its comments changed.
    legal = env.legal_actions()
    for column in (3, 2, 4, 1, 5, 0, 6):
        if column in legal:
            return column


def edges_first(env):
    legal = env.legal_actions()
    for column in (0, 6, 1, 5, 2, 4, 3):
        if column in legal:
            return column


def test_the_same_code_or_weights_under_two_names_is_flagged(tmp_path):
    games.save_agent(center_first, tmp_path / "aiko.agent", name="Aiko", game="connectfour")
    (tmp_path / "ben.agent").write_bytes((tmp_path / "aiko.agent").read_bytes())  # the same file, renamed
    games.save_agent(copied, tmp_path / "chie.agent", name="Chie", game="connectfour")
    games.save_agent(edges_first, tmp_path / "dai.agent", name="Dai", game="connectfour")
    trained = dqn.DQNAgent("connectfour", seed=0, hidden=(8,))
    games.save_agent(trained, tmp_path / "eri.agent", name="Eri")
    games.save_agent(trained, tmp_path / "fumi.agent", name="Fumi")
    entrants = games.load_agents(str(tmp_path), game="connectfour")
    standings = games.tournament("connectfour", entrants, games_per_pair=2, seed=1, progress=False)
    same = sorted(sorted(group) for group in standings.same)
    assert same == [sorted(n for n in entrants if n.lower().startswith(("aiko", "ben", "chie"))),
                    sorted(n for n in entrants if n.lower().startswith(("eri", "fumi")))]
    rows = {row["name"]: row for row in standings.rows}
    assert [row["same_as"] for name, row in rows.items() if name.lower().startswith("dai")] == [[]]
    assert "The same agent (same code or weights) under 3 names" in str(standings)


def slow_random(env):
    import time
    time.sleep(0.02)
    return env.legal_actions()[0]


def test_a_time_budget_cuts_the_schedule_evenly_and_the_standings_say_so():
    entrants = {name: slow_random for name in ("a", "b", "c", "d")}
    start = time.monotonic()
    standings = games.tournament("tictactoe", entrants, games_per_pair=40, seed=0, minutes=0.05, progress=False)
    took = time.monotonic() - start
    assert took < 0.05 * 60 + 5  # the budget, and the game under way when it ran out
    assert 0 < len(standings.games) < standings.scheduled == 6 * 40 and standings.cut_short
    counts = {}
    for g in standings.games:
        counts[tuple(sorted(g.players))] = counts.get(tuple(sorted(g.players)), 0) + 1
    assert max(counts.values()) - min(counts.values(), default=0) <= 2  # at most one round (two games) apart
    short = {tuple(sorted(pair)) for pair in standings.short_pairs()}
    most = max(counts.values())
    assert short == {tuple(sorted(standings.names[p] for p in pair)) for pair, n in counts.items() if n < most} | \
        {tuple(sorted(standings.names[p] for p in (i, j))) for i in range(4) for j in range(i + 1, 4)
         if (i, j) not in counts}
    for pair, n in counts.items():  # both seats equally often in every whole round
        seats = [g.players for g in standings.games if tuple(sorted(g.players)) == pair]
        assert abs(sum(s == pair for s in seats) - sum(s != pair for s in seats)) <= 1
    assert "Time ran out" in str(standings)


def writes_into_games(env):
    """An agent that leaves a mark in the Python it runs in."""
    import games
    games.LEFT_BY_THE_WINNER = True
    return env.legal_actions()[0]


def test_the_winner_plays_on_the_board_from_its_own_sandbox():
    standings = games.tournament("tictactoe", {"mark": writes_into_games, "minimax": minimax_agent},
                                 games_per_pair=2, seed=0, progress=False)
    winner = standings.agent(standings.ranking[0])
    other = standings.agent("mark")
    record = games.arena.play("tictactoe", [other, winner], seed=0, frames=False)
    assert record.illegal is None and len(record.moves) >= 5
    assert not hasattr(games, "LEFT_BY_THE_WINNER")  # its code ran elsewhere, not in this Python
    board = games.play("tictactoe", winner)  # the board of the lesson takes it as it takes any agent
    assert board is not None
    winner.close()
    other.close()


def raises_markup(env):
    raise ValueError("<!--<script>")


def test_an_error_text_in_a_replay_stays_text():
    standings = games.tournament("tictactoe", {"markup": raises_markup, "random": random_agent}, games_per_pair=2,
                                 seed=0, progress=False)
    html = standings.replay("markup", "random").html
    script = html[html.index("<script>") + len("<script>"):html.rindex("</script>")]
    assert "<!--" not in script and "<script" not in script


def test_every_order_of_play_plays_each_game_once_and_a_budget_plays_round_by_round():
    from games import round_robin
    schedule = round_robin._schedule(2, 9, 4, seed=0)
    for block, by_rounds in ((None, False), (3, False), (None, True), (3, True)):
        order = round_robin._order_of_play(schedule, block, by_rounds)
        assert sorted(order) == list(range(len(schedule)))
        if by_rounds:
            rounds = [schedule[i][0] for i in order]
            assert rounds == sorted(rounds)
