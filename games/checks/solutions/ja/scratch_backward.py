class Cube(Function):
    def forward(self, x):
        return x ** 3

    def backward(self, gy):
        x = self.input.data
        # backward は、forward が計算するものの傾きを返します:
        # forward は x³ なので傾きは 3x²、それに gy をかけます（つながった関数では傾きをかけ算）
        return 3 * x ** 2 * gy


# 「次にやってみよう」: sin x でも同じ形です。sin x の傾きは cos x。
# チェックするときは、check_backward に Cube の代わりに Sin を渡します。
class Sin(Function):
    def forward(self, x):
        return np.sin(x)

    def backward(self, gy):
        x = self.input.data
        return np.cos(x) * gy  # sin の傾きは cos。いつものように gy をかけます
