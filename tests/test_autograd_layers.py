"""games.autograd layers, optimizers, saving weights, gradient checking, and a small training run."""

import copy

import numpy as np
import pytest

import games
from games.autograd import (MLP, SGD, Adam, Function, Layer, Linear, Momentum, Parameter,
                            ShapeError, Variable, clip_grads, gradient_check, numerical_grad,
                            using_config)
from games.autograd import functions as F


def random_input(shape, seed=0):
    return np.random.default_rng(seed).standard_normal(shape)


# ------------------------------------------------------------ gradient checks of layers
@pytest.mark.parametrize("x_shape", [(5, 3), (1, 3), (3,)])
@pytest.mark.parametrize("nobias", [False, True])
def test_linear_layer_gradients(x_shape, nobias):
    with using_config("dtype", np.float64):
        layer = Linear(4, in_size=3, nobias=nobias, seed=0)
    gradient_check(layer, random_input(x_shape), params=layer.params())


@pytest.mark.parametrize("activation", [F.relu, F.tanh, F.sigmoid, F.leaky_relu])
def test_mlp_gradients(activation):
    layer = MLP((5, 4, 2), activation, in_size=3, dtype=np.float64, seed=1)
    gradient_check(layer, random_input((6, 3)), params=layer.params())


def test_mlp_loss_gradients_with_labels():
    model = MLP((8, 3), F.tanh, in_size=4, dtype=np.float64, seed=2)
    t = np.array([0, 2, 1, 1, 0])
    gradient_check(lambda x: F.softmax_cross_entropy(model(x), t), random_input((5, 4)), params=model.params())


# ------------------------------------------------------------ gradient_check itself
class WrongTanh(Function):
    """A mistake a student could make: dy/dx = 1 - y instead of 1 - y²."""

    def forward(self, x):
        self.y = np.tanh(x)
        return self.y

    def backward(self, gy):
        return gy * (1 - self.y)


def test_gradient_check_catches_a_wrong_backward():
    with pytest.raises(AssertionError, match="input 0"):
        gradient_check(lambda x: WrongTanh()(x), random_input((3,)))


def test_gradient_check_catches_a_missing_broadcast_sum():
    class AddNoUnbroadcast(Function):
        def forward(self, a, b):
            return a + b

        def backward(self, gy):
            return gy, gy

    with pytest.raises(AssertionError):
        gradient_check(lambda a, b: AddNoUnbroadcast()(a, b), random_input((2, 3)), random_input((3,)))


def test_gradient_check_needs_float64_parameters():
    layer = Linear(2, in_size=3, seed=0)  # float32 by default
    with pytest.raises(TypeError, match="float64"):
        gradient_check(layer, random_input((2, 3)), params=layer.params())


def test_numerical_grad_of_known_functions():
    assert np.allclose(numerical_grad(lambda x: np.sum(x ** 3), np.array([1.0, 2.0])), [3.0, 12.0])
    assert np.isclose(numerical_grad(lambda x: np.sin(x), np.array(0.0)), 1.0)


# ------------------------------------------------------------ layers
def test_linear_is_lazy_and_float32_by_default():
    layer = Linear(3, seed=0)
    assert layer.W.data is None
    y = layer(np.ones((2, 5), dtype=np.float32))
    assert layer.W.shape == (5, 3) and layer.in_size == 5
    assert y.shape == (2, 3) and y.dtype == np.float32
    assert layer.b.data.tolist() == [0, 0, 0]


def test_linear_size_error_names_the_shapes():
    layer = Linear(3, in_size=4, seed=0)
    with pytest.raises(ShapeError, match=r"\(2, 5\).*\(4, 3\).*must be 4"):
        layer(np.ones((2, 5), dtype=np.float32))


def test_seed_makes_weights_reproducible():
    a = MLP((4, 2), in_size=3, seed=7)
    b = MLP((4, 2), in_size=3, seed=7)
    c = MLP((4, 2), in_size=3, seed=8)
    lazy = MLP((4, 2), seed=7)
    lazy(np.zeros((1, 3), dtype=np.float32))
    for name, weights in a.get_weights().items():
        assert np.array_equal(weights, b.get_weights()[name])
        assert np.array_equal(weights, lazy.get_weights()[name])
    assert not np.array_equal(a.l0.W.data, c.l0.W.data)
    assert a.l0.W.dtype == np.float32
    square = MLP((4, 4), in_size=4, seed=0)
    assert not np.array_equal(square.l0.W.data, square.l1.W.data)  # one stream, not one seed per layer


def test_weight_scale():
    W = Linear(200, in_size=400, seed=0).W.data
    assert abs(W.std() - np.sqrt(1 / 400)) < 0.002


def test_params_names_and_cleargrads():
    model = MLP((4, 2), in_size=3, seed=0)
    assert [name for name, _ in model.named_params()] == ["l0/W", "l0/b", "l1/W", "l1/b"]
    assert all(isinstance(p, Parameter) for p in model.params())
    F.sum_of(model(np.ones((2, 3), dtype=np.float32))).backward()
    assert all(p.grad is not None and p.grad.shape == p.shape for p in model.params())
    model.cleargrads()
    assert all(p.grad is None for p in model.params())


def test_a_custom_layer_collects_parameters_of_sublayers():
    class TwoHeads(Layer):
        def __init__(self):
            super().__init__()
            self.body = Linear(4, in_size=3, seed=0)
            self.value = Linear(1, in_size=4, seed=1)
            self.scale = Parameter(np.ones(1, dtype=np.float32), name="scale")

        def forward(self, x):
            return self.value(F.relu(self.body(x))) * self.scale

    model = TwoHeads()
    assert [n for n, _ in model.named_params()] == ["body/W", "body/b", "value/W", "value/b", "scale"]
    assert model(np.ones((2, 3), dtype=np.float32)).shape == (2, 1)


def test_a_layer_that_forgets_super_init_is_told_so():
    class Forgetful(Layer):
        def __init__(self):
            self.fc = Linear(2)

    with pytest.raises(AttributeError, match=r"super\(\).__init__\(\)"):
        Forgetful()


def test_mlp_sizes_must_be_a_list_of_positive_ints():
    for bad in (9, (64, 0), [64.0, 9]):
        with pytest.raises(TypeError, match="list of layer sizes"):
            MLP(bad)
    games.set_language("ja")
    with pytest.raises(TypeError, match="層の大きさ"):
        MLP(9)


def test_update_before_setup_says_what_to_do():
    with pytest.raises(RuntimeError, match=r"setup\(model\)"):
        Adam().update()


# ------------------------------------------------------------ saving and copying
def test_save_and_load_round_trip(tmp_path):
    model = MLP((6, 2), in_size=3, seed=0)
    x = random_input((4, 3)).astype(np.float32)
    model.save_weights(tmp_path / "model.npz")
    other = MLP((6, 2), seed=99)  # lazy: not called yet
    other.load_weights(tmp_path / "model.npz")
    assert np.array_equal(other(x).data, model(x).data)
    model.save_weights(str(tmp_path / "no_suffix"))  # numpy adds .npz
    other = MLP((6, 2), in_size=3, seed=5)
    other.load_weights(str(tmp_path / "no_suffix"))
    assert np.array_equal(other(x).data, model(x).data)
    assert other.l0.W.dtype == np.float32


def test_set_weights_checks_before_changing_anything():
    model = MLP((6, 2), in_size=3, seed=0)
    before = model.get_weights()
    wrong = MLP((6, 3), in_size=3, seed=1).get_weights()
    with pytest.raises(ShapeError, match="l1/W"):
        model.set_weights(wrong)
    with pytest.raises(ShapeError, match="do not belong"):
        model.set_weights({"l0/W": before["l0/W"]})
    for name, value in model.get_weights().items():
        assert np.array_equal(value, before[name])


def test_saving_an_unused_lazy_model_explains_what_to_do(tmp_path):
    with pytest.raises(ValueError, match="call the model once"):
        MLP((2,)).save_weights(tmp_path / "m.npz")


def test_target_network_copy_is_independent():
    model = MLP((4, 2), in_size=3, seed=0)
    target = MLP((4, 2), in_size=3, seed=1)
    target.set_weights(model.get_weights())
    clone = copy.deepcopy(model)
    model.l0.W.data += 1
    assert not np.array_equal(target.l0.W.data, model.l0.W.data)
    assert np.array_equal(target.l0.W.data, clone.l0.W.data)


# ------------------------------------------------------------ optimizers
def quadratic(x):
    """f(x) = Σ (i+1) (x_i - 1)²: smallest (0) at x = 1, differently curved in each direction."""
    return F.sum_of(np.arange(1.0, 4.0) * (x - 1) ** 2)


@pytest.mark.parametrize("make", [lambda: SGD(0.1), lambda: Momentum(0.05), lambda: Adam(0.1)])
def test_each_optimizer_minimises_a_quadratic(make):
    x = Variable(np.array([3.0, -2.0, 0.5]))
    optimizer = make().setup([x])
    start = quadratic(x).data
    for _ in range(200):
        x.cleargrad()
        quadratic(x).backward()
        optimizer.update()
    assert quadratic(x).data < 1e-4 * start
    assert np.allclose(x.data, 1.0, atol=1e-2)


def test_sgd_and_momentum_steps_by_hand():
    x = Variable(np.array([1.0]))
    g = np.array([2.0])
    sgd, momentum = SGD(0.1).setup([x]), Momentum(0.1, momentum=0.9).setup([x])
    x.grad = g
    sgd.update()
    assert np.allclose(x.data, 0.8)
    momentum.update()  # v = -0.2
    momentum.update()  # v = 0.9 (-0.2) - 0.2 = -0.38
    assert np.allclose(x.data, 0.8 - 0.2 - 0.38)


def test_adam_first_step_is_lr_thanks_to_bias_correction():
    x = Variable(np.array([1.0, 1.0]))
    x.grad = np.array([0.003, -50.0])
    Adam(lr=0.01).setup([x]).update()
    assert np.allclose(x.data, [0.99, 1.01])  # m̂/√v̂ = sign(g) at t = 1


def test_optimizer_skips_parameters_without_gradient():
    model = MLP((2,), in_size=2, seed=0)
    before = model.get_weights()
    Adam(0.1).setup(model).update()
    for name, value in model.get_weights().items():
        assert np.array_equal(value, before[name])


def test_optimizers_keep_float32_parameters_float32():
    model = MLP((4, 1), in_size=2, seed=0)
    for optimizer in (SGD(), Momentum(), Adam()):
        optimizer.setup(model)
        model.cleargrads()
        x = np.ones((3, 2))  # float64 input: gradients come out float64
        F.mean_squared_error(model(x), np.zeros((3, 1))).backward()
        optimizer.update()
        assert all(p.data.dtype == np.float32 for p in model.params())


def test_clip_grads_scales_the_total_norm():
    a, b = Variable(np.array([3.0])), Variable(np.array([4.0]))
    a.grad, b.grad = np.array([3.0]), np.array([4.0])
    assert clip_grads([a, b], max_norm=1.0) == 5.0
    assert np.allclose([a.grad[0], b.grad[0]], [0.6, 0.8], atol=1e-6)
    assert np.isclose(clip_grads([a, b], max_norm=10.0), 1.0)
    assert np.allclose([a.grad[0], b.grad[0]], [0.6, 0.8], atol=1e-6)  # small enough: unchanged


# ------------------------------------------------------------ training
def train_sine(seed, steps=400):
    rng = np.random.default_rng(seed)
    x = rng.uniform(-np.pi, np.pi, (64, 1)).astype(np.float32)
    t = np.sin(x)
    model = MLP((16, 16, 1), F.tanh, seed=seed)
    optimizer = Adam(lr=0.01).setup(model)
    losses = []
    for _ in range(steps):
        loss = F.mean_squared_error(model(x), t)
        model.cleargrads()
        loss.backward()
        optimizer.update()
        losses.append(float(loss.data))
    return losses


def test_small_mlp_learns_the_sine_curve_deterministically():
    losses = train_sine(seed=0)
    assert losses[0] > 0.1  # sin² averages 0.5: the untrained net is far off
    assert losses[-1] < 0.01
    assert np.mean(losses[-20:]) < 0.05 * np.mean(losses[:20])
    assert train_sine(seed=0) == losses  # the same seed gives the same run
    assert train_sine(seed=1, steps=5) != losses[:5]


# ------------------------------------------------------------ values only (no_grad): the fast path
@pytest.mark.parametrize("rows, sizes", [(1, (9, 4)), (64, (128, 128, 7)), (32, (256, 64)), (None, (16, 3))])
def test_mlp_under_no_grad_gives_the_graphs_values_to_the_last_bit(rows, sizes, monkeypatch):
    """Under no_grad an MLP on an array skips Variables and Functions, and gets the very same numbers.

    (64 × 128 × 128 and 32 × 256 × 64 are products big enough for the SIMD kernel in Pyodide.)
    """
    model = MLP(sizes, in_size=42, seed=3)
    for param in model.params():  # biases away from 0, so that adding them matters
        param.data += np.random.default_rng(1).standard_normal(param.data.shape).astype(np.float32) * 0.1
    shape = (42,) if rows is None else (rows, 42)
    x = random_input(shape, seed=2).astype(np.float32)
    with_graph = model(x).data  # backprop on: Linear and ReLU Functions
    calls = []
    monkeypatch.setattr(F.ReLU, "forward", lambda self, y: calls.append(y))  # the graph path would now fail
    with games.autograd.no_grad():
        fast = model(x)
    assert calls == []  # the fast path ran
    assert isinstance(fast, Variable) and fast.data.dtype == with_graph.dtype and fast.shape == with_graph.shape
    assert np.array_equal(fast.data, with_graph)
    assert fast.data.tobytes() == with_graph.tobytes()


def test_mlp_under_no_grad_keeps_the_graph_path_where_it_must():
    """Another activation, a Variable input, a lazy model or a wrong input size: the layers as before."""
    x = random_input((4, 6)).astype(np.float32)
    model = MLP((5, 2), activation=F.tanh, seed=0)  # lazy: the first call makes the weights
    with games.autograd.no_grad():
        lazy = model(x).data
        assert np.allclose(lazy, model(Variable(x)).data)
    assert np.array_equal(lazy, model(x).data)
    relu_model = MLP((5, 2), in_size=6, seed=0)
    with games.autograd.no_grad(), pytest.raises(ShapeError, match="linear"):
        relu_model(np.zeros((4, 7), np.float32))


# ------------------------------------------------------------ training on plain data: one Function
@pytest.mark.parametrize("rows, sizes", [(1, (9, 4)), (64, (128, 128, 7)), (32, (256, 64)), (None, (16, 3)), (5, (6,))])
def test_mlp_on_plain_data_gives_the_layers_values_and_gradients_to_the_last_bit(rows, sizes):
    """An MLP with ReLU on an array is one Function (``ReLUNetwork``): the same numbers as its layers.

    The layers run when the input is a Variable; every parameter's gradient must have the same bits.
    """
    model = MLP(sizes, in_size=42, seed=3)
    for param in model.params():  # biases away from 0, so that adding them matters
        param.data += np.random.default_rng(1).standard_normal(param.data.shape).astype(np.float32) * 0.1
    shape = (42,) if rows is None else (rows, 42)
    x = random_input(shape, seed=2).astype(np.float32)
    t = random_input(shape[:-1] + (sizes[-1],), seed=4).astype(np.float32)
    results = []
    for data in (x, Variable(x)):  # plain data (one Function), then a Variable (the layers)
        y = model(data)
        assert type(y.creator).__name__ == ("ReLUNetwork" if data is x else "Linear")
        loss = F.huber_loss(y[..., 1:], t[..., 1:])  # some outputs have no gradient, as in DQN
        model.cleargrads()
        loss.backward()
        results.append([y.data, loss.data] + [param.grad for param in model.params()])
    for fused, layered in zip(*results):
        assert fused.dtype == layered.dtype and fused.shape == layered.shape
        assert fused.tobytes() == layered.tobytes()


def test_mlp_on_plain_data_keeps_the_layers_where_it_must():
    """Another activation, or a layer without bias: the layers, as before."""
    x = random_input((4, 6)).astype(np.float32)
    assert type(MLP((5, 2), activation=F.tanh, in_size=6)(x).creator).__name__ == "Linear"
    model = MLP((5, 2), in_size=6)
    model.l1.b = None
    assert type(model(x).creator).__name__ == "Linear"
