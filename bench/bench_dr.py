"""Time dR@n,IoU@m on 17,031 queries x 10 predictions (ActivityNet Captions val scale), kernel and evaluator.

The baseline is measured in the same run: a plain per-query loop written from the paper's Eq. 2
(the notebook's `dr_ref`, restated here), on a subset of the queries and extrapolated, checked to
give the same numbers as the kernel. Two figures are printed with their ratio to that loop (the tensors + the 30-cell grid; the whole
evaluator grid; the target is under 1 s each): timings belong here, not in unit tests.

Run: python bench/bench_dr.py  (prints times and ratios; no pass/fail)."""
import time
import numpy as np
from vmr_lit.moments.dr import dr_tensors, dr_from_tensors, RULES
from vmr_lit.moments.arrays import MomentsGT, MomentsPred
from vmr_lit.moments.evaluate import evaluate_moments


def data(Q=17031, P=10, seed=0):
    rng = np.random.default_rng(seed)
    d = rng.uniform(20, 200, Q)
    s = rng.uniform(0, 1, (Q, P)) * d[:, None]
    p = np.stack([s, s + rng.uniform(0, 0.5, (Q, P)) * d[:, None]], -1)
    g0 = rng.uniform(0, 0.7, (Q, 1)) * d[:, None]
    g = np.stack([g0, g0 + rng.uniform(0.05, 0.3, (Q, 1)) * d[:, None]], -1)
    return p, g, d


def loop_dr(pred, gt, d, n, m, rule='best'):
    "dR of one query, Eq. 2 with loops (IoU >= m, hull union, alpha clipped at 0; ground truth inside the video)."
    best = first = None
    for p in pred[:n]:
        hits = []
        for g in gt:
            inter = max(0.0, min(p[1], g[1]) - max(p[0], g[0]))
            union = max(p[1], g[1]) - min(p[0], g[0])
            if union > 0 and inter / union >= m:
                hits.append(max(1 - abs(p[0] - g[0]) / d, 0.0) * max(1 - abs(p[1] - g[1]) / d, 0.0))
        if hits:
            if first is None: first = max(hits)
            best = max(hits) if best is None else max(best, max(hits))
    out = best if rule == 'best' else first
    return 0.0 if out is None else out


def best_of(f, reps=5):
    ts = []
    for _ in range(reps):
        t0 = time.perf_counter(); f(); ts.append(time.perf_counter() - t0)
    return min(ts)


if __name__ == '__main__':
    p, g, d = data()
    Q = len(d)
    ms = (0.1, 0.3, 0.5, 0.7, 0.9)
    cells = [(n, m, r) for n in (1, 5, 10) for m in ms for r in RULES]

    def kernel():
        T, A, V = dr_tensors(p, g, d)
        return {c: dr_from_tensors(T, A, V, c[0], c[1], '>=', c[2]) for c in cells}
    t_kernel = best_of(kernel)
    t_tensors = best_of(lambda: dr_tensors(p, g, d))
    T, A, V = dr_tensors(p, g, d)
    t_grid = best_of(lambda: [dr_from_tensors(T, A, V, n, m, '>=', r) for n, m, r in cells])

    sub = np.arange(0, Q, 17)                        # 1,002 queries for the loop, extrapolated to Q
    pl, gl, dl = p[sub].tolist(), g[sub].tolist(), d[sub].tolist()
    t0 = time.perf_counter()
    loop = {c: np.array([loop_dr(pl[i], gl[i], dl[i], *c) for i in range(len(sub))]) for c in cells}
    t_loop = (time.perf_counter() - t0) * Q / len(sub)
    fast = kernel()
    worst = max(np.abs(fast[c][sub] - loop[c]).max() for c in cells)
    assert worst < 1e-12, worst                       # same numbers before comparing times

    q = np.array([f"q{i}" for i in range(Q)], dtype=object)
    gt = MomentsGT(q, q.copy(), d, g, np.ones(Q, int), np.full(Q, '', dtype=object))
    pr = MomentsPred(q.copy(), p, np.tile(np.arange(10, 0, -1.0), (Q, 1)), np.full(Q, 10))
    kw = dict(k=[1, 5, 10], iou=list(ms))
    t_r = best_of(lambda: evaluate_moments(gt, pr, metrics=['R'], **kw))
    t_rdr = best_of(lambda: evaluate_moments(gt, pr, metrics=['R', 'dR'], **kw))
    t_all = best_of(lambda: evaluate_moments(gt, pr, metrics=['R', 'dR', 'AxIoU', 'mIoU'], **kw))
    print(f"{Q} queries x 10 predictions, {len(cells)} dR cells (3 n x 5 m x 2 rules)")
    print(f"  per-query loop (baseline, {len(sub)} queries x {Q / len(sub):.1f})  {t_loop * 1e3:7.0f} ms   max |kernel - loop| = {worst:.1e}")
    print(f"  dR tensors (IoU + discount)            {t_tensors * 1e3:7.1f} ms")
    print(f"  dR grid from the tensors               {t_grid * 1e3:7.1f} ms")
    print(f"  tensors + grid (target < 1 s)         {t_kernel * 1e3:7.1f} ms   {t_loop / t_kernel:6.1f}x faster than the loop")
    print(f"  evaluate R grid (15 metrics)           {t_r * 1e3:7.1f} ms")
    print(f"  evaluate R + dR grids (30 metrics)     {t_rdr * 1e3:7.1f} ms   ratio to R alone {t_rdr / t_r:.2f}")
    print(f"  evaluate R, dR, AxIoU, mIoU (34, target < 1 s){t_all * 1e3:7.1f} ms   {t_loop / t_all:6.1f}x faster than the dR loop alone")
