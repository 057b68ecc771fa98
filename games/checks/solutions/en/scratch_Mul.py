class Mul(Function):
    def forward(self, x0, x1):
        return x0 * x1

    def backward(self, gy):
        x0, x1 = self.inputs[0].data, self.inputs[1].data
        # nudge x0, and z moves x1 times as much: the slope for x0 is the OTHER input, x1
        gx0 = gy * x1
        # in the same way the slope for x1 is x0; both are multiplied by gy (slopes multiply along a chain)
        gx1 = gy * x0
        return gx0, gx1  # two inputs, two slopes, in the order of the inputs
