"""Puyo Puyo speed: random placements per second (target: at least 20,000 on CPython).

    python bench/puyo_speed.py           # about 10 seconds
    python bench/puyo_speed.py --quick   # about 2 seconds

Three drivers, each the best of many short rounds (the rounds take turns, so a busy
machine disturbs the best round least):

- ``random_agent``: ``games.agents.random_agent`` then ``step`` (what a notebook does);
- ``step``: ``legal_actions()``, a choice with Python's ``random``, then ``step``;
- ``lean``: the same choice, then the rules alone (``_play``: no checks, no observation, no info).
"""

import argparse
import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import games  # noqa: E402 - after sys.path: the games of this checkout
from games.agents import random_agent  # noqa: E402 - after sys.path: the games of this checkout


def drive_agent(env, rng):
    env.reset()
    steps = 0
    while not env.terminated:
        env.step(random_agent(env))
        steps += 1
    return steps


def drive_step(env, rng):
    env.reset()
    steps = 0
    while not env.terminated:
        legal = env.legal_actions()
        env.step(legal[rng.randrange(len(legal))])
        steps += 1
    return steps


def drive_lean(env, rng):
    env.reset()
    steps = 0
    while not env._terminated:
        legal = env._legal
        env._play(legal[rng.randrange(len(legal))])
        steps += 1
    return steps


def measure(drive, seconds):
    """(steps per wall-clock second, steps per CPU second, placements per game)."""
    env = games.make("puyopuyo", seed=0)
    rng = random.Random(0)
    steps = games_played = 0
    start, start_cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        steps += drive(env, rng)
        games_played += 1
    wall, cpu = time.perf_counter() - start, time.process_time() - start_cpu
    return steps / wall, steps / cpu, steps / games_played


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true")
    args = parser.parse_args()
    seconds, rounds = (0.2, 3) if args.quick else (0.3, 10)
    print(f"Python {sys.version.split()[0]}, best of {rounds} rounds of {seconds} s")
    drivers = {"random_agent": drive_agent, "step": drive_step, "lean": drive_lean}
    best = {name: (0.0, 0.0, 0.0) for name in drivers}
    for _ in range(rounds):
        for name, drive in drivers.items():
            best[name] = max(best[name], measure(drive, seconds))
    # CPU time counts only this program's own work: on a busy machine it is the fairer figure.
    for name, (rate, cpu_rate, length) in best.items():
        print(f"{name:>12}: {rate:9,.0f} steps/s wall clock, {cpu_rate:9,.0f} steps/s CPU time  "
              f"({length:.1f} placements per random game)")


if __name__ == "__main__":
    main()
