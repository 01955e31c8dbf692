"""Benchmark NDCG@K,IoU>=mu: `vmr_lit.evaluate` (files already loaded) against a plain per-query loop.

Input shaped like TVR-Ranking's test set (Section 3.4, Table 4 of the paper): 2,781 queries, ~27 graded
ground-truth moments each, 100 predictions per query, K in {10, 20, 40}, mu in {0.3, 0.5, 0.7}. The loop
below is a straightforward per-query implementation of the paper's greedy matching (the way the released
code is organised: for each query and threshold, walk down the ranked list, compare with the remaining
moments of the same video, take the best, remove it); it processes the same first max(K) predictions as
vmr_lit does, so the ratio measures vectorisation only. Then a 100,000-query x 100-prediction run, in
chunks, with its peak memory (tracemalloc, which sees numpy's allocations) and the process's max RSS.

    python bench/bench_ranking.py [--repeat 10] [--loop-repeat 3] [--big 100000] [--videos 2000]

Both timings are best-of-N, wall clock and CPU time (time.process_time), so a busy machine disturbs the ratio less.
"""
import argparse
import math
import resource
import time
import tracemalloc
import numpy as np
from vmr_lit.cli.ranking import sample_ranking
from vmr_lit.api import evaluate

KS, MUS = (10, 20, 40), (0.3, 0.5, 0.7)


def loop_ndcg(gt, pred, ks=KS, mus=MUS, gain='linear', iou_op='>='):
    """Plain per-query loop. gt: {qid: [(video, s, e, rel)]}; pred: {qid: [(video, s, e)]} ranked.
    Returns {metric name: {qid: value}}."""
    out = {f"NDCG@{k},IoU{iou_op}{m:g}": {} for k in ks for m in mus}
    kmax = max(ks)
    g = (lambda r: r) if gain == 'linear' else (lambda r: 2.0 ** r - 1.0)
    for q, moments in gt.items():
        ranked = pred.get(q, [])[:kmax]
        order = sorted(range(len(moments)), key=lambda j: -moments[j][3])
        ideal = sorted((m[3] for m in moments), reverse=True)
        for mu in mus:
            remaining = list(order)
            rels = []
            for v, s, e in ranked:
                best, best_iou = None, -1.0
                for j in remaining:
                    gv, gs, ge, _ = moments[j]
                    if gv != v: continue
                    inter = max(0.0, min(e, ge) - max(s, gs)); u = max(e, ge) - min(s, gs)
                    x = inter / u if u > 0 else 0.0
                    if (x >= mu if iou_op == '>=' else x > mu) and x > best_iou: best, best_iou = j, x
                if best is None: rels.append(0.0)
                else: rels.append(moments[best][3]); remaining.remove(best)
            for k in ks:
                dcg = sum(g(r) / math.log2(i + 2) for i, r in enumerate(rels[:k]))
                idcg = sum(g(r) / math.log2(i + 2) for i, r in enumerate(ideal[:k]))
                out[f"NDCG@{k},IoU{iou_op}{mu:g}"][q] = dcg / idcg if idcg > 0 else 0.0
    return out


def as_lists(gt, pred):
    "RankingGT / RankingPred -> the dicts of tuples the loop reads (not timed)."
    G = {}
    for i, q in enumerate(gt.qids):
        n = gt.n_gt[i]
        G[q] = [(gt.videos[gt.vids[i, j]], float(gt.windows[i, j, 0]), float(gt.windows[i, j, 1]), float(gt.relevance[i, j]))
                for j in range(n)]
    P = {}
    for i, q in enumerate(pred.qids):
        o = np.argsort(-pred.scores[i, :pred.n_pred[i]], kind='stable')
        P[q] = [(pred.videos[pred.vids[i, j]], float(pred.windows[i, j, 0]), float(pred.windows[i, j, 1])) for j in o]
    return G, P


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--repeat', type=int, default=10)
    ap.add_argument('--loop-repeat', type=int, default=3)
    ap.add_argument('--big', type=int, default=100_000, help='queries in the large chunked run (0 skips it)')
    ap.add_argument('--videos', type=int, default=2000)
    a = ap.parse_args()

    gt, pred = sample_ranking(n_queries=2781, n_videos=a.videos, n_gt=27, n_pred=100, seed=0)
    print(f"input: {len(gt)} queries, {gt.n_gt.mean():.1f} ground-truth moments per query (max {gt.n_gt.max()}), "
          f"{pred.vids.shape[1]} predictions per query, {a.videos} videos; K {KS}, mu {MUS}")
    G, P = as_lists(gt, pred)

    t_fast, c_fast = [], []
    for _ in range(a.repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        rep = evaluate(gt, pred, metrics=['NDCG'], k=KS, iou=MUS)
        t_fast.append(time.perf_counter() - t0); c_fast.append(time.process_time() - c0)
    t_loops, c_loops = [], []
    for _ in range(a.loop_repeat):
        t0, c0 = time.perf_counter(), time.process_time()
        ref = loop_ndcg(G, P)
        t_loops.append(time.perf_counter() - t0); c_loops.append(time.process_time() - c0)
    t_loop = min(t_loops)
    w = rep.wide()
    diff = max(abs(w.loc[q, n] - v) for n, d in ref.items() for q, v in d.items())
    print(f"plain per-query loop: {t_loop:.2f} s (best of {a.loop_repeat}; all: {', '.join(f'{t:.2f}' for t in t_loops)})")
    print(f"vmr_lit evaluate:     {min(t_fast):.3f} s (best of {a.repeat}; all: {', '.join(f'{t:.3f}' for t in t_fast)})")
    print(f"ratio loop / evaluate: {t_loop / min(t_fast):.0f}x wall clock, {min(c_loops) / min(c_fast):.0f}x CPU time "
          f"(loop {min(c_loops):.2f} s / evaluate {min(c_fast):.3f} s CPU)   (max |difference| of the 9 x {len(gt)} values: {diff:.1e})")

    if a.big < 1:                                            # --big 0 skips the large run
        return
    # big run, chunked
    gtb, predb = sample_ranking(n_queries=a.big, n_videos=a.videos * 10, n_gt=27, n_pred=100, seed=1)
    inputs = sum(x.nbytes for x in (gtb.vids, gtb.windows, gtb.relevance, predb.vids, predb.windows, predb.scores))
    tracemalloc.start()
    t0 = time.perf_counter()
    repb = evaluate(gtb, predb, metrics=['NDCG'], k=KS, iou=MUS)
    dt = time.perf_counter() - t0
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024   # KiB on Linux
    print(f"{a.big:,} queries x 100 predictions (~{gtb.n_gt.mean():.0f} moments each): {dt:.1f} s; "
          f"peak memory allocated during evaluate {peak / 2**20:.0f} MiB (inputs already loaded: {inputs / 2**20:.0f} MiB); "
          f"process max RSS {rss:.0f} MiB; NDCG@10,IoU>=0.5 = {repb.summary['NDCG@10,IoU>=0.5']:.4f}")


if __name__ == '__main__':
    main()
