/* The hot loops of training in WebAssembly SIMD, for Pyodide (the browser's Python), whose numpy
 * has no BLAS and no SIMD: float32 matrix products (games/autograd/matrix_product.py) and one
 * step of Adam (games/autograd/optimizers.py). games/autograd/simd.py loads them.
 *
 * Built by native/build.py (clang --target=wasm32 -O3 -msimd128, wasm-ld --import-memory):
 * the module uses Pyodide's own memory, and Python passes the addresses of numpy arrays,
 * so nothing is copied. It has no stack, no data and no globals: it reads and writes
 * only the arrays it is given, which makes it safe on a memory that Python shares.
 *
 * The products, every matrix row-major (C order), sizes counted in floats:
 *
 *   matmul(c, a, b, m, k, n, a_row, a_col)   c[m×n] = A @ b[k×n], with
 *                                            A[i, p] = a[i·a_row + p·a_col]: a itself
 *                                            (a_row = k, a_col = 1) or aᵀ (a_row = 1, a_col = m)
 *   matmul_nt(c, a, w, m, k, n)              c[m×n] = a[m×k] @ w[n×k]ᵀ (each c[i, j] is the
 *                                            dot product of two rows: a's i and w's j)
 *
 *   linear(c, a, b, bias, m, k, n, relu)     c = a @ b + bias, then ReLU if relu: a layer's forward
 *
 * and Adam's step: adam(w, g, m, v, n, ...) on one parameter, adam_all(table, count, ...) on
 * `count` parameters in one call (a call from Python into WebAssembly costs microseconds), and
 * sum_of_squares(table, count), the squared length of all gradients (clip_grads).
 *
 * A SIMD vector holds 4 floats. Each product works on a tile of c at a time, kept in
 * vector registers while a whole row or column of the inputs streams past, then stored once.
 */
#include <wasm_simd128.h>

typedef v128_t f4;              /* 4 floats */
#define INLINE static inline __attribute__((always_inline))

/* Up to 4 floats from p (lanes 1..4); the lanes past the end are 0 and nothing past it is read. */
INLINE f4 load(const float *p, int lanes) {
    if (lanes == 4) return wasm_v128_load(p);
    return wasm_f32x4_make(p[0], lanes > 1 ? p[1] : 0.0f, lanes > 2 ? p[2] : 0.0f, 0.0f);
}

/* The first `lanes` floats of v into p (nothing past them is written). */
INLINE void store(float *p, f4 v, int lanes) {
    if (lanes == 4) { wasm_v128_store(p, v); return; }
    p[0] = wasm_f32x4_extract_lane(v, 0);
    if (lanes > 1) p[1] = wasm_f32x4_extract_lane(v, 1);
    if (lanes > 2) p[2] = wasm_f32x4_extract_lane(v, 2);
}

/* y + bias, then max(y, 0) if relu. pmax(y, 0) is "y < 0 ? 0 : y", numpy's maximum(y, 0) to the bit
 * (-0 stays -0, nan stays nan), where a plain max would turn -0 into +0. */
INLINE f4 finish(f4 y, f4 bias, int relu) {
    y = wasm_f32x4_add(y, bias);
    return relu ? wasm_f32x4_pmax(y, wasm_f32x4_splat(0)) : y;
}

/* ------------------------------------------------------------------ c = A @ b
 * A tile of `rows` rows (1..4) × `vecs` vectors (1 or 2) of c, its last vector `lanes` wide:
 * for each p, one row of b is loaded once and used for every row of the tile. The three
 * sizes are constants where this is inlined, so the compiler unrolls them into registers. */
INLINE void rows_tile(float *c, const float *a, const float *b, int k, int n, int a_row, int a_col,
                      int rows, int vecs, int lanes, const float *bias, int relu) {
    f4 acc00 = wasm_f32x4_splat(0), acc01 = acc00, acc10 = acc00, acc11 = acc00,
       acc20 = acc00, acc21 = acc00, acc30 = acc00, acc31 = acc00;
    const float *a0 = a, *a1 = a + a_row, *a2 = a + 2 * a_row, *a3 = a + 3 * a_row;
    for (int p = 0; p < k; p++, b += n) {
        f4 b0 = load(b, vecs == 1 ? lanes : 4);
        f4 b1 = vecs == 2 ? load(b + 4, lanes) : b0;
        int at = p * a_col;
        f4 s = wasm_f32x4_splat(a0[at]);
        acc00 = wasm_f32x4_add(acc00, wasm_f32x4_mul(s, b0));
        if (vecs == 2) acc01 = wasm_f32x4_add(acc01, wasm_f32x4_mul(s, b1));
        if (rows > 1) {
            s = wasm_f32x4_splat(a1[at]);
            acc10 = wasm_f32x4_add(acc10, wasm_f32x4_mul(s, b0));
            if (vecs == 2) acc11 = wasm_f32x4_add(acc11, wasm_f32x4_mul(s, b1));
        }
        if (rows > 2) {
            s = wasm_f32x4_splat(a2[at]);
            acc20 = wasm_f32x4_add(acc20, wasm_f32x4_mul(s, b0));
            if (vecs == 2) acc21 = wasm_f32x4_add(acc21, wasm_f32x4_mul(s, b1));
        }
        if (rows > 3) {
            s = wasm_f32x4_splat(a3[at]);
            acc30 = wasm_f32x4_add(acc30, wasm_f32x4_mul(s, b0));
            if (vecs == 2) acc31 = wasm_f32x4_add(acc31, wasm_f32x4_mul(s, b1));
        }
    }
    int first = vecs == 1 ? lanes : 4;
    if (bias) {  /* + bias, then ReLU: the float32 operations of numpy's y + b and np.maximum(y, 0) */
        f4 bias0 = load(bias, first), bias1 = vecs == 2 ? load(bias + 4, lanes) : bias0;
        acc00 = finish(acc00, bias0, relu); acc01 = finish(acc01, bias1, relu);
        acc10 = finish(acc10, bias0, relu); acc11 = finish(acc11, bias1, relu);
        acc20 = finish(acc20, bias0, relu); acc21 = finish(acc21, bias1, relu);
        acc30 = finish(acc30, bias0, relu); acc31 = finish(acc31, bias1, relu);
    }
    store(c, acc00, first);
    if (vecs == 2) store(c + 4, acc01, lanes);
    if (rows > 1) { store(c + n, acc10, first); if (vecs == 2) store(c + n + 4, acc11, lanes); }
    if (rows > 2) { store(c + 2 * n, acc20, first); if (vecs == 2) store(c + 2 * n + 4, acc21, lanes); }
    if (rows > 3) { store(c + 3 * n, acc30, first); if (vecs == 2) store(c + 3 * n + 4, acc31, lanes); }
}

/* One band of `rows` rows of c, left to right: 8 columns at a time, then 4, then the last 1..3.
 * With a bias (else 0), bias[j] is added to column j, then ReLU if relu. */
INLINE void rows_band(float *c, const float *a, const float *b, int k, int n, int a_row, int a_col, int rows,
                      const float *bias, int relu) {
    int j = 0;
#define TILE(VECS, LANES) rows_tile(c + j, a, b + j, k, n, a_row, a_col, rows, VECS, LANES, bias ? bias + j : 0, relu)
    for (; j + 8 <= n; j += 8) TILE(2, 4);
    if (j + 4 <= n) { TILE(1, 4); j += 4; }
    switch (n - j) {
        case 1: TILE(1, 1); break;
        case 2: TILE(1, 2); break;
        case 3: TILE(1, 3); break;
    }
#undef TILE
}

INLINE void product(float *c, const float *a, const float *b, int m, int k, int n, int a_row, int a_col,
                    const float *bias, int relu) {
    int i = 0;
    for (; i + 4 <= m; i += 4) rows_band(c + i * n, a + i * a_row, b, k, n, a_row, a_col, 4, bias, relu);
    for (; i < m; i++) rows_band(c + i * n, a + i * a_row, b, k, n, a_row, a_col, 1, bias, relu);
}

__attribute__((export_name("matmul")))
void matmul(float *c, const float *a, const float *b, int m, int k, int n, int a_row, int a_col) {
    product(c, a, b, m, k, n, a_row, a_col, 0, 0);
}

/* A layer of a network: c[m×n] = a[m×k] @ b[k×n] + bias[n], then ReLU if relu (a, b in C order). */
__attribute__((export_name("linear")))
void linear(float *c, const float *a, const float *b, const float *bias, int m, int k, int n, int relu) {
    product(c, a, b, m, k, n, k, 1, bias, relu);
}

/* ------------------------------------------------------------------ c = a @ wᵀ
 * The 4 sums of the lanes of v0..v3, as one vector (sum v0, sum v1, sum v2, sum v3). */
INLINE f4 lane_sums(f4 v0, f4 v1, f4 v2, f4 v3) {
    f4 t0 = wasm_f32x4_add(wasm_i32x4_shuffle(v0, v1, 0, 4, 1, 5), wasm_i32x4_shuffle(v0, v1, 2, 6, 3, 7));
    f4 t1 = wasm_f32x4_add(wasm_i32x4_shuffle(v2, v3, 0, 4, 1, 5), wasm_i32x4_shuffle(v2, v3, 2, 6, 3, 7));
    /* t0 = (v0 lanes 0+2, v1 lanes 0+2, v0 lanes 1+3, v1 lanes 1+3), t1 the same for v2, v3 */
    return wasm_f32x4_add(wasm_i32x4_shuffle(t0, t1, 0, 1, 4, 5), wasm_i32x4_shuffle(t0, t1, 2, 3, 6, 7));
}

/* A tile of `rows` rows (1 or 2) × `cols` columns (1..4) of c: the dot products of `rows` rows
 * of a with `cols` rows of w, 4 products at a time along k (the last 1..3 with zeros). */
INLINE void dots_tile(float *c, const float *a, const float *w, int k, int n, int rows, int cols) {
    f4 zero = wasm_f32x4_splat(0);
    f4 acc00 = zero, acc01 = zero, acc02 = zero, acc03 = zero, acc10 = zero, acc11 = zero, acc12 = zero, acc13 = zero;
    const float *a1 = a + k, *w1 = w + k, *w2 = w + 2 * k, *w3 = w + 3 * k;
    int p = 0;
#define DOTS_STEP(LANES)                                                                          \
    {                                                                                             \
        f4 x0 = load(a + p, LANES), x1 = rows > 1 ? load(a1 + p, LANES) : zero;                   \
        f4 y = load(w + p, LANES);                                                                \
        acc00 = wasm_f32x4_add(acc00, wasm_f32x4_mul(x0, y));                                     \
        if (rows > 1) acc10 = wasm_f32x4_add(acc10, wasm_f32x4_mul(x1, y));                       \
        if (cols > 1) {                                                                           \
            y = load(w1 + p, LANES);                                                              \
            acc01 = wasm_f32x4_add(acc01, wasm_f32x4_mul(x0, y));                                 \
            if (rows > 1) acc11 = wasm_f32x4_add(acc11, wasm_f32x4_mul(x1, y));                   \
        }                                                                                         \
        if (cols > 2) {                                                                           \
            y = load(w2 + p, LANES);                                                              \
            acc02 = wasm_f32x4_add(acc02, wasm_f32x4_mul(x0, y));                                 \
            if (rows > 1) acc12 = wasm_f32x4_add(acc12, wasm_f32x4_mul(x1, y));                   \
        }                                                                                         \
        if (cols > 3) {                                                                           \
            y = load(w3 + p, LANES);                                                              \
            acc03 = wasm_f32x4_add(acc03, wasm_f32x4_mul(x0, y));                                 \
            if (rows > 1) acc13 = wasm_f32x4_add(acc13, wasm_f32x4_mul(x1, y));                   \
        }                                                                                         \
    }
    for (; p + 4 <= k; p += 4) DOTS_STEP(4)
    switch (k - p) {
        case 1: DOTS_STEP(1) break;
        case 2: DOTS_STEP(2) break;
        case 3: DOTS_STEP(3) break;
    }
#undef DOTS_STEP
    store(c, lane_sums(acc00, acc01, acc02, acc03), cols);
    if (rows > 1) store(c + n, lane_sums(acc10, acc11, acc12, acc13), cols);
}

/* One band of `rows` rows of c, left to right: 4 columns at a time, then the last 1..3. */
INLINE void dots_band(float *c, const float *a, const float *w, int k, int n, int rows) {
    int j = 0;
    for (; j + 4 <= n; j += 4) dots_tile(c + j, a, w + j * k, k, n, rows, 4);
    switch (n - j) {
        case 1: dots_tile(c + j, a, w + j * k, k, n, rows, 1); break;
        case 2: dots_tile(c + j, a, w + j * k, k, n, rows, 2); break;
        case 3: dots_tile(c + j, a, w + j * k, k, n, rows, 3); break;
    }
}

__attribute__((export_name("matmul_nt")))
void matmul_nt(float *c, const float *a, const float *w, int m, int k, int n) {
    int i = 0;
    for (; i + 2 <= m; i += 2) dots_band(c + i * n, a + i * k, w, k, n, 2);
    if (i < m) dots_band(c + i * n, a + i * k, w, k, n, 1);
}

/* ------------------------------------------------------------------ Adam
 * One Adam step on n floats, in one pass (numpy makes 12 passes and 7 temporary arrays):
 *   m += (1 - beta1)(g - m);   v += (1 - beta2)(g² - v);   w -= lr_t · m / (√v + eps)
 * the same float32 operations, in the same order, as Adam.update_one in optimizers.py. */
__attribute__((export_name("adam")))
void adam(float *w, const float *g, float *m, float *v, int n, float lr_t, float one_minus_beta1,
          float one_minus_beta2, float eps) {
    f4 lr = wasm_f32x4_splat(lr_t), b1 = wasm_f32x4_splat(one_minus_beta1),
       b2 = wasm_f32x4_splat(one_minus_beta2), e = wasm_f32x4_splat(eps);
    int i = 0;
    for (; i + 4 <= n; i += 4) {
        f4 gi = wasm_v128_load(g + i), mi = wasm_v128_load(m + i), vi = wasm_v128_load(v + i);
        mi = wasm_f32x4_add(mi, wasm_f32x4_mul(b1, wasm_f32x4_sub(gi, mi)));
        vi = wasm_f32x4_add(vi, wasm_f32x4_mul(b2, wasm_f32x4_sub(wasm_f32x4_mul(gi, gi), vi)));
        f4 step = wasm_f32x4_div(wasm_f32x4_mul(lr, mi), wasm_f32x4_add(wasm_f32x4_sqrt(vi), e));
        wasm_v128_store(m + i, mi);
        wasm_v128_store(v + i, vi);
        wasm_v128_store(w + i, wasm_f32x4_sub(wasm_v128_load(w + i), step));
    }
    for (; i < n; i++) {  /* the last 1..3 */
        m[i] += one_minus_beta1 * (g[i] - m[i]);
        v[i] += one_minus_beta2 * (g[i] * g[i] - v[i]);
        w[i] -= lr_t * m[i] / (__builtin_sqrtf(v[i]) + eps);
    }
}

/* Adam on `count` parameters in one call. `table` holds 5 numbers per parameter: the addresses
 * of its w, g, m and v, and its size n. Each gets the same step as adam() above. */
__attribute__((export_name("adam_all")))
void adam_all(const unsigned *table, int count, float lr_t, float one_minus_beta1, float one_minus_beta2,
              float eps) {
    for (int i = 0; i < count; i++, table += 5)
        adam((float *)table[0], (const float *)table[1], (float *)table[2], (float *)table[3], (int)table[4],
             lr_t, one_minus_beta1, one_minus_beta2, eps);
}

/* ------------------------------------------------------------------ the length of all gradients
 * The sum of g² over `count` arrays in one call (for clip_grads): `table` holds 2 numbers per
 * array, its address and its size. Summed in double precision, 2 lanes at a time. */
__attribute__((export_name("sum_of_squares")))
double sum_of_squares(const unsigned *table, int count) {
    v128_t total = wasm_f64x2_splat(0);
    for (int t = 0; t < count; t++, table += 2) {
        const float *g = (const float *)table[0];
        int n = (int)table[1], i = 0;
        for (; i + 4 <= n; i += 4) {
            f4 v = wasm_v128_load(g + i);
            v128_t low = wasm_f64x2_promote_low_f32x4(v), high = wasm_f64x2_promote_low_f32x4(
                wasm_i32x4_shuffle(v, v, 2, 3, 0, 1));
            total = wasm_f64x2_add(total, wasm_f64x2_add(wasm_f64x2_mul(low, low), wasm_f64x2_mul(high, high)));
        }
        for (; i < n; i++) total = wasm_f64x2_add(total, wasm_f64x2_make((double)g[i] * g[i], 0));
    }
    return wasm_f64x2_extract_lane(total, 0) + wasm_f64x2_extract_lane(total, 1);
}
