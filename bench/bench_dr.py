"""Time dR@n,IoU@m on 17,031 queries x 10 predictions (the size in issue 5), kernel and evaluator.

Run: python bench/bench_dr.py  (prints times and the ratio of the dR grid to the R grid; no pass/fail)."""
import time
import numpy as np
from vmr_lit.dr import dr_tensors, dr_from_tensors, RULES
from vmr_lit.moments import MomentsGT, MomentsPred
from vmr_lit.evaluate_moments import evaluate_moments


def data(Q=17031, P=10, seed=0):
    rng = np.random.default_rng(seed)
    d = rng.uniform(20, 200, Q)
    s = rng.uniform(0, 1, (Q, P)) * d[:, None]
    p = np.stack([s, s + rng.uniform(0, 0.5, (Q, P)) * d[:, None]], -1)
    g0 = rng.uniform(0, 0.7, (Q, 1)) * d[:, None]
    g = np.stack([g0, g0 + rng.uniform(0.05, 0.3, (Q, 1)) * d[:, None]], -1)
    return p, g, d


def best_of(f, reps=5):
    ts = []
    for _ in range(reps):
        t0 = time.perf_counter(); f(); ts.append(time.perf_counter() - t0)
    return min(ts)


if __name__ == '__main__':
    p, g, d = data()
    Q = len(d)
    ms = (0.1, 0.3, 0.5, 0.7, 0.9)
    t_tensors = best_of(lambda: dr_tensors(p, g, d))
    T, A, V = dr_tensors(p, g, d)
    t_grid = best_of(lambda: [dr_from_tensors(T, A, V, n, m, '>=', r) for n in (1, 5, 10) for m in ms for r in RULES])
    q = np.array([f"q{i}" for i in range(Q)], dtype=object)
    gt = MomentsGT(q, q.copy(), d, g, np.ones(Q, int), np.full(Q, '', dtype=object))
    pr = MomentsPred(q.copy(), p, np.tile(np.arange(10, 0, -1.0), (Q, 1)), np.full(Q, 10))
    kw = dict(k=[1, 5, 10], iou=list(ms))
    t_r = best_of(lambda: evaluate_moments(gt, pr, metrics=['R'], **kw))
    t_rdr = best_of(lambda: evaluate_moments(gt, pr, metrics=['R', 'dR'], **kw))
    t_all = best_of(lambda: evaluate_moments(gt, pr, metrics=['R', 'dR', 'AxIoU', 'mIoU'], **kw))
    print(f"{Q} queries x 10 predictions")
    print(f"  dR tensors (IoU + discount)          {t_tensors * 1e3:7.1f} ms")
    print(f"  dR grid, 3 n x 5 m x 2 rules (30)     {t_grid * 1e3:7.1f} ms")
    print(f"  evaluate R grid (15 metrics)          {t_r * 1e3:7.1f} ms")
    print(f"  evaluate R + dR grids (30 metrics)    {t_rdr * 1e3:7.1f} ms   ratio to R alone {t_rdr / t_r:.2f}")
    print(f"  evaluate R, dR, AxIoU, mIoU (34)      {t_all * 1e3:7.1f} ms")
