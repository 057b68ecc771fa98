class Mul(Function):
    def forward(self, x0, x1):
        return x0 * x1

    def backward(self, gy):
        x0, x1 = self.inputs[0].data, self.inputs[1].data
        # x0 を少し動かすと z はその x1 倍動く: x0 の傾きは「もう一方」の入力 x1
        gx0 = gy * x1
        # 同じように x1 の傾きは x0。どちらにも gy をかけます（つながった関数では傾きをかけ算）
        gx1 = gy * x0
        return gx0, gx1  # 入力が 2 つなので傾きも 2 つ、入力と同じ順番で
