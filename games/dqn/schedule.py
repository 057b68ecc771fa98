"""How much to explore: the epsilon of epsilon-greedy, step by step.

At the start the network knows nothing, so the agent mostly plays at random (epsilon
near 1) to see many different positions. As it learns, it trusts its own Q-values more
and more (epsilon goes down to a small value, kept so that it still tries other moves
now and then).

>>> schedule = LinearSchedule(start=1.0, end=0.1, steps=1000)
>>> schedule(0), schedule(500), schedule(1000), schedule(5000)
(1.0, 0.55, 0.1, 0.1)
"""


class LinearSchedule:
    """A value going in a straight line from ``start`` to ``end`` over ``steps`` steps, then staying at ``end``."""

    def __init__(self, start=1.0, end=0.05, steps=10_000):
        self.start, self.end, self.steps = float(start), float(end), int(steps)

    def __call__(self, step):
        if step >= self.steps:
            return self.end
        fraction = step / self.steps
        return round(self.start + fraction * (self.end - self.start), 12)  # 0.55, not 0.5499999999

    def __repr__(self):
        return f"LinearSchedule(start={self.start}, end={self.end}, steps={self.steps})"
