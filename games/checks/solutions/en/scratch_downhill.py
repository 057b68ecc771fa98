def downhill(w, b, lr):
    """Turn the knobs w and b one step downhill."""
    h = 0.001
    slope_w = (error2(w + h, b) - error2(w, b)) / h  # nudge w alone, b stays
    slope_b = (error2(w, b + h) - error2(w, b)) / h  # nudge b alone, w stays
    # a slope points uphill, so each knob goes the other way, by a small step lr times its slope
    w = w - lr * slope_w
    b = b - lr * slope_b
    return w, b
