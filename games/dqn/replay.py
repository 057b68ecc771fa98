"""The replay buffer: the agent's memory of what happened.

Each time the agent moves, one *transition* is kept::

    (state, action, reward, next state, did the game end there?, legal actions in the next state)

Learning from transitions in the order they happen is unstable: moves of one game are
very alike. So DQN keeps the last ``capacity`` transitions and learns from small random
*batches* of them, old and new mixed. When the buffer is full the oldest transition is
overwritten (a ring: the write position goes round and round).

The transitions are kept in numpy arrays made once, not in a list of tuples, so that a
batch is gathered with one indexing per array.
"""

import numpy as np

from ..messages import tr


class ReplayBuffer:
    """``ReplayBuffer(capacity, state_size, num_actions, seed=None)``.

    ``add(state, action, reward, next_state, done, next_mask, steps=1)`` keeps one transition;
    ``sample(batch_size)`` returns a ``dict`` of arrays, one row per transition drawn
    (uniformly at random, with repeats, from the random generator made from ``seed``).
    ``steps`` is how many moves the transition spans (n-step learning: ``reward`` is then
    the discounted sum of those moves' rewards, and the next state is n moves later).
    """

    def __init__(self, capacity, state_size, num_actions, seed=None):
        self.capacity = int(capacity)
        self.states = np.zeros((self.capacity, state_size), dtype=np.float32)
        self.actions = np.zeros(self.capacity, dtype=np.int64)
        self.rewards = np.zeros(self.capacity, dtype=np.float32)
        self.next_states = np.zeros((self.capacity, state_size), dtype=np.float32)
        self.dones = np.zeros(self.capacity, dtype=bool)
        self.next_masks = np.zeros((self.capacity, num_actions), dtype=bool)
        self.steps = np.ones(self.capacity, dtype=np.int64)
        self.position = 0  # where the next transition goes
        self.size = 0  # how many transitions are stored (at most capacity)
        self.rng = np.random.default_rng(seed)

    def __len__(self):
        return self.size

    def add(self, state, action, reward, next_state, done, next_mask, steps=1):
        i = self.position
        self.states[i] = state
        self.actions[i] = action
        self.rewards[i] = reward
        self.next_states[i] = next_state
        self.dones[i] = done
        self.next_masks[i] = next_mask
        self.steps[i] = steps
        self.position = (i + 1) % self.capacity
        self.size = min(self.size + 1, self.capacity)

    def sample(self, batch_size):
        if self.size == 0:
            raise ValueError(tr(en="The replay buffer is empty: add transitions before sampling.",
                                ja="リプレイバッファが空です。サンプルする前に遷移を追加してください。"))
        rows = self.rng.integers(0, self.size, size=batch_size)
        return {"states": self.states[rows], "actions": self.actions[rows], "rewards": self.rewards[rows],
                "next_states": self.next_states[rows], "dones": self.dones[rows],
                "next_masks": self.next_masks[rows], "steps": self.steps[rows]}
