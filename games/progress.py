"""A text progress bar that updates in place, in Jupyter, JupyterLite and a terminal."""

import sys
import time

from .messages import tr


class ProgressBar:
    """``for x in ProgressBar(range(1000), label="games"): ...`` or ``bar.update(n)`` by hand.

    It redraws at most ``per_second`` times a second, so it costs almost nothing in a loop.
    """

    def __init__(self, iterable=None, total=None, label="", width=30, per_second=4.0, file=None):
        self.iterable = iterable
        self.total = total if total is not None else (len(iterable) if hasattr(iterable, "__len__") else None)
        self.label = label
        self.width = width
        self.interval = 1.0 / per_second
        self.file = file or sys.stdout
        self.count = 0
        self.note = ""
        self.start = time.perf_counter()
        self._last_draw = 0.0

    def __iter__(self):
        for item in self.iterable:
            yield item
            self.update(1)
        self.close()

    def update(self, n=1, note=None):
        """Count ``n`` more steps; ``note`` is a short text shown at the end of the bar, or a function
        that gives it (called only when the bar is drawn: a note that takes work costs nothing in between)."""
        self.count += n
        if note is not None:
            self.note = note
        now = time.perf_counter()
        if now - self._last_draw >= self.interval:
            self._last_draw = now
            self._draw()

    def close(self):
        """Draw the final state and end the line."""
        self._draw()
        print(file=self.file, flush=True)

    def _draw(self):
        elapsed = time.perf_counter() - self.start
        if self.total:
            done = min(self.count / self.total, 1.0)
            filled = int(done * self.width)
            bar = "█" * filled + "·" * (self.width - filled)
            left = elapsed / done - elapsed if done > 0 else 0.0
            status = tr(en="{count}/{total} [{elapsed:.0f}s, {left:.0f}s left]",
                        ja="{count}/{total} [{elapsed:.0f}秒経過、残り{left:.0f}秒]",
                        count=self.count, total=self.total, elapsed=elapsed, left=left)
            line = f"{self.label} |{bar}| {done:4.0%} {status}"
        else:
            line = f"{self.label} {self.count} " + tr(en="[{elapsed:.0f}s]", ja="[{elapsed:.0f}秒]", elapsed=elapsed)
        note = self.note() if callable(self.note) else self.note
        if note:
            line += f" {note}"
        print("\r" + line, end="", file=self.file, flush=True)
