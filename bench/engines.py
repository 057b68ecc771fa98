"""Engine speed: random-playout games per second, ours next to OpenSpiel's, in one run.

    python bench/engines.py             # about a minute
    python bench/engines.py --quick     # a few seconds, rough
    python bench/engines.py --breakdown # also: what one step() costs, part by part
    node bench/pyodide.mjs bench/engines.py   # the same inside Pyodide (WebAssembly), no OpenSpiel

For each game, a random playout plays uniformly random legal moves from the start to the
end. Two ways of driving our engines are timed:

- ``step``: the public API a student uses: ``legal_actions()`` then ``step(action)``
  (which checks the action and builds the observation and ``info`` every move);
- ``play``: ``legal_actions()`` then ``play(action)``, the public fast path that search
  agents use: the action is checked as in ``step``, but no observation or ``info`` is built
  (the same work OpenSpiel's ``apply_action`` does).

OpenSpiel (``import pyspiel``, a dev-only dependency) is driven the same way through its
Python API: ``legal_actions()`` then ``apply_action(action)``. The measurements take turns
(ours, OpenSpiel, ours, ...), on CPU time, and the best round of each counts, so another
program busy on the machine disturbs the ratios less. Games whose module or OpenSpiel is missing are
skipped with a note. The last line printed is the whole result as JSON.
"""

import argparse
import json
import platform
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402 - after sys.path: the games of this checkout

# (label, game name, options, OpenSpiel game name or None)
GAMES = [
    ("tictactoe", "tictactoe", {}, "tic_tac_toe"),
    ("connectfour", "connectfour", {}, "connect_four"),
    ("othello 8x8", "othello", {"size": 8}, "othello"),
    ("othello 6x6", "othello", {"size": 6}, None),
    ("minesweeper beginner", "minesweeper", {}, None),
    ("puyopuyo", "puyopuyo", {}, None),
]


# ------------------------------------------------------------------ playouts
def ours_step(env, rng):
    """One random game through reset/legal_actions/step. Returns the number of moves."""
    env.reset()
    moves = 0
    while not env.terminated:
        legal = env.legal_actions()
        env.step(legal[rng.randrange(len(legal))])
        moves += 1
    return moves


def ours_lean(env, rng):
    """One random game through legal_actions and play (checked, no observation or info)."""
    env.reset()
    moves = 0
    play = env.play
    while not env.terminated:
        legal = env.legal_actions()
        play(legal[rng.randrange(len(legal))])
        moves += 1
    return moves


def openspiel_playout(game, rng):
    state = game.new_initial_state()
    moves = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        state.apply_action(legal[rng.randrange(len(legal))])
        moves += 1
    return moves


# CPU time of this process, not wall time: a busy machine (other programs on the same
# cores) then slows the measurement much less, and both contenders are timed alike.
clock = time.process_time


def rate(playout, subject, seconds, rng):
    """(games per second, moves per second) of `playout` over about `seconds` of CPU time."""
    played = moves = 0
    start = clock()
    while True:
        moves += playout(subject, rng)
        played += 1
        elapsed = clock() - start
        if elapsed >= seconds:
            return played / elapsed, moves / elapsed


def best_rates(runners, seconds, rounds):
    """Run each (name, playout, subject) in turn, `rounds` times; keep the best round of each."""
    best = {}
    for round_number in range(rounds):
        for name, playout, subject in runners:
            measured = rate(playout, subject, seconds / rounds, random.Random(round_number))
            if name not in best or measured[0] > best[name][0]:
                best[name] = measured
    return best


# ------------------------------------------------------------- step breakdown
def step_breakdown(env, plies, repeats=20000):
    """Microseconds spent in each part of one step(), measured `plies` moves into a game."""
    rng = random.Random(1)
    env.reset(seed=1)
    for _ in range(plies):
        legal = env.legal_actions()
        env.step(legal[rng.randrange(len(legal))])
    action = env.legal_actions()[0]

    def micro(function, rounds=5):
        best = float("inf")
        for _ in range(rounds):  # the best of a few rounds: the least disturbed one
            start = clock()
            for _ in range(repeats // rounds):
                function()
            best = min(best, (clock() - start) / (repeats // rounds) * 1e6)
        return best

    clone_cost = micro(env.clone)
    parts = {
        "whole step()": micro(lambda: env.clone().step(action)) - clone_cost,
        "rules: _play()": micro(lambda: env.clone()._play(action)) - clone_cost,
        "check: _check_action()": micro(lambda: env._check_action(action)),
        "_observation()": micro(env._observation),
        "_info() in all": micro(env._info),
        "  of which action_mask()": micro(env.action_mask),
        "  of which _extra_info()": micro(env._extra_info),
        "legal_actions()": micro(env.legal_actions),
        "clone()": clone_cost,
    }
    return {name: round(value, 2) for name, value in parts.items()}


# ------------------------------------------------------------------------ main
def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per measurement (default 3)")
    parser.add_argument("--rounds", type=int, default=5, help="turns taken between the contenders")
    parser.add_argument("--quick", action="store_true", help="0.5 s per measurement, 2 rounds")
    parser.add_argument("--breakdown", action="store_true", help="also time the parts of step()")
    args = parser.parse_args(argv)
    if args.quick:
        args.seconds, args.rounds = 0.5, 2

    try:
        import pyspiel
    except ImportError:
        pyspiel = None
        print("note: OpenSpiel (pyspiel) is not installed: no ratios. pip install open_spiel")

    results = {"python": platform.python_implementation() + " " + platform.python_version(),
               "platform": sys.platform, "seconds": args.seconds, "games": {}}
    header = (f"{'game':22} {'ours step':>12} {'ours play':>12} {'OpenSpiel':>12}"
              f" {'step/OS':>8} {'play/OS':>8}")
    print(header + "\n" + "-" * len(header) + "   (games per second)")
    for label, name, options, spiel_name in GAMES:
        try:
            env = games.make(name, **options)
        except Exception as error:  # a game not written yet: say so and go on
            print(f"{label:22} skipped: {type(error).__name__}: {error}")
            results["games"][label] = {"skipped": str(error)}
            continue
        runners = [("step", ours_step, env), ("lean", ours_lean, env)]
        if pyspiel is not None and spiel_name is not None:
            runners.append(("openspiel", openspiel_playout, pyspiel.load_game(spiel_name)))
        best = best_rates(runners, args.seconds, args.rounds)
        entry = {key: {"games_per_s": round(value[0], 1), "moves_per_s": round(value[1])}
                 for key, value in best.items()}
        line = f"{label:22} {best['step'][0]:12,.0f} {best['lean'][0]:12,.0f}"
        if "openspiel" in best:
            spiel = best["openspiel"][0]
            entry["step_over_openspiel"] = round(best["step"][0] / spiel, 3)
            entry["lean_over_openspiel"] = round(best["lean"][0] / spiel, 3)
            line += (f" {spiel:12,.0f} {entry['step_over_openspiel']:7.2f}x"
                     f" {entry['lean_over_openspiel']:7.2f}x")
        if name == "puyopuyo":
            line += f"   ({best['step'][1]:,.0f} steps/s through step())"
        results["games"][label] = entry
        print(line)

    if args.breakdown:
        print("\nstep() part by part, microseconds per call (a game in progress):")
        results["breakdown_us"] = {}
        for (label, name, options, _), plies in zip(GAMES[:3], (4, 12, 24)):
            parts = step_breakdown(games.make(name, **options), plies)
            results["breakdown_us"][label] = parts
            print(f"  {label}: " + ", ".join(f"{part} {value}" for part, value in parts.items()))

    print(json.dumps(results))
    return results


if __name__ == "__main__":
    main()
