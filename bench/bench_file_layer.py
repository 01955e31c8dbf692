"""The file layer's cost: `vmr-lit moments` end to end against parsing the same files with orjson alone.

    python bench/bench_file_layer.py [--n 1000000] [--preds 10] [--out bench/out] [--profile] [--before /path/to/checkout]

Writes (or reuses) the seeded QVHighlights JSONL ground truth and predictions of `bench_scale.py`
(N queries x 10 predictions), then in one run times
  (a) parse-only: every line of both files through `orjson.loads`, nothing kept (the floor any
      JSON reader has to pay), in this process;
  (b) end to end: `vmr-lit moments --gt ... --pred ... --format json` in a fresh Python process
      (interpreter start, imports, reading, alignment, IoU, 13 metrics, printing), under
      `/usr/bin/time -v` for its peak resident memory;
and prints the ratio (b)/(a). The target is a ratio within 4 and memory under 2 GB.
`--before DIR` also times (b) with the vmr_lit package of another checkout (e.g. the main branch) in
the same interleaved runs, so a change is measured before and after under the same load.
`--profile` also runs the command in this process under cProfile and prints where the time goes.
"""
import argparse
import cProfile
import contextlib
import io
import json
import os
import pstats
import re
import subprocess
import sys
import time
from pathlib import Path
import orjson

sys.path.insert(0, str(Path(__file__).parent))
from bench_scale import write   # the same seeded files as the scale run


def parse_only(*paths):
    "(wall s, CPU s, lines) to decode every line of `paths` with orjson, records dropped at once."
    t, c = time.perf_counter(), time.process_time()
    n = 0
    for p in paths:
        with open(p, 'rb') as f:
            for line in f:
                orjson.loads(line); n += 1
    return time.perf_counter() - t, time.process_time() - c, n


def end_to_end(gt, pred, root=None):
    "(wall s, CPU s (user + system), peak RSS in MB, summary) of `vmr-lit moments` in a fresh process (package from `root`)."
    code = "import sys; from vmr_lit.cli.main import main; sys.exit(main(sys.argv[1:]))"
    cmd = ['/usr/bin/time', '-v', sys.executable, '-c', code, 'moments', '--gt', str(gt), '--pred', str(pred), '--format', 'json']
    t = time.perf_counter()
    env = dict(os.environ, PYTHONPATH=str(root)) if root else os.environ
    r = subprocess.run(cmd, capture_output=True, text=True, env=env, cwd=root)   # `python -c` puts the cwd first on sys.path
    wall = time.perf_counter() - t
    if r.returncode: sys.exit(r.stderr[-3000:])
    rss = int(re.search(r'Maximum resident set size \(kbytes\): (\d+)', r.stderr)[1]) / 1024
    cpu = sum(float(re.search(rf'{k} time \(seconds\): (\S+)', r.stderr)[1]) for k in ('User', 'System'))
    return wall, cpu, rss, json.loads(r.stdout)


def profile(gt, pred, top=25):
    from vmr_lit.cli.main import main
    pr = cProfile.Profile()
    with contextlib.redirect_stdout(io.StringIO()):
        pr.enable(); main(['moments', '--gt', str(gt), '--pred', str(pred), '--format', 'json']); pr.disable()
    pstats.Stats(pr).sort_stats('tottime').print_stats(top)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--n', type=int, default=1_000_000, help='queries (default 1,000,000)')
    ap.add_argument('--preds', type=int, default=10, help='predictions per query (default 10)')
    ap.add_argument('--out', default=str(Path(__file__).parent / 'out'))
    ap.add_argument('--repeat', type=int, default=2, help='runs of each side; the best is reported (default 2)')
    ap.add_argument('--profile', action='store_true', help='also profile the command in this process (cProfile)')
    ap.add_argument('--before', default=None, help='a checkout whose vmr_lit is timed too, in the same runs (e.g. /work/main)')
    a = ap.parse_args()
    gt, pred = (p.resolve() for p in write(Path(a.out), a.n, a.preds))
    mb = (gt.stat().st_size + pred.stat().st_size) / 1e6
    print(f"files: {gt.name}, {pred.name} ({mb:.0f} MB); load average {os.getloadavg()[0]:.1f}")
    runs_p, runs_e, runs_b = [], [], []
    for _ in range(a.repeat):           # interleaved, so a burst of other jobs hits both sides alike
        runs_p.append(parse_only(gt, pred)); runs_e.append(end_to_end(gt, pred))
        if a.before: runs_b.append(end_to_end(gt, pred, a.before))
    wp, cp, lines = min(runs_p)[0], min(r[1] for r in runs_p), runs_p[0][2]
    we, ce, rss, summary = min(r[0] for r in runs_e), min(r[1] for r in runs_e), max(r[2] for r in runs_e), runs_e[0][3]
    print(f"(a) parse only (orjson, {lines:,} lines):  wall {wp:6.2f} s, CPU {cp:6.2f} s  (best of {a.repeat})")
    print(f"(b) vmr-lit moments end to end:          wall {we:6.2f} s, CPU {ce:6.2f} s, peak memory {rss:,.0f} MB "
          f"(n_queries {summary['n_queries']:,}, R@1,IoU>=0.5 {summary['R@1,IoU>=0.5']:.4f})")
    print(f"ratio (b)/(a): wall {we / wp:.2f}, CPU {ce / cp:.2f}  (target <= 4); memory {'under' if rss < 2048 else 'OVER'} 2 GB; "
          f"load average now {os.getloadavg()[0]:.1f}")
    if runs_b:
        wb, cb, rb, sb = min(r[0] for r in runs_b), min(r[1] for r in runs_b), max(r[2] for r in runs_b), runs_b[0][3]
        same = all(sb[k] == summary[k] for k in summary if isinstance(summary[k], float))
        print(f"    before ({a.before}):  wall {wb:6.2f} s, CPU {cb:6.2f} s, peak memory {rb:,.0f} MB; ratio wall {wb / wp:.2f}, "
              f"CPU {cb / cp:.2f}; the same numbers: {same}")
    if a.profile: profile(gt, pred)


if __name__ == '__main__':
    main()
