"""Self-checks for the "learning from scratch" lessons: 05 (the main route) and 06 to 08 (advanced).

- ``check_slope(slope)``                  (lesson 05) the slope of any function at x, by nudging x
- ``check_downhill(downhill, error2)``    (lesson 05) two knobs one step downhill, each slope found
  by nudging that knob alone
- ``check_cube(Cube, Variable)``          (lesson 06) forward x³, backward 3x² · gy
- ``check_backward(MyFunction, Variable)`` (lesson 06) any one-input function: does its
  backward agree with the slope measured by numbers?
- ``check_mul(Mul, Variable)``            (lesson 07) two inputs: forward x0 · x1, backward
  (gy · x1, gy · x0)
- ``check_sgd_step(sgd_step)``            (lesson 08) w ← w - lr · grad for every parameter

Lesson 05 uses plain functions and numbers. From lesson 06 the student's own ``Variable`` and
``Function`` classes are used, so a check works with the classes written in the lesson. A
function is tried the way the lessons use it::

    f = Cube()
    y = f(Variable(np.array(2.0)))     # forward
    gx = f.backward(np.array(1.0))     # backward: d(result)/dx, given gy = d(result)/dy
"""

import numpy as np

from ..messages import tr
from . import Case, Words, close, is_variable, plain, run, say_tips
from .exercise_book import exercise


def _array(value):
    return np.array(value, dtype=np.float64)


def _forward(function_class, variable_class, *xs):
    """``function_class()(Variable(x), ...)`` -> the output's data."""
    output = function_class()(*[variable_class(_array(x)) for x in xs])
    return plain(output.data if hasattr(output, "data") else output, arrays=True)


def _backward(function_class, variable_class, xs, gy):
    """Run forward on ``xs``, then ``backward(gy)``; returns what backward returned."""
    function = function_class()
    function(*[variable_class(_array(x)) for x in xs])
    return plain(function.backward(_array(gy)), arrays=True)  # a list or a tuple of gradients: both fine


def _show(value):
    """A short text of a number or an array, for hints."""
    return np.array2string(np.asarray(value), precision=4) if np.ndim(value) else f"{float(value):g}"


# ------------------------------------------------------------------ lesson 05: slope
def _square(x):
    return x ** 2


def _line(x):
    return 2 * x + 1


def _valley(w):
    return (3 * w - 6) ** 2  # an error with one knob: lowest at w = 2


def _flat(x):
    return 5


def _near(result, slope):
    """A slope found by nudging: right within what the size of the nudge changes."""
    return close(result, slope, rtol=0.01, atol=0.02)


def _rounded(value):
    """A number, or a pair of numbers, rounded to 4 decimals for the report (anything else as it is)."""
    if isinstance(value, (tuple, list)) and all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in value):
        return tuple(round(v, 4) for v in value)
    return round(value, 4) if isinstance(value, float) else value


def _quiet(function, *args):
    """``function(*args)`` as a plain value, or None when it fails (a tip's test must not raise)."""
    try:
        return plain(function(*args), arrays=True)
    except Exception:
        return None


@exercise("slope", "05_scratch_1_knobs.ipynb", hints=[
    ("Look at the cell with `h` in section 1: `(curve(2 + h) - curve(2)) / h` is the slope of `curve` at 2. "
     "`slope(f, x)` does the same for any function `f` and any number `x`.",
     "1 節の `h` のセルを見てみましょう。`(curve(2 + h) - curve(2)) / h` が、x = 2 での `curve` の傾きです。"
     "`slope(f, x)` は、同じ計算をどんな関数 `f`、どんな数 `x` でも行います。"),
    ("The slope is a rate of change: how much f changed, divided by how much x changed. x changes by `h`, "
     "from `x` to `x + h`; f changes from `f(x)` to `f(x + h)`. Return the slope, not the value `f(x)`.",
     "傾きは変化の割合です。f の増加量を、x の増加量でわります。x は `x` から `x + h` へ `h` だけ増え、"
     "f は `f(x)` から `f(x + h)` へ変わります。返すのは値 `f(x)` ではなく傾きです。"),
    ("In place of `0`, return `(f(x + h) - f(x)) / h`. Keep the brackets: without them Python divides only "
     "`f(x)` by `h`.",
     "`0` の代わりに `(f(x + h) - f(x)) / h` を返しましょう。かっこを忘れずに。かっこがないと、"
     "`f(x)` だけが `h` でわられます。"),
])
def check_slope(slope):
    """``slope(f, x)``: the slope of ``f`` at ``x``, found by nudging x a little."""
    if not callable(slope):
        return run(slope, [])
    examples = [
        (_square, 3.0, 6.0, "y = x² at x = 3: the slope is 6 (the value is 9)",
         "y = x² の x = 3 での傾き: 6(値は 9)"),
        (_line, 5.0, 2.0, "the straight line y = 2x + 1: its slope is 2 everywhere",
         "直線 y = 2x + 1: 傾きはどこでも 2"),
        (_square, -1.0, -2.0, "y = x² at x = -1: the curve goes down there, the slope is -2",
         "y = x² の x = -1 での傾き: そこでは下り坂なので -2"),
        (_valley, 1.0, -18.0, "the error (3w - 6)² at w = 1: -18 (downhill is to the right)",
         "誤差 (3w - 6)² の w = 1 での傾き: -18(坂の下は右)"),
        (_flat, 2.0, 0.0, "y = 5, flat: the slope is 0", "y = 5(平ら): 傾きは 0"),
    ]
    cases = [Case(args=(f, x), expected=Words(f"{expected:g}"), accept=lambda r, e=expected: _near(r, e),
                  hint_en=hint_en, hint_ja=hint_ja) for f, x, expected, hint_en, hint_ja in examples]

    def attempt(f, x):
        return _rounded(plain(slope(f, x), arrays=True))

    result = run(attempt, cases, title=tr(en="Check of slope", ja="slope のチェック"))
    return say_tips(result, [
        (lambda: _quiet(slope, _square, 3.0) is None,
         "slope gave back None (or failed): does it end with `return`?",
         "slope が None を返しています（またはエラーです）。最後に `return` がありますか？"),
        (lambda: close(_quiet(slope, _square, 3.0), 9.0, atol=0.1),
         "slope returned the value f(x) (9 for x² at x = 3). Return how fast f changes there: the rate of change.",
         "slope が値 f(x) を返しています（x = 3 の x² なら 9）。返すのは、そこで f がどれだけの速さで変わるか、"
         "つまり変化の割合です。"),
        (lambda: _near(_quiet(slope, _square, 3.0), -6.0),
         "The sign is turned round: subtract in the order f(x + h) - f(x), the later value first.",
         "符号が逆です。f(x + h) - f(x) の順に、あとの値から引きましょう。"),
        (lambda: 0 < abs(_quiet(slope, _square, 3.0)) < 0.5,
         "The answer is far too small: divide the change of f by h, the change of x.",
         "答えが小さすぎます。f の変化を、x の変化 h でわりましょう。"),
    ])


# ------------------------------------------------------------------ lesson 05: downhill
def _slopes(error2, w, b, h=1e-6):
    """The two slopes of ``error2`` at (w, b), each knob nudged alone (both sides, a tiny h)."""
    return ((error2(w + h, b) - error2(w - h, b)) / (2 * h),
            (error2(w, b + h) - error2(w, b - h)) / (2 * h))


def _knobs_are(result, w, b, lr, slope_w, slope_b):
    """``result`` is the pair (w, b) after one step with these slopes, up to what nudging changes."""
    if not isinstance(result, (tuple, list)) or len(result) != 2:
        return False
    return (close(result[0], w - lr * slope_w, atol=lr * (0.02 * abs(slope_w) + 0.1))
            and close(result[1], b - lr * slope_b, atol=lr * (0.02 * abs(slope_b) + 0.1)))


@exercise("downhill", "05_scratch_1_knobs.ipynb", hints=[
    ("`slope_w` is done: it nudges `w` only and keeps `b` as it is. `slope_b` is the same with the knobs' roles "
     "swapped: nudge `b` only and keep `w`. Then move `b` the way `w` was moved.",
     "`slope_w` はできています。`w` だけを少し動かして、`b` はそのままにしています。`slope_b` は役わりを"
     "入れかえて、`b` だけを動かし、`w` はそのままにします。そのあと、`w` と同じように `b` も動かします。"),
    ("Nudge b: compare `error2(w, b + h)` with `error2(w, b)` and divide by `h`. Do not nudge w and b together: "
     "then you could not tell which knob changed the error. Downhill means minus: `b - lr * slope_b`.",
     "b を動かすには、`error2(w, b + h)` と `error2(w, b)` をくらべて、`h` でわります。w と b をいっしょに"
     "動かしてはいけません。どちらのつまみで誤差が変わったのか、わからなくなります。坂の下へはマイナスです: "
     "`b - lr * slope_b`。"),
    ("Write `slope_b = (error2(w, b + h) - error2(w, b)) / h` and, below `w = ...`, `b = b - lr * slope_b`. "
     "The last line `return w, b` gives back both knobs.",
     "`slope_b = (error2(w, b + h) - error2(w, b)) / h` と書き、`w = ...` の下に `b = b - lr * slope_b` を"
     "書きましょう。最後の `return w, b` で、2 つのつまみを返します。"),
])
def check_downhill(downhill, error2):
    """``downhill(w, b, lr)``: both knobs one step downhill, each slope found by nudging that knob alone.
    ``error2(w, b)`` is the lesson's error; the check takes its slopes to know where downhill is."""
    for function in (downhill, error2):
        if not callable(function):
            return run(function, [])
    examples = [((0.0, 0.0, 0.1), "w = 0, b = 0, lr = 0.1: both knobs go up",
                 "w = 0、b = 0、lr = 0.1: どちらのつまみも上がります"),
                ((1.0, 1.0, 0.05), "w = 1, b = 1, lr = 0.05", "w = 1、b = 1、lr = 0.05"),
                ((3.0, 6.0, 0.1), "w = 3, b = 6, lr = 0.1: past the bottom, both knobs come back down",
                 "w = 3、b = 6、lr = 0.1: 谷底を通りすぎたので、どちらのつまみも下がります")]
    cases = []
    for (w, b, lr), hint_en, hint_ja in examples:
        try:
            slope_w, slope_b = _slopes(error2, w, b)
        except Exception as error:  # the lesson's error2 itself fails: say so, not a traceback
            return run(error2, [Case(args=(w, b), hint_en=f"error2({w:g}, {b:g}) fails: {error}",
                                     hint_ja=f"error2({w:g}, {b:g}) でエラー: {error}")])
        expected = Words(f"({w - lr * slope_w:.3f}, {b - lr * slope_b:.3f})")
        cases.append(Case(args=(w, b, lr), expected=expected, hint_en=hint_en, hint_ja=hint_ja,
                          accept=lambda r, w=w, b=b, lr=lr, sw=slope_w, sb=slope_b: _knobs_are(r, w, b, lr, sw, sb)))

    def attempt(w, b, lr):
        return _rounded(plain(downhill(w, b, lr), arrays=True))

    result = run(attempt, cases, title=tr(en="Check of downhill", ja="downhill のチェック"))
    slope_w, slope_b = _slopes(error2, 0.0, 0.0)
    answer = _quiet(downhill, 0.0, 0.0, 0.1)

    def gave(sw, sb):
        return lambda: _knobs_are(answer, 0.0, 0.0, 0.1, sw, sb)

    return say_tips(result, [
        (lambda: not isinstance(answer, (tuple, list)) or len(answer) != 2,
         "downhill must give back both knobs: end it with `return w, b`.",
         "downhill は 2 つのつまみを返します。最後は `return w, b` です。"),
        (gave(slope_w, 0.0),
         "b did not move: find slope_b by nudging b alone, then take the step b = b - lr * slope_b.",
         "b が動いていません。b だけを動かして slope_b を求め、b = b - lr * slope_b で 1 歩進めましょう。"),
        (gave(slope_w, slope_w + slope_b),
         "slope_b nudged w and b together. Nudge b alone: error2(w, b + h) against error2(w, b).",
         "slope_b で w と b をいっしょに動かしています。b だけを動かしましょう: error2(w, b + h) と error2(w, b)。"),
        (gave(slope_w, slope_w),
         "b moved with the slope of w. b has a slope of its own: nudge b alone.",
         "b が w の傾きで動いています。b には b の傾きがあります。b だけを動かして求めましょう。"),
        (gave(slope_w, -slope_b),
         "b went uphill: subtract lr * slope_b (the slope points uphill).",
         "b が坂を上っています。lr * slope_b を引きましょう（傾きは上り坂の向きです）。"),
        (gave(slope_w, slope_b / 0.1),
         "b moved by the whole slope: multiply slope_b by lr for a small step.",
         "b が傾きの分だけ大きく動いています。slope_b に lr をかけて、小さな 1 歩にしましょう。"),
    ])


# ------------------------------------------------------------------ lesson 06: Cube
@exercise("Cube", "06_scratch_2_variable.ipynb", hints=[
    ("Look at `Square` in section 4: its `backward` takes `x = self.input.data` and returns the local slope `2 * x` "
     "times `gy`. `Cube` follows the same pattern; only the local slope is different.",
     "4 節の `Square` を見てみましょう。`backward` は `x = self.input.data` を取り出して、その場の傾き `2 * x` に "
     "`gy` をかけて返しています。`Cube` も同じ形で、ちがうのはその場の傾きだけです。"),
    ("`backward` returns the slope, not the value: at x = 2 forward gives 2³ = 8, but backward must give "
     "3 · 2² = 12 (with gy = 1). Along a chain the slopes multiply, so it multiplies the local slope 3x² by `gy`, "
     "what arrived from the end.",
     "`backward` が返すのは値ではなく傾きです。x = 2 のとき forward は 2³ = 8 ですが、backward は "
     "3 · 2² = 12（gy = 1 のとき）を返します。つながった関数では傾きをかけ算するので、"
     "その場の傾き 3x² に、最後から届いた `gy` をかけます。"),
    ("Write 3x² in Python: `3 * x ** 2` (`**` is the power). Multiply it by `gy` and return that in place of "
     "`None`. Use `x`, the array from `self.input.data`, not the `Variable` `self.input`.",
     "3x² を Python で書くと `3 * x ** 2` です（`**` はべき乗）。それに `gy` をかけたものを、`None` の代わりに"
     "返しましょう。使うのは `self.input.data` から取り出した配列 `x` で、`Variable` の `self.input` ではありません。"),
])
def check_cube(Cube, Variable):
    """``Cube`` computes y = x³ (forward) and dy/dx · gy = 3x² · gy (backward)."""
    if not callable(Cube):
        return run(Cube, [])
    xs = _array([1.0, -2.0, 0.5])
    cases = [
        Case(args=("forward", 2.0), expected=8.0, accept=lambda r: close(r, 8.0),
             hint_en="forward at x = 2: 2³ = 8", hint_ja="forward で x = 2: 2³ = 8"),
        Case(args=("forward", xs), expected=(xs ** 3).tolist(), accept=lambda r: close(r, xs ** 3),
             hint_en=f"forward on the array {_show(xs)} (each number cubed)",
             hint_ja=f"配列 {_show(xs)} で forward（1 つずつ 3 乗）"),
        Case(args=("backward", 2.0, 1.0), expected=12.0, accept=lambda r: close(r, 12.0),
             hint_en="backward at x = 2 with gy = 1: 3 · 2² = 12",
             hint_ja="x = 2、gy = 1 で backward: 3 · 2² = 12"),
        Case(args=("backward", -1.0, 1.0), expected=3.0, accept=lambda r: close(r, 3.0),
             hint_en="backward at x = -1 with gy = 1: 3 · (-1)² = 3",
             hint_ja="x = -1、gy = 1 で backward: 3 · (-1)² = 3"),
        Case(args=("backward", 2.0, 0.5), expected=6.0, accept=lambda r: close(r, 6.0),
             hint_en="backward at x = 2 with gy = 0.5: 3 · 2² · 0.5 = 6 (along a chain the slopes multiply: times gy)",
             hint_ja="x = 2、gy = 0.5 で backward: 3 · 2² · 0.5 = 6（つながった関数では傾きをかけ算: gy をかけます）"),
        Case(args=("backward", xs, 1.0), expected=(3 * xs ** 2).tolist(), accept=lambda r: close(r, 3 * xs ** 2),
             hint_en=f"backward on the array {_show(xs)}", hint_ja=f"配列 {_show(xs)} で backward"),
    ]

    def attempt(step, x, gy=None):
        if step == "forward":
            return _forward(Cube, Variable, x)
        return _backward(Cube, Variable, [x], gy)

    result = run(attempt, cases, title=tr(en="Check of Cube", ja="Cube のチェック"))
    return say_tips(result, [
        (lambda: close(attempt("backward", 2.0, 0.5), 12.0),
         "backward must multiply the local slope 3x² by gy (the gradient that arrives from later).",
         "backward では、その場の傾き 3x² に gy（後ろから届いた勾配）をかけます。"),
        (lambda: close(attempt("backward", 2.0, 1.0), 8.0),
         "backward returned x³, the value of forward. Its job is the slope: 3x² · gy.",
         "backward が x³（forward の値）を返しています。返すのは傾き 3x² · gy です。"),
        (lambda: is_variable(attempt("backward", 2.0, 1.0)),
         "backward works on numpy arrays: use self.input.data (the array), and return an array, not a Variable.",
         "backward は numpy の配列で計算します。self.input.data（配列）を使い、Variable ではなく配列を返しましょう。"),
        (lambda: attempt("backward", 2.0, 1.0) is None,
         "backward returned None: did you forget `return`?",
         "backward が None を返しています。`return` を書き忘れていませんか？"),
    ])


# ------------------------------------------------------------------ lesson 06: any function
@exercise("backward", "06_scratch_2_variable.ipynb", hints=[
    ("This check does what `numerical_diff` does: it nudges x a tiny step in your `forward`, measures the slope, "
     "and compares it with what your `backward` returns (with gy = 1). A difference means that `backward` does not "
     "match `forward`. Does `check_cube` pass?",
     "このチェックは `numerical_diff` と同じことをします。あなたの `forward` で x をほんの少し動かして傾きを測り、"
     "`backward` の答え（gy = 1 のとき）とくらべます。ちがっていたら、`backward` が `forward` と合っていません。"
     "`check_cube` は合格していますか？"),
    ("`backward` must give the slope of exactly what `forward` computes, times `gy`. For `forward` `x ** 3` "
     "the slope is 3x², so at x = 1.2 the check expects about 4.32. If you change `forward`, change "
     "`backward` with it.",
     "`backward` は、`forward` が計算するものの傾きに `gy` をかけて返します。`forward` が `x ** 3` なら傾きは 3x² "
     "なので、x = 1.2 ではおよそ 4.32 になるはずです。`forward` を変えたら、`backward` もいっしょに変えましょう。"),
    ("In `Cube.backward`, in place of `None`: the local slope `3 * x ** 2`, multiplied by `gy`. For the "
     "`Sin` of \"Try this next\": `forward` returns `np.sin(x)`, and `backward` returns `np.cos(x)` times `gy`.",
     "`Cube.backward` では `None` の代わりに、その場の傾き `3 * x ** 2` に `gy` をかけたものを返します。"
     "「次にやってみよう」の `Sin` なら、`forward` は `np.sin(x)`、"
     "`backward` は `np.cos(x)` に `gy` をかけたものです。"),
])
def check_backward(MyFunction, Variable, at=(-1.5, -0.3, 0.4, 1.2), eps=1e-4):
    """Compare ``backward`` of a one-input function with the slope measured by numbers.

    At each x of ``at``: the slope (f(x + eps) - f(x - eps)) / (2 eps) of your forward
    must equal what your backward returns with gy = 1.
    """
    if not callable(MyFunction):
        return run(MyFunction, [])
    name = getattr(MyFunction, "__name__", "function")
    cases = []
    for x in at:
        try:
            slope = (float(np.sum(_forward(MyFunction, Variable, x + eps)))
                     - float(np.sum(_forward(MyFunction, Variable, x - eps)))) / (2 * eps)
        except Exception:  # forward itself fails: the case reports it when it runs
            slope = None
        expected = tr(en="about {s:.6g} (measured)", ja="約 {s:.6g}（測った値）", s=slope) if slope is not None \
            else tr(en="a number (but forward fails)", ja="数（でも forward でエラーが出ます）")
        cases.append(Case(args=(x,), expected=Words(expected),
                          # a measured slope is off by about eps², hence the looser tolerance
                          accept=lambda r, slope=slope: slope is not None and close(r, slope, rtol=1e-4, atol=1e-6),
                          hint_en=f"x = {x:g}", hint_ja=f"x = {x:g}"))

    def attempt(x):
        return _backward(MyFunction, Variable, [x], 1.0)

    return run(attempt, cases, title=tr(en="Check of {name}.backward against measured slopes",
                                        ja="{name}.backward と、数値で測った傾きの比較", name=name))


# ------------------------------------------------------------------ lesson 07: Mul
@exercise("Mul", "07_scratch_3_backprop.ipynb", hints=[
    ("Look at `Add` in section 3: its `backward` returns two slopes, `return gy, gy`, one for each input, "
     "in the order of the inputs. `Mul.backward` also returns two: first the one for x0, then the one for x1.",
     "3 節の `Add` を見てみましょう。`backward` は入力 1 つにつき 1 つ、`return gy, gy` と 2 つの傾きを"
     "入力の順に返しています。`Mul.backward` も 2 つ返します。先に x0 の傾き、次に x1 の傾きです。"),
    ("For z = x0 · x1, nudge x0 and z moves x1 times as much: the slope for x0 is the OTHER input, x1, "
     "and the slope for x1 is x0. Along a chain the slopes multiply: multiply each of them by `gy`.",
     "z = x0 · x1 では、x0 を少し動かすと z はその x1 倍動きます。つまり x0 の傾きは「もう一方」の入力 x1 で、"
     "x1 の傾きは x0 です。つながった関数では傾きをかけ算するので、どちらにも `gy` をかけます。"),
    ("Compute `gx0` as `gy` times `x1` and `gx1` as `gy` times `x0`, then return both in place of `None`: "
     "`return gx0, gx1` (the comma makes a pair). Do not swap them: x0 gets x1.",
     "`gx0` は `gy` と `x1` のかけ算、`gx1` は `gy` と `x0` のかけ算です。`None` の代わりに "
     "`return gx0, gx1` で 2 つとも返しましょう（カンマで 2 つの組になります）。入れかえないように: x0 には x1 です。"),
])
def check_mul(Mul, Variable):
    """``Mul`` computes y = x0 · x1 and returns ``(gy · x1, gy · x0)`` from backward."""
    if not callable(Mul):
        return run(Mul, [])
    a, b = _array([1.0, 2.0, -3.0]), _array([4.0, -1.0, 0.5])

    def pair(expected0, expected1):
        return lambda r: isinstance(r, tuple) and len(r) == 2 \
            and close(r[0], expected0) and close(r[1], expected1)

    cases = [
        Case(args=("forward", 3.0, 4.0, None), expected=12.0, accept=lambda r: close(r, 12.0),
             hint_en="forward: 3 · 4 = 12", hint_ja="forward: 3 · 4 = 12"),
        Case(args=("forward", a, b, None), expected=(a * b).tolist(), accept=lambda r: close(r, a * b),
             hint_en=f"forward on arrays {_show(a)} · {_show(b)}",
             hint_ja=f"配列で forward: {_show(a)} · {_show(b)}"),
        Case(args=("backward", 3.0, 4.0, 1.0), expected=(4.0, 3.0), accept=pair(4.0, 3.0),
             hint_en="backward at x0 = 3, x1 = 4, gy = 1: (4, 3) — each input gets the OTHER input",
             hint_ja="x0 = 3、x1 = 4、gy = 1 で backward: (4, 3) — それぞれ「もう一方」の入力になります"),
        Case(args=("backward", 3.0, 4.0, 2.0), expected=(8.0, 6.0), accept=pair(8.0, 6.0),
             hint_en="backward with gy = 2: (2 · 4, 2 · 3) = (8, 6)",
             hint_ja="gy = 2 で backward: (2 · 4, 2 · 3) = (8, 6)"),
        Case(args=("backward", a, b, 1.0), expected=(b.tolist(), a.tolist()), accept=pair(b, a),
             hint_en="backward on the arrays, gy = 1", hint_ja="配列で backward、gy = 1"),
    ]

    def attempt(step, x0, x1, gy):
        if step == "forward":
            return _forward(Mul, Variable, x0, x1)
        return _backward(Mul, Variable, [x0, x1], gy)

    result = run(attempt, cases, title=tr(en="Check of Mul", ja="Mul のチェック"))
    return say_tips(result, [
        (lambda: pair(3.0, 4.0)(attempt("backward", 3.0, 4.0, 1.0)),
         "The gradients are swapped: d(x0 · x1)/dx0 is x1, and d(x0 · x1)/dx1 is x0.",
         "勾配が入れかわっています。d(x0 · x1)/dx0 は x1、d(x0 · x1)/dx1 は x0 です。"),
        (lambda: pair(4.0, 3.0)(attempt("backward", 3.0, 4.0, 2.0)),
         "Multiply both gradients by gy (along a chain the slopes multiply).",
         "どちらの勾配にも gy をかけましょう（つながった関数では傾きをかけ算します）。"),
        (lambda: not isinstance(attempt("backward", 3.0, 4.0, 1.0), tuple),
         "Mul has two inputs, so backward returns two gradients: `return gx0, gx1`.",
         "Mul は入力が 2 つなので、backward は勾配を 2 つ返します: `return gx0, gx1`"),
    ])


# ------------------------------------------------------------------ lesson 08: sgd_step
class _Parameter:
    """A parameter as the lessons' Variables have it: ``data`` and ``grad`` (numpy arrays)."""

    def __init__(self, data, grad):
        self.data, self.grad = _array(data), _array(grad)


@exercise("sgd_step", "08_scratch_4_network.ipynb", hints=[
    ("Look at the training loop of section 3: `w.data = w.data - lr * w.grad` is one step downhill for `w`. "
     "`sgd_step` takes the same step for every `p` in `params`.",
     "3 節の学習のループを見てみましょう。`w.data = w.data - lr * w.grad` が `w` を坂の下へ 1 歩動かしています。"
     "`sgd_step` は、`params` の中のどの `p` にも同じ 1 歩を進めます。"),
    ("The gradient points uphill, so subtract it, and multiply it by `lr` first to take a small step. Change "
     "`p.data` itself: a new name such as `new = ...` is forgotten after the loop, and the parameter stays as it was.",
     "勾配は上り坂の向きなので、引き算します。その前に `lr` をかけて、小さな歩幅にします。書きかえるのは "
     "`p.data` そのものです。`new = ...` のような新しい名前に入れるだけでは、パラメータは何も変わりません。"),
    ("Inside the loop, in place of `pass`, write one line like the one for `w`, with `p`: `p.data = ...` minus `lr` "
     "times `p.grad`. No `return` is needed: the parameters in the list are changed.",
     "ループの中の `pass` の代わりに、`w` のときと同じ 1 行を `p` で書きましょう: `p.data = ...` から `lr` と "
     "`p.grad` のかけ算を引きます。`return` はいりません。リストの中のパラメータが書きかわります。"),
])
def check_sgd_step(sgd_step):
    """``sgd_step(params, lr)`` moves every parameter downhill: ``p.data ← p.data - lr · p.grad``."""
    if not callable(sgd_step):
        return run(sgd_step, [])
    examples = [
        ([(1.0, 0.5)], 0.1, "one parameter: 1 - 0.1 · 0.5 = 0.95", "パラメータ 1 つ: 1 - 0.1 · 0.5 = 0.95"),
        ([(2.0, -4.0), (0.0, 1.0)], 0.5, "two parameters, lr = 0.5: 2 + 2 = 4 and 0 - 0.5 = -0.5",
         "パラメータ 2 つ、lr = 0.5: 2 + 2 = 4 と 0 - 0.5 = -0.5"),
        ([([1.0, 2.0, 3.0], [1.0, 0.0, -1.0])], 0.01, "an array parameter: each number moves by itself",
         "配列のパラメータ: 1 つずつ動きます"),
    ]
    cases = []
    for pairs, lr, hint_en, hint_ja in examples:
        expected = [_array(data) - lr * _array(grad) for data, grad in pairs]
        cases.append(Case(args=(pairs, lr), expected=[e.tolist() for e in expected],
                          accept=lambda r, expected=expected: len(r) == len(expected)
                          and all(close(np.asarray(x), e) for x, e in zip(r, expected)),
                          hint_en=hint_en, hint_ja=hint_ja))

    def attempt(pairs, lr):
        params = [_Parameter(data, grad) for data, grad in pairs]
        sgd_step(params, lr)
        return [np.asarray(p.data).tolist() for p in params]

    result = run(attempt, cases, title=tr(en="Check of sgd_step", ja="sgd_step のチェック"))

    def after(data, grad, lr):
        params = [_Parameter(data, grad)]
        sgd_step(params, lr)
        return params[0].data

    return say_tips(result, [
        (lambda: close(after(1.0, 0.5, 0.1), 1.05),
         "The parameter went uphill: subtract lr · grad (the gradient points uphill).",
         "パラメータが坂を上っています。lr · grad を引きましょう（勾配は上り坂の向きです）。"),
        (lambda: close(after(1.0, 0.5, 0.1), 0.5),
         "Multiply the gradient by lr before subtracting it (small steps).",
         "勾配に lr をかけてから引きましょう（小さな歩幅で進みます）。"),
        (lambda: close(after(1.0, 0.5, 0.1), 1.0),
         "Nothing changed: change each parameter itself, with p.data -= lr * p.grad.",
         "何も変わっていません。p.data -= lr * p.grad のように、パラメータそのものを書きかえましょう。"),
    ])


__all__ = ["check_backward", "check_cube", "check_downhill", "check_mul", "check_sgd_step", "check_slope"]
