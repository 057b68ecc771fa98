class Cube(Function):
    def forward(self, x):
        return x ** 3

    def backward(self, gy):
        x = self.input.data  # the array that went into forward (not the Variable)
        # backward gives the slope, not the value: the local slope of x³ is 3x²,
        # and along a chain the slopes multiply: times gy, what arrived from the end
        return 3 * x ** 2 * gy
