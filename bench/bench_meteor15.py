"""METEOR 1.5 in Python (`vmr_lit.captions.meteor15.Meteor15`) beside meteor-1.5.jar on the full ActivityNet val_1 captioning run.

1. The `densevid` preset on MDVC val_1 (densevid_eval's pipeline) with `JavaMeteor(ptb=True, neighbours=True)`: every
   `SCORE` line it sends to the jar is kept, with the jar's answer; the printed METEOR is densevid_eval's 9.9407.
2. The same run again with the same tokens, the jar process replaced by `Meteor15` speaking the jar's stdio protocol:
   the METEOR it prints, per threshold and averaged.
3. Time and peak memory of the METEOR part alone on the run's lines (the same SCORE lines and EVAL batches):
   the jar (one JVM, start-up included) and `Meteor15` (a fresh process, paraphrase index from the cache), each timed
   in its own process; agreement: segment scores equal to 1e-9, largest difference.

    python bench/bench_meteor15.py [--split 1|2] [--youcook2]
"""
import argparse, collections, json, pickle, resource, subprocess, sys, tempfile, time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from vmr_lit import core
from vmr_lit import api
from vmr_lit.captions.meteor15 import Meteor15, score_stats, sum_stats

TIOUS = (0.3, 0.5, 0.7, 0.9)

sys.path.insert(0, str(ROOT / 'tests' / 'fixtures' / 'meteor15'))
from record import JavaMeteor as RecordingJavaMeteor   # keeps every SCORE line and EVAL batch it sends

class JavaMeteor(RecordingJavaMeteor):  # the class name tells evaluate() the score field is METEOR
    "The recording JavaMeteor; given `engine`, the jar's process is that `Meteor15` behind the jar's stdio protocol."
    def __init__(self, engine=None, ctx=None, **kw):
        if engine is None: return super().__init__(**kw)
        import threading
        self.ptb, self.neighbours, self.tok, self.cache, self.lock = kw.get('ptb', False), kw.get('neighbours', False), {}, {}, threading.Lock()
        self.ctx, self.proc = dict(ctx or {}), FakeJar(engine)
        self.lines, self.calls = [], []

class FakeJar:
    "A stand-in for the jar's process: `SCORE` and `EVAL` lines answered by a `Meteor15`."
    def __init__(self, m15):
        self.m15, self.out = m15, collections.deque()
        self.stdin, self.stdout = self, self
    def write(self, line):
        f = [x.strip() for x in line.rstrip('\n').split('|||')]
        if f[0] == 'SCORE':
            self.out.append(' '.join(f'{float(x):.1f}' for x in self.m15.best_stats(f[1:-1], f[-1])))
        elif f[0] == 'EVAL':
            rows = [[float(x) for x in s.split()] for s in f[1:]]
            self.out.extend([repr(score_stats(r)) for r in rows] + [repr(score_stats(sum_stats(rows)))])
    def flush(self): pass
    def readline(self): return self.out.popleft() + '\n'
    def poll(self): return 0
    def close(self): pass

def run(gt, pred, scorer, youcook2=False):
    t0 = time.perf_counter()
    if youcook2:
        from vmr_lit.captions.vid2seq import evaluate_vid2seq
        rep = evaluate_vid2seq(gt, pred, scorer=scorer)
    else:
        rep = api.evaluate(gt, pred, metrics=['ANet.METEOR'] + [f'ANet,IoU>={t}.METEOR' for t in TIOUS], preset='densevid', scorer=scorer)
    return rep.summary, time.perf_counter() - t0

CHILD = r'''
import json, resource, sys, time
sys.path.insert(0, {root!r})
lines, calls = json.load(open({path!r}))
t0 = time.perf_counter()
if {engine!r} == 'jar':
    import subprocess, threading
    from vmr_lit.captions.meteor15 import pycoco_meteor_dir
    jar = pycoco_meteor_dir()/'meteor-1.5.jar'
    p = subprocess.Popen(['java', '-jar', '-Xmx2G', str(jar), '-', '-', '-stdio', '-l', 'en', '-norm'], cwd=str(jar.parent),
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True, bufsize=1)
    seg, agg = [], []
    for a, b in calls:
        st = []
        for refs, hyp in lines[a:b]:
            p.stdin.write(' ||| '.join(['SCORE', *refs, hyp]) + '\n'); p.stdin.flush(); st.append(p.stdout.readline().strip())
        p.stdin.write(' ||| '.join(['EVAL', *st]) + '\n'); p.stdin.flush()
        seg += [float(p.stdout.readline()) for _ in st]; agg.append(float(p.stdout.readline()))
    p.stdin.close(); p.wait()
    rss = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
else:
    from vmr_lit.captions.meteor15 import Meteor15
    m = Meteor15()
    seg, agg = [], []
    for a, b in calls:
        agg_, seg_ = m.corpus([(list(r), h) for r, h in lines[a:b]]); seg += seg_; agg.append(agg_)
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(json.dumps(dict(seconds=time.perf_counter() - t0, rss_mb=rss / 1024, seg=seg, agg=agg)))
'''

def timed(engine, lines, calls):
    "Score the recorded lines and EVAL batches in a fresh process: seconds, peak RSS, segment and aggregate scores."
    with tempfile.NamedTemporaryFile('w', suffix='.json', delete=False) as f:
        json.dump([[[list(r), h] for r, h, _ in lines], [[a, b] for a, b, *_ in calls]], f)
    out = subprocess.run([sys.executable, '-c', CHILD.format(root=str(ROOT), path=f.name, engine=engine)],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])

def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--split', type=int, default=1, choices=[1, 2])
    ap.add_argument('--youcook2', action='store_true', help='TimeChat YouCook2 (eval_dvc.py) instead of ActivityNet')
    args = ap.parse_args()
    data = core.shared_dir()/'data'
    if args.youcook2:
        gt, pred, kw = data/'youcook2/timechat_youcook2_val_gt.json', data/'youcook2/timechat_youcook2_val_pred.json', {}
        fields = ['METEOR', 'Para_METEOR', 'SODA_c']
    else:
        gt = data/'activitynet_captions'/('val.json' if args.split == 1 else 'test.json')
        pred, kw = data/'activitynet_captions_predictions'/f'results_val_{args.split}_e30.json', dict(ptb=True, neighbours=True)
        fields = ['ANet.METEOR'] + [f'ANet,IoU>={t:g}.METEOR' for t in TIOUS]
    jm = JavaMeteor(**kw)
    S1, t1 = run(gt, pred, jm, args.youcook2); jm.close()
    m15 = Meteor15()
    fm = JavaMeteor(engine=m15, ctx=jm.ctx, **kw)
    S2, t2 = run(gt, pred, fm, args.youcook2)
    print(f"{'field':<22} {'jar':>10} {'Meteor15':>10}")
    for f in fields: print(f"{f:<22} {100 * S1[f]:>10.4f} {100 * S2[f]:>10.4f}")
    print(f"whole run: with the jar {t1:.1f} s (PTB tokenizer jar included), with Meteor15 {t2:.1f} s (same tokens)")
    U = {}
    for r, h, s in jm.lines: U.setdefault((r, h), [float(x) for x in s.split()])
    eq = mx = 0; worst = None
    for (r, h), js in U.items():
        d = abs(score_stats(m15.best_stats(list(r), h)) - score_stats(js))
        eq += d <= 1e-9
        if d > mx: mx, worst = d, (r, h)
    print(f"distinct pairs: {len(U)}; segment scores equal to 1e-9: {eq} ({eq / len(U):.2%}); largest difference {mx:.6f} on {worst}")
    J, P = timed('jar', jm.lines, jm.calls), timed('py', jm.lines, jm.calls)
    print(f"METEOR alone on the run's {len(jm.lines)} lines / {len(jm.calls)} EVAL batches: jar {J['seconds']:.1f} s, "
          f"peak RSS {J['rss_mb']:.0f} MB (JVM); Meteor15 {P['seconds']:.1f} s, peak RSS {P['rss_mb']:.0f} MB; "
          f"ratio jar/Meteor15 {J['seconds'] / P['seconds']:.2f}")
    same = sum(abs(a - b) <= 1e-9 for a, b in zip(J['agg'], P['agg']))
    print(f"EVAL aggregates equal to 1e-9: {same} of {len(J['agg'])}")

if __name__ == '__main__': main()
