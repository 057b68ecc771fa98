"""A strength ladder: every search agent and every lesson agent against opponents nobody here wrote.

    python bench/strength.py                       # the three two-player games (a few minutes)
    python bench/strength.py tictactoe othello     # some of them

The rungs of the ladder:

- **tic-tac-toe and Connect Four**: OpenSpiel's MCTS bot (its C++ ``pyspiel.MCTSBot``: UCT
  with random rollouts, ``uct_c`` = 2, no solver) at 10, 30, 100, 300 and 1,000 simulations a
  move, in both seats;
- **Othello 6 × 6**: the lesson-3 alpha-beta (``games.agents.othello.AlphaBetaAgent``, the
  solution of lesson 32) at depths 1 to 4. (OpenSpiel's Othello is 8 × 8 only.)

Each agent plays ``GAMES_PER_SEAT`` games in each seat against each rung, on seeds from
``SEED`` (the lessons never use them); a game scores 1 for a win and ½ for a draw. An agent is
*placed* at the highest rung it reaches climbing from the bottom while it scores at least 50 %.
The lesson agents are read from ``_build/lessons/`` (``bench/lessons.py`` writes them: each DQN lesson run as written in
Pyodide); a lesson whose agent is not there is left out, and the table says so. A lesson that has
no ``final_agent`` yet also gets its network placed inside a ``dqn.SearchAgent`` of ``PROTOTYPE_DEPTH``
(no further learning): what the search alone adds to the network.

OpenSpiel is a bench-only dependency (``pip install open_spiel``, 2.0.2 here): neither the
package nor the tests need it.
"""

import json
import os
import sys
import time
from pathlib import Path

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

LESSON_AGENTS = ROOT / "_build" / "lessons"
SEED = 70_000  # new to every agent: the lessons use small seeds, bench/lessons.py 50,000 on
MCTS_SIMULATIONS = (10, 30, 100, 300, 1000)
OTHELLO_DEPTHS = (1, 2, 3, 4)
GAMES_PER_SEAT = {"tictactoe": 50, "connectfour": 20, "othello": 50}
SPIEL_NAMES = {"tictactoe": "tic_tac_toe", "connectfour": "connect_four"}  # same actions: square, column
PROTOTYPE_DEPTH = 2  # a lesson without a final agent: its network is placed inside a search of this depth too
LESSONS = {"tictactoe": "13_tictactoe_4_dqn", "connectfour": "23_connectfour_4_dqn", "othello": "33_othello_4_dqn"}


# ------------------------------------------------------------------ the agents placed on the ladder
def search_agents(game):
    """The package's own agents of ``game``: name -> agent(env)."""
    from games.agents import connectfour, othello, random_agent, tictactoe
    if game == "tictactoe":
        return {"random": random_agent, "minimax (perfect)": tictactoe.minimax_agent}
    if game == "connectfour":
        return {"random": random_agent, "one_step": connectfour.one_step_agent,
                **{f"alphabeta{d}": connectfour.AlphaBetaAgent(depth=d) for d in (2, 4, 6)}}
    return {"random": random_agent, "greedy": othello.greedy_agent, "classic": othello.classic_opponent,
            **{f"alphabeta{d}": othello.AlphaBetaAgent(depth=d) for d in OTHELLO_DEPTHS}}


def lesson_agents(game):
    """The lesson's trained agents saved by ``bench/lessons.py``: its ``agent`` and, if any, its ``final_agent``."""
    from games import dqn
    found = {}
    for suffix, label in (("", "lesson agent"), (".final", "lesson final_agent")):
        path = LESSON_AGENTS / f"{LESSONS[game]}{suffix}.npz"
        if path.exists():
            found[f"{LESSONS[game][:2]} {label}"] = dqn.load(path)
    lesson = found.get(f"{LESSONS[game][:2]} lesson agent")
    if lesson is not None and len(found) == 1:  # no final agent yet: the lesson's network in a search, as is
        found[f"{LESSONS[game][:2]} network in a {PROTOTYPE_DEPTH}-move search"] = \
            dqn.SearchAgent.from_agent(lesson, depth=PROTOTYPE_DEPTH)
    return found


# ------------------------------------------------------------------ the rungs
def mcts_match(game, agent, simulations, games_per_seat, seed):
    """``agent`` against OpenSpiel's MCTS bot, ``games_per_seat`` games in each seat: (wins, draws, losses)."""
    import pyspiel

    import games
    spiel_game = pyspiel.load_game(SPIEL_NAMES[game])
    wins = draws = losses = 0
    for i in range(2 * games_per_seat):
        agent_seat = i % 2
        bot = pyspiel.MCTSBot(spiel_game, pyspiel.RandomRolloutEvaluator(1, seed + i), 2.0, simulations,
                              1000, False, seed + i, False)
        env, state = games.make(game), spiel_game.new_initial_state()
        env.reset(seed=seed + i)  # the tie-breaks of our agents
        while not env.terminated:
            action = agent(env) if env.current_player == agent_seat else bot.step(state)
            env.play(int(action))
            state.apply_action(int(action))
        assert state.is_terminal(), "the two engines disagree on the end of a game"
        spiel_winner = None if state.returns()[0] == 0 else int(state.returns()[1] > 0)
        assert spiel_winner == env.winner, "the two engines disagree on the winner"
        if env.winner is None:
            draws += 1
        elif env.winner == agent_seat:
            wins += 1
        else:
            losses += 1
    return wins, draws, losses


def alphabeta_match(agent, depth, games_per_seat, seed):
    """``agent`` against the Othello 6 × 6 alpha-beta of ``depth``: (wins, draws, losses)."""
    from games import arena
    from games.agents.othello import AlphaBetaAgent
    result = arena.evaluate("othello", agent, AlphaBetaAgent(depth=depth), n=2 * games_per_seat, seed=seed,
                            progress=False, size=6)
    return result.wins, result.draws, result.losses


def rungs(game):
    """The ladder of ``game``: (name, match(agent, games_per_seat, seed)) from the weakest up."""
    if game == "othello":
        return [(f"alphabeta{d}", lambda agent, n, seed, d=d: alphabeta_match(agent, d, n, seed))
                for d in OTHELLO_DEPTHS]
    return [(f"MCTS {s}", lambda agent, n, seed, s=s: mcts_match(game, agent, s, n, seed)) for s in MCTS_SIMULATIONS]


# ------------------------------------------------------------------ the ladder
def ladder(game):
    """Every agent of ``game`` against every rung; prints a Markdown table and returns its rows."""
    agents = {**search_agents(game), **lesson_agents(game)}
    games_per_seat = GAMES_PER_SEAT[game]
    steps = rungs(game)
    rows = []
    for name, agent in agents.items():
        scores, started = [], time.perf_counter()
        for r, (_, match) in enumerate(steps):
            wins, draws, losses = match(agent, games_per_seat, SEED + 1000 * r)
            scores.append({"wins": wins, "draws": draws, "losses": losses,
                           "score": (wins + draws / 2) / (wins + draws + losses)})
        placed = "below all"
        for (rung, _), score in zip(steps, scores):  # climb while it scores at least half
            if score["score"] < 0.5:
                break
            placed = rung
        rows.append({"game": game, "agent": name, "scores": scores, "placed": placed,
                     "seconds": round(time.perf_counter() - started, 1)})
        print(json.dumps(rows[-1]), file=sys.stderr, flush=True)
    missing = "" if lesson_agents(game) else \
        f" (no lesson agent in _build/lessons/: run `python bench/lessons.py {LESSONS[game][:2]}` first)"
    print(f"\n### {game}: score (win 1, draw ½) of {2 * games_per_seat} games, half in each seat{missing}\n")
    print("| agent | " + " | ".join(rung for rung, _ in steps) + " | placed at |")
    print("|---|" + "---:|" * len(steps) + "---|")
    for row in rows:
        cells = " | ".join(f"{s['score']:.2f} ({s['wins']}-{s['draws']}-{s['losses']})" for s in row["scores"])
        print(f"| {row['agent']} | {cells} | {row['placed']} |")
    return rows


if __name__ == "__main__":
    for name in sys.argv[1:] or ["tictactoe", "connectfour", "othello"]:
        ladder(name)
    print("\n(W-D-L in brackets; placed at: the highest rung reached climbing from the bottom "
          "while scoring at least 0.50.)")
