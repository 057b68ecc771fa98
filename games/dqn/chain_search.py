"""Puyo Puyo: the chain search of lesson 52 with a learnt value added to its heuristic.

``ChainBuilder`` (``games.agents.puyopuyo``) places the current pair every way, then the next
pair every way, and scores each board it reaches with a heuristic written by hand (chain
potential, connections, height, danger). ``ChainSearchAgent`` searches the same way, and adds
to that heuristic what the afterstate network (``AfterstateAgent``) learnt a board is worth::

    value of a board at the end of the search = heuristic(board) + V(board) / reward_scale

``V`` reads the board and the pair that would come next (the NEXT-NEXT pair, which the
player already sees); it learnt by TD, in the network's units (points × ``reward_scale``),
so dividing by ``reward_scale`` gives points, the heuristic's unit. So the network corrects
the hand-written judgement: a board it learnt to be worth more than the heuristic says
climbs in the search's ranking. It is the same idea as AlphaZero's (a search, and a network
that judges where the search stops), on a small scale.

A network whose last layer is zero (an ``AfterstateAgent`` before learning) says 0 for every
board: then the agent plays exactly the ``ChainBuilder``'s moves. ``tests/test_chain_search.py``
checks that, and that a trained network changes moves.

``ChainSearchAgent.from_agent(agent)`` starts from a copy of a trained ``AfterstateAgent``'s
network; ``config.depth`` (2: the current and the next pair; 1: the current pair) is saved
with the agent, so ``agent.save(path)`` and ``dqn.load(path)`` give back the same player.
``dqn.train(agent, episodes)`` goes on training the network by TD, as ``AfterstateAgent``
does, while the search chooses the moves.

Speed: the boards of the second placement are encoded with arrays and read by the network
in one batch per first placement. ``bench/lessons.py`` measured lesson 53's ``final_agent``
on 200 games of at most 100 pairs against the ``ChainBuilder`` on the same games: 28 and 36 ms
a move against its 20 and 27 ms on CPython (two runs, the machine shared), 64 and 59 ms
against 48 and 57 ms in Pyodide (3 games each); mean score 83,327 against 74,113.
"""

import numpy as np

from ..agents.puyopuyo import ChainBuilder, Well
from ..autograd import no_grad
from ..messages import tr
from .afterstate import AfterstateAgent
from .learner import not_the_trained_agent


class ChainSearchAgent(AfterstateAgent):
    """``ChainSearchAgent(game="puyopuyo", config=None, seed=0, **settings)``: the ``ChainBuilder``'s search,
    its heuristic plus the network's value at the boards where the search stops.

    ``agent(env)`` plays the placement with the best search value (the lowest action of equal
    ones; random with chance ``agent.epsilon``); ``agent.move_values(env)`` shows the search value
    of every placement, in points (nan: illegal).
    """

    kind = "chain_search"

    def __init__(self, game="puyopuyo", config=None, *, seed=0, **settings):
        super().__init__(game, config, seed=seed, **settings)
        self.builder = ChainBuilder(depth=self.config.depth)  # the search and heuristic of lesson 52
        self.colours = int(self.config.options.get("colours", 4))
        self.name = f"chain_search{self.config.depth}_{game}"

    @classmethod
    def from_agent(cls, agent, **settings):
        """A chain search whose network is a copy of ``agent``'s (a trained ``AfterstateAgent``, left unchanged).

        Its config is ``agent``'s, with ``depth=2`` (the current and the next pair) and ``settings`` changed.
        """
        if not isinstance(agent, AfterstateAgent):
            raise not_the_trained_agent("ChainSearchAgent.from_agent", "dqn.AfterstateAgent", agent,
                                        tr(en="afterstate network", ja="盤面の価値のネットワーク"))
        searcher = cls(agent.game, agent.config, seed=agent.seed, **{"depth": 2, **settings})
        searcher.v_net.set_weights(agent.v_net.get_weights())
        return searcher

    # ------------------------------------------------------------------ the network's value, in points
    def board_values(self, wells, pair):
        """What the network says each board of ``wells`` is worth, in points, with ``pair`` to place next."""
        if not wells:
            return np.zeros(0)
        cells = np.array([well.cells for well in wells])
        colours = np.arange(1, self.colours + 1)
        planes = (cells[:, None, :] == colours[None, :, None]).reshape(len(wells), -1)
        coming = (np.array(pair)[:, None] == colours).ravel()  # the pair's two puyos, one-hot (as puyopuyo_board)
        boards = np.concatenate([planes, np.broadcast_to(coming, (len(wells), len(coming)))], axis=1)
        with no_grad():
            return self.v_net(boards.astype(np.float32)).data[:, 0] / self.config.reward_scale

    # ------------------------------------------------------------------ the search
    def move_values(self, env):
        """The search value of every placement, in points (nan: illegal); a placement that ends the game ≈ -1e9."""
        builder, colours = self.builder, self.colours
        pairs = [env.pair] + list(env.next_pairs)  # the pair now, NEXT and NEXT-NEXT
        well = Well.of(env)
        values = np.full(self.num_actions, np.nan)
        for action in env.legal_actions():
            first = well.copy()
            gained, _ = first.place(action, pairs[0])
            if first.dead():
                values[action] = -1e9 + gained
            elif self.config.depth == 1:
                values[action] = gained + builder.evaluate(first, colours) + self.board_values([first], pairs[1])[0]
            else:
                values[action] = gained + self._best_second(first, pairs[1], pairs[2])
        return values

    def _best_second(self, well, pair, coming):
        """As ``ChainBuilder._best_second``, with the network's value added to the heuristic of each board."""
        builder, boards = self.builder, []
        for action in well.legal():
            second = well.copy()
            gained, _ = second.place(action, pair)
            boards.append((gained, None if second.dead() else second))
        alive = [second for _, second in boards if second is not None]
        learnt = iter(self.board_values(alive, coming))
        ranked = []  # (quick value: points + shape + network, points, board, network's value)
        for gained, second in boards:
            if second is None:
                ranked.append((-1e9 + gained, gained, None, 0.0))
            else:
                value = next(learnt)
                ranked.append((gained + builder.shape(second) + value, gained, second, value))
        ranked.sort(key=lambda item: -item[0])
        best = ranked[0][0] if ranked else -1e9
        for _, gained, second, value in ranked[:builder.beam]:  # only the best few get the (slow) potential
            if second is not None:
                best = max(best, gained + builder.evaluate(second, self.colours) + value)
        return best

    q_values = move_values  # what games.play(..., show_q=agent) colours

    def __call__(self, env):
        """Arena agent: the placement with the best search value (random with chance ``self.epsilon``)."""
        if self.epsilon > 0 and self.rng.random() < self.epsilon:
            legal = env.legal_actions()
            return int(legal[self.rng.integers(len(legal))])
        return int(np.nanargmax(self.move_values(env)))

    def choose(self, env, epsilon=0.0):
        """For training: ``(move, index, moves, values, boards)``, the move the search chooses (random with chance
        ``epsilon``); ``values`` and ``boards`` are ``look_ahead``'s (one placement ahead), what TD learning reads
        (``AfterstateAgent.play_training_game``: the chosen board's target is the best value one move later)."""
        moves, values, boards = self.look_ahead(env)
        if epsilon > 0 and self.rng.random() < epsilon:
            index = int(self.rng.integers(len(moves)))
        else:
            index = list(moves).index(int(np.nanargmax(self.move_values(env))))
        return moves[index], index, moves, values, boards

    def __repr__(self):
        sizes = "-".join(map(str, (self.state_size, *self.config.hidden, 1)))
        return "<ChainSearchAgent " + tr(
            en="{game}: the chain builder's {depth}-pair search, its heuristic + network {sizes}, "
               "{steps} moves trained>",
            ja="{game}: 連鎖ビルダーの {depth} 組先までの探索、その評価関数 + ネットワーク {sizes}、学習 {steps} 手>",
            game=self.game, depth=self.config.depth, sizes=sizes, steps=self.steps)
