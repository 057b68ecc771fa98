def sgd_step(params, lr):
    """Move every parameter one step downhill."""
    for p in params:
        # p.grad points uphill for the loss: go the other way, a small step of size lr
        p.data = p.data - lr * p.grad
    # no return: the parameters in the list themselves have changed
