"""The text progress bar: it counts, it shows its note, and a note that takes work is made only when drawn."""

import io

from games.progress import ProgressBar


def test_the_bar_counts_and_ends_with_the_last_note():
    out = io.StringIO()
    bar = ProgressBar(total=4, label="games", file=out)
    for i in range(4):
        bar.update(1, note=f"game {i + 1}")
    bar.close()
    last_line = out.getvalue().rstrip("\n").split("\r")[-1]
    assert last_line.startswith("games |") and "100% 4/4" in last_line and last_line.endswith("game 4")


def test_a_note_function_is_called_only_when_the_bar_is_drawn():
    calls = []

    def note():
        calls.append(1)
        return f"{len(calls)} notes made"

    out = io.StringIO()
    bar = ProgressBar(total=10_000, label="games", per_second=1e-6, file=out)  # draws at most once before close()
    for _ in range(10_000):
        bar.update(1, note=note)
    bar.close()
    assert 1 <= len(calls) <= 2  # close(), and perhaps the first update
    assert out.getvalue().rstrip("\n").endswith(f"{len(calls)} notes made")
