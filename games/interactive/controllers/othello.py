"""Othello on the click-to-play board: black and white discs, passes played for the student,
the flipped discs marked and the disc count beside the board."""

from ...messages import tr
from .two_player import TwoPlayerController


class OthelloController(TwoPlayerController):
    KINDS = ("black", "white")

    def playable_targets(self):
        """The squares the student may click: the legal moves, the pass aside (it is played for them)."""
        return [a for a in super().playable_targets() if a != self.env.pass_action]

    def highlighted(self):
        return [] if self.env.last_action == self.env.pass_action else super().highlighted()

    def marked(self):
        return list(self.env.flipped)

    def grid(self):
        return self.env.size, self.env.size, list(self.env.cells)

    def forced_move(self):
        env = self.env
        if env.legal_actions() == [env.pass_action]:
            player = env.current_player
            self.play(env.pass_action)
            self.say(tr(en="{side} has no move and passes.", ja="{side}は置ける場所がないのでパスです。",
                        side=self.side_name(player).capitalize()))
            return True
        return False

    def result(self):
        return super().result() + " " + self.disc_count()

    def cell_px(self):
        return 46 if self.env.size == 8 else super().cell_px()

    def disc_count(self):
        return tr(en="Black {black}, white {white}", ja="黒 {black}、白 {white}",
                  black=self.env.disc_count(0), white=self.env.disc_count(1))

    def side_lines(self):
        return [self.disc_count()]

    def board_name(self):
        return tr(en="Othello", ja="オセロ")
