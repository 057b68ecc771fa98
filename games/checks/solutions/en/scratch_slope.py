def slope(f, x):
    h = 0.001  # a small nudge
    # the rate of change over the nudge: how much f changed, divided by how much x changed (h)
    return (f(x + h) - f(x)) / h
