"""The Othello picture: discs on a green board, the disc count and whose turn it is below.

Only the squares where the player to move may play show their number (a faint hint); the
discs the last move flipped have a small gold dot, and the last disc a gold outline.
"""

from ..messages import tr
from .boards import draw_grid_game
from .sides import side_name


def draw_othello(env):
    n = env.size
    occupied = env.discs[0] | env.discs[1]
    legal = set(env.legal_actions())  # empty once the game is over

    def action_of(row, col):
        # Taken squares answer too, so that the last move gets its gold outline.
        square = row * n + col
        return square if occupied >> square & 1 or square in legal else None

    return draw_grid_game(env, rows=n, cols=n, cells=env.cells, style="othello",
                          action_of=action_of, caption=_caption(env), dotted=env.flipped)


def _caption(env):
    score = f"●{env.disc_count(0)} ○{env.disc_count(1)}"  # black and white disc counts
    if env.terminated:
        if env.winner is None:
            return tr(en="Draw · {score}", ja="引き分け・{score}", score=score)
        return tr(en="{colour} wins · {score}", ja="{colour}の勝ち・{score}",
                  colour=side_name("othello", env.winner).capitalize(), score=score)
    colour = side_name("othello", env.current_player).capitalize()
    if env.legal_actions() == [env.pass_action]:
        return tr(en="{colour} must pass ({action}) · {score}", ja="{colour}はパス（{action}）・{score}",
                  colour=colour, action=env.pass_action, score=score)
    if env.last_action == env.pass_action:
        return tr(en="{colour} to move, after a pass · {score}", ja="{colour}の番（相手はパス）・{score}",
                  colour=colour, score=score)
    return tr(en="{colour} to move · {score}", ja="{colour}の番・{score}", colour=colour, score=score)
