"""The replay memory: the agent's memory of what happened, learnt from in random batches.

Learning from moves in the order they happen is unstable: moves of one game are very alike.
So an agent keeps the last ``capacity`` rows of what it saw and learns from small random
*batches* of them, old and new mixed. When the memory is full the oldest row is overwritten
(a ring: the write position goes round and round).

``ReplayMemory`` is the ring itself, with named columns: both agents use it.

- A ``DQNAgent`` keeps *transitions* in a ``ReplayBuffer`` (a ``ReplayMemory`` with the
  columns of a transition)::

    (state, action, reward, next state, did the game end there?, legal actions in the next state, moves spanned)

- An ``AfterstateAgent`` keeps boards and their targets: columns ``boards`` and ``targets``.

The rows are kept in numpy arrays made once, not in a list of tuples, so that a batch is
gathered with one indexing per column.
"""

import numpy as np

from ..messages import tr


class ReplayMemory:
    """``ReplayMemory(capacity, columns, seed=None)``: a ring of ``capacity`` rows.

    ``columns`` is ``{name: (shape of one value, dtype)}``; each column is an array
    attribute of that name (``memory.boards``), with one row per value kept.
    ``add(name=value, ...)`` keeps one row (one value per column); ``sample(batch_size)``
    returns ``{name: array}``, rows drawn uniformly at random, with repeats, by the random
    generator made from ``seed``.
    """

    def __init__(self, capacity, columns, seed=None):
        self.capacity = int(capacity)
        self.columns = list(columns)
        for name, (shape, dtype) in columns.items():
            setattr(self, name, np.zeros((self.capacity, *shape), dtype=dtype))
        self.position = 0  # where the next row goes
        self.size = 0  # how many rows are stored (at most capacity)
        self.rng = np.random.default_rng(seed)

    def __len__(self):
        return self.size

    def add(self, **row):
        """Keep one row: a value for each column, by name."""
        for name in self.columns:
            getattr(self, name)[self.position] = row[name]
        self.position = (self.position + 1) % self.capacity
        self.size = min(self.size + 1, self.capacity)

    def add_rows(self, count, **rows):
        """Keep ``count`` rows at once: for each column, ``count`` values (or one, the same for every row).

        The same as ``count`` calls of ``add``, one row after another, with one write per column.
        """
        end = self.position + count
        # the rows' places in the ring: one slice, unless they go round the end
        where = slice(self.position, end) if end <= self.capacity else np.arange(self.position, end) % self.capacity
        for name in self.columns:
            getattr(self, name)[where] = rows[name]
        self.position = end % self.capacity
        self.size = min(self.size + count, self.capacity)

    def sample(self, batch_size):
        """``batch_size`` random rows (with repeats): ``{column name: array with one row per draw}``."""
        if self.size == 0:
            raise ValueError(tr(en="The replay buffer is empty: add transitions before sampling.",
                                ja="リプレイバッファが空です。サンプルする前に遷移を追加してください。"))
        rows = self.rng.integers(0, self.size, size=batch_size)
        # take: the same rows as column[rows], about twice as quick in the browser (no general indexing)
        return {name: getattr(self, name).take(rows, axis=0) for name in self.columns}


class ReplayBuffer(ReplayMemory):
    """``ReplayBuffer(capacity, state_size, num_actions, seed=None)``: a DQN agent's transitions.

    ``add(state, action, reward, next_state, done, next_mask, steps=1)`` keeps one transition;
    ``sample(batch_size)`` returns a ``dict`` of arrays ("states", "actions", "rewards",
    "next_states", "dones", "next_masks", "steps"), one row per transition drawn.
    ``steps`` is how many moves the transition spans (n-step learning: ``reward`` is then
    the discounted sum of those moves' rewards, and the next state is n moves later).
    """

    def __init__(self, capacity, state_size, num_actions, seed=None):
        super().__init__(capacity, {
            "states": ((state_size,), np.float32),
            "actions": ((), np.int64),
            "rewards": ((), np.float32),
            "next_states": ((state_size,), np.float32),
            "dones": ((), bool),
            "next_masks": ((num_actions,), bool),
            "steps": ((), np.int64),
        }, seed=seed)

    def add(self, state, action, reward, next_state, done, next_mask, steps=1):
        super().add(states=state, actions=action, rewards=reward, next_states=next_state, dones=done,
                    next_masks=next_mask, steps=steps)

    def add_turned(self, turns, state, action, reward, next_state, done, next_mask, steps=1):
        """Keep one transition once for each symmetry of the board in ``turns`` (a ``BoardTurns``)."""
        self.add_rows(len(turns), states=state[turns.states], actions=turns.actions_to[:, action],
                      rewards=reward, next_states=next_state[turns.states], dones=done,
                      next_masks=next_mask[turns.actions], steps=steps)
