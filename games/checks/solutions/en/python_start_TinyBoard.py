class TinyBoard:
    def __init__(self):
        self.board = [0] * 9  # nine empty squares
        self.mark = 1  # X (1) moves first

    def play(self, square):
        # refuse a taken square first, before anything changes
        if self.board[square] != 0:
            raise ValueError(square)  # the message: the taken square's number (any message will do)
        self.board[square] = self.mark
        # the other player's turn: 3 - 1 is 2, and 3 - 2 is 1
        self.mark = 3 - self.mark
