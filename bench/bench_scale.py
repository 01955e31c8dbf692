"""Scale runs: `vmr-lit moments` on a million queries x 10 predictions and `vmr-lit ranking` on
100,000 queries x 100 predictions, with time and peak memory.

    python bench/bench_scale.py [--queries 1000000] [--preds 10] [--out bench/out]
    python bench/bench_scale.py --task ranking [--queries 100000] [--preds 100]

Writes a seeded QVHighlights-style ground truth and prediction file (about 30 MB and 260 MB for
the default size; reused when present), then runs the command line under `/usr/bin/time -v` and
prints wall time and maximum resident set size. `vmr-lit moments` streams the prediction JSONL in
chunks of 100,000 queries, so memory does not grow with the number of predictions.
"""
import argparse
import json
import re
import subprocess
import sys
import time
from pathlib import Path
import numpy as np


def write(out: Path, Q: int, P: int, seed: int = 0):
    gt, pred = out / f"gt_{Q}.jsonl", out / f"pred_{Q}x{P}.jsonl"
    if gt.exists() and pred.exists(): return gt, pred
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    with open(gt, 'w') as fg, open(pred, 'w') as fp:
        for start in range(0, Q, 100_000):
            n = min(100_000, Q - start)
            d = np.round(rng.uniform(20, 200, n), 2)
            s = rng.uniform(0, 0.7, n) * d; L = rng.uniform(0.05, 0.3, n) * d
            ps = np.clip(s[:, None] + rng.normal(0, 0.2, (n, P)) * d[:, None], 0, None)
            pe = ps + np.abs(L[:, None] * np.exp(rng.normal(0, 0.3, (n, P))))
            for i in range(n):
                q = start + i
                fg.write(json.dumps({'qid': q, 'vid': f"v{q // 4}", 'duration': float(d[i]),
                                     'relevant_windows': [[round(float(s[i]), 2), round(float(s[i] + L[i]), 2)]]}) + '\n')
                fp.write('{"qid": %d, "pred_relevant_windows": [%s]}\n' % (q, ', '.join(
                    '[%.2f, %.2f, %.3f]' % (ps[i, j], pe[i, j], 1 - j / P) for j in range(P))))
    return gt, pred


def write_ranking(out: Path, Q: int, P: int, G: int = 27, V: int = 20_000, seed: int = 0):
    "TVR-Ranking-style ground truth (JSON list) and predictions (JSONL, one query per line)."
    gt, pred = out / f"rk_gt_{Q}.json", out / f"rk_pred_{Q}x{P}.jsonl"
    if gt.exists() and pred.exists(): return gt, pred
    out.mkdir(parents=True, exist_ok=True)
    rng = np.random.default_rng(seed)
    with open(gt, 'w') as fg, open(pred, 'w') as fp:
        fg.write('[')
        for q in range(Q):
            vids = rng.integers(0, V, G); s = rng.uniform(0, 60, G); L = rng.uniform(2, 20, G); rel = rng.integers(1, 5, G)
            fg.write((',' if q else '') + json.dumps({'query_id': q, 'query': f"query {q}", 'relevant_moment': [
                {'video_name': f"v{vids[j]}", 'timestamp': [round(float(s[j]), 2), round(float(s[j] + L[j]), 2)],
                 'duration': 90.0, 'relevance': int(rel[j])} for j in range(G)]}))
            pick = rng.integers(0, G, P); hit = rng.uniform(size=P) < 0.5
            pv = np.where(hit, vids[pick], rng.integers(0, V, P))
            ps = np.where(hit, s[pick] + rng.normal(0, 2, P), rng.uniform(0, 60, P)).clip(0)
            pe = ps + np.where(hit, L[pick], rng.uniform(2, 20, P))
            fp.write(json.dumps({'query_id': q, 'predictions': [[f"v{pv[j]}", round(float(ps[j]), 2), round(float(pe[j]), 2)]
                                                                 for j in range(P)]}) + '\n')
        fg.write(']\n')
    return gt, pred


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--task', choices=['moments', 'ranking'], default='moments')
    ap.add_argument('--queries', type=int, default=None, help='default 1,000,000 (moments) or 100,000 (ranking)')
    ap.add_argument('--preds', type=int, default=None, help='default 10 (moments) or 100 (ranking)')
    ap.add_argument('--out', default=str(Path(__file__).parent / 'out'))
    ap.add_argument('--per-query', action='store_true', help='also write the per-query CSV (13 rows per query)')
    a = ap.parse_args()
    t0 = time.perf_counter()
    rk = a.task == 'ranking'
    a.queries = a.queries or (100_000 if rk else 1_000_000); a.preds = a.preds or (100 if rk else 10)
    gt, pred = (write_ranking if rk else write)(Path(a.out), a.queries, a.preds)
    print(f"data: {gt} ({gt.stat().st_size / 1e6:.0f} MB), {pred} ({pred.stat().st_size / 1e6:.0f} MB), written in {time.perf_counter() - t0:.0f} s")
    cmd = ['/usr/bin/time', '-v', 'vmr-lit', a.task, '--gt', str(gt), '--pred', str(pred), '--format', 'json']
    if a.per_query: cmd += ['--per-query', str(Path(a.out) / 'per_query.csv')]
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode: sys.exit(r.stderr[-2000:])
    wall = re.search(r'Elapsed \(wall clock\) time.*: (\S+)', r.stderr)[1]
    rss = int(re.search(r'Maximum resident set size \(kbytes\): (\d+)', r.stderr)[1])
    summary = json.loads(r.stdout)
    first = next(k for k in summary if k not in ('n_queries', 'n_without_predictions'))
    print(f"vmr-lit {a.task} on {a.queries:,} queries x {a.preds} predictions ({len(summary) - 2} metrics"
          f"{', per-query CSV written' if a.per_query else ''}):")
    print(f"  wall time {wall}, peak memory {rss / 1024:.0f} MB; n_queries {summary['n_queries']:,}, {first} {summary[first]:.4f}")


if __name__ == '__main__':
    main()
