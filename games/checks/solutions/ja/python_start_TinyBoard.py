class TinyBoard:
    def __init__(self):
        self.board = [0] * 9  # 空きマスが 9 つ
        self.mark = 1  # X（1）が先に打ちます

    def play(self, square):
        # 何かを変える前に、まずうまっているマスをことわります
        if self.board[square] != 0:
            raise ValueError(square)  # メッセージは、うまっているマスの番号（どんなメッセージでも OK）
        self.board[square] = self.mark
        # 相手の番: 3 - 1 は 2、3 - 2 は 1
        self.mark = 3 - self.mark
