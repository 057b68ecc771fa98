class Cube(Function):
    def forward(self, x):
        return x ** 3

    def backward(self, gy):
        x = self.input.data  # forward に入った配列（Variable ではありません）
        # backward が返すのは値ではなく傾き: x³ のその場の傾きは 3x² で、
        # つながった関数では傾きをかけ算するので、最後から届いた gy をかけます
        return 3 * x ** 2 * gy
