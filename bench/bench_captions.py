"""Benchmark of vmr_lit's dense-captioning metrics.

1. METEOR speed-up: the same caption pairs scored by plain nltk (`meteor_score` on vmr_lit's tokens)
   and by `vmr_lit.captions.meteor.MeteorScorer` (fresh caches, then warm word caches), in the same run:
   the report gives the ratios, not absolute pass/fail timings. Every score is checked for exact
   equality with nltk.
2. Full size: the ActivityNet Captions val set (4,917 videos, two reference files) with a seeded
   synthetic system of ~100 proposals per video, scored with SODA a, b, c, the complete ActivityNet
   scorer (`densevid` preset: BLEU@1-4, METEOR, ROUGE-L, CIDEr, recall, precision at every tIoU) and the
   paragraph metrics (METEOR, CIDEr, BLEU@4), all with nltk METEOR: wall time and peak memory. In the same
   run, a plain implementation (nltk METEOR called once per distinct pair without vmr_lit's word caches,
   one process) scores a subsample of the videos; the report gives the ratio of per-video times.

With `--scorer meteor-1.5` the full run scores METEOR everywhere (SODA, the ActivityNet scorer, the paragraphs) with
METEOR 1.5 without Java (`PTBMeteor15`: densevid_eval's PTB tokens, `Meteor15`'s compiled engine, kernels/07_meteor15),
and the plain implementation in the same run is `Meteor15(engine='plain')` (its reference: `align`, `alignment_stats`),
one process, on `--plain-videos` videos, checked to give the same numbers.

References: ../shared/data/activitynet_captions/{val,test}.json (val_1, val_2) when present, else
synthetic references of the same size (`vmr_lit.io.captions.sample_captions`).

    python bench/bench_captions.py                 # both parts, full size
    python bench/bench_captions.py --videos 500    # a subsample of videos
    python bench/bench_captions.py --skip-full     # only the METEOR speed-up
    python bench/bench_captions.py --scorer meteor-1.5 --plain-videos 20   # METEOR 1.5 (no Java) everywhere
"""
import argparse, json, os, re, resource, sys, time
from pathlib import Path
import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
import vmr_lit
from vmr_lit import core
from vmr_lit import api
from vmr_lit.captions.meteor import MeteorScorer, tokenize, wordnet
from vmr_lit.io.captions import CaptionGT, CaptionPred, sample_captions


def references(n_videos=None):
    "Two reference sets: ActivityNet val_1 / val_2 if available, else synthetic."
    sd = core.shared_dir() or (ROOT.parent / 'shared' if (ROOT.parent / 'shared' / 'data').is_dir() else None)
    if sd is not None and (Path(sd) / 'data/activitynet_captions/val.json').exists():
        from vmr_lit.io.captions import read_captions_gt
        d = Path(sd) / 'data/activitynet_captions'
        g1 = read_captions_gt(json.load(open(d / 'val.json')), str(d / 'val.json'))
        g2 = read_captions_gt(json.load(open(d / 'test.json')), str(d / 'test.json'))
        src = 'ActivityNet Captions val_1 + val_2'
    else:
        g1, g2, _ = sample_captions(4917 if n_videos is None else n_videos, seed=0)
        src = 'synthetic references (sample_captions)'
    if n_videos is not None:
        keep = set(g1.vids[:n_videos])
        def sub(g):
            idx = [i for i, v in enumerate(g.vids) if v in keep]
            return CaptionGT([g.vids[i] for i in idx], g.durations[idx], [g.windows[i] for i in idx],
                             [g.sentences[i] for i in idx], g.source, g.counts)
        g1, g2 = sub(g1), sub(g2)
    return g1, g2, src


def synthetic_system(g1, g2, n_prop=100, seed=0):
    "A seeded system: ~n_prop captions per video, random windows, sentences drawn from the reference pool and reworded."
    rng = np.random.default_rng(seed)
    pool = [s for ss in g1.sentences + g2.sentences for s in ss]
    words = sorted({w for s in pool[:5000] for w in tokenize(s)})
    dur = {v: d for v, d in zip(g1.vids, g1.durations)}
    V, W, S = [], [], []
    for v, ws in zip(g1.vids, g1.windows):
        d = dur[v] if np.isfinite(dur[v]) else float(np.nanmax(ws)) if len(ws) else 100.0
        n = max(1, int(rng.poisson(n_prop)))
        st = rng.uniform(0, d, n); ln = rng.exponential(0.25 * d, n)
        w = np.round(np.c_[st, np.minimum(st + ln, d)], 2)
        sents = []
        for k in rng.integers(0, len(pool), n):
            toks = pool[k].split()
            for r in np.nonzero(rng.uniform(size=len(toks)) < 0.2)[0]: toks[r] = words[rng.integers(len(words))]
            sents.append(' '.join(toks))
        V.append(v); W.append(w); S.append(sents)
    return CaptionPred(V, W, S, f'synthetic system (seed {seed}, ~{n_prop} proposals/video)')


def meteor_speedup(g1, n_pairs=2000, seed=0):
    from nltk.translate.meteor_score import meteor_score
    rng = np.random.default_rng(seed)
    pool = [s for ss in g1.sentences for s in ss]
    pairs = [(pool[i], pool[j]) for i, j in rng.integers(0, len(pool), (n_pairs, 2))]
    wordnet(); meteor_score([['a']], ['a'])                         # load WordNet once, outside the timings
    t0 = time.perf_counter(); plain = [meteor_score([tokenize(r)], tokenize(c)) for r, c in pairs]; t_plain = time.perf_counter() - t0
    sc = MeteorScorer()
    t0 = time.perf_counter(); cold = [sc(r, c) for r, c in pairs]; t_cold = time.perf_counter() - t0
    sc.scores.clear()
    t0 = time.perf_counter(); warm = [sc(r, c) for r, c in pairs]; t_warm = time.perf_counter() - t0
    t0 = time.perf_counter(); again = [sc(r, c) for r, c in pairs]; t_again = time.perf_counter() - t0
    assert plain == cold == warm == again, 'MeteorScorer differs from nltk'
    return dict(n_pairs=n_pairs, plain_pairs_per_s=n_pairs / t_plain, fresh_pairs_per_s=n_pairs / t_cold,
                warm_words_pairs_per_s=n_pairs / t_warm, cached_pairs_per_s=n_pairs / t_again,
                speedup_fresh=t_plain / t_cold, speedup_warm_words=t_plain / t_warm, identical=True)


ALL = ['SODA_a', 'SODA_b', 'SODA_c']

def cpu_seconds():
    "CPU time (user + system) of this process and of its finished child processes."
    a, b = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return a.ru_utime + a.ru_stime + b.ru_utime + b.ru_stime

def full_run(g1, g2, pred, n_jobs=2, scorer=None, cpu=False, make=None):
    "SODA a/b/c + the complete ActivityNet scorer + paragraph metrics: (report, wall seconds[, CPU seconds]). `make()`: (scorer, paragraph METEOR), made inside the timing."
    from vmr_lit.cli.captions import anet_verbose_metrics
    from vmr_lit.captions.paragraphs import evaluate_paragraphs
    t0, c0 = time.perf_counter(), cpu_seconds()
    scorer, para_meteor = make() if make else (scorer, None)
    rep = api.evaluate([g1, g2], pred, metrics=ALL + anet_verbose_metrics(), preset='densevid',
                        scorer=scorer or MeteorScorer(), n_jobs=n_jobs)
    para = evaluate_paragraphs([g1, g2], pred, metrics=['METEOR', 'CIDEr', 'Bleu_4'], n_jobs=n_jobs, meteor=para_meteor)
    t, c = time.perf_counter() - t0, cpu_seconds() - c0
    rep.summary.update({k: v for k, v in para.summary.items() if k.startswith('Para.')})
    return (rep, t, c) if cpu else (rep, t)

def plain_scorer():
    "nltk METEOR on vmr_lit's tokens, no word caches (vmr_lit memoises only identical pairs)."
    from nltk.translate.meteor_score import meteor_score
    def meteor(r, c): return meteor_score([tokenize(r)], tokenize(c))   # named so the field is METEOR
    return meteor

def meteor15_scorers(engine):
    "METEOR 1.5 on densevid_eval's PTB tokens for the ActivityNet scorer and SODA, and for the paragraphs (one `Meteor15`: its resources loaded once)."
    from vmr_lit.captions.evaluate import PTBMeteor15
    from vmr_lit.captions.meteor15 import Meteor15
    m = Meteor15(engine=engine)
    return PTBMeteor15(m), PTBMeteor15(m)

def subsample(g1, g2, pred, n):
    keep = set(g1.vids[:n])
    def sub(g):
        idx = [i for i, v in enumerate(g.vids) if v in keep]
        return CaptionGT([g.vids[i] for i in idx], g.durations[idx], [g.windows[i] for i in idx], [g.sentences[i] for i in idx], g.source, g.counts)
    idx = [i for i, v in enumerate(pred.vids) if v in keep]
    return sub(g1), sub(g2), CaptionPred([pred.vids[i] for i in idx], [pred.windows[i] for i in idx], [pred.sentences[i] for i in idx], pred.source)


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--videos', type=int, default=None, help='use the first N videos (default all)')
    ap.add_argument('--proposals', type=int, default=100, help='mean proposals per video')
    ap.add_argument('--pairs', type=int, default=2000, help='caption pairs for the METEOR speed-up')
    ap.add_argument('--skip-full', action='store_true')
    ap.add_argument('--jobs', type=int, default=2, help='processes for the full run (default 2)')
    ap.add_argument('--json', default=None, help='write the results as JSON')
    ap.add_argument('--plain-videos', type=int, default=100, help='videos scored by the plain implementation (default 100)')
    ap.add_argument('--scorer', choices=['nltk', 'meteor-1.5'], default='nltk', help="the METEOR of the full run (default nltk's)")
    a = ap.parse_args(argv)
    m15 = a.scorer == 'meteor-1.5'
    out = {}
    g1, g2, src = references(a.videos)
    print(f"references: {src}: {len(g1)} + {len(g2)} videos, {sum(map(len, g1.sentences)) + sum(map(len, g2.sentences))} captions")
    if not m15:
        sp = meteor_speedup(g1, a.pairs)
        out['meteor'] = sp
        print(f"METEOR on {sp['n_pairs']} distinct real caption pairs (scores identical to nltk):")
        print(f"  plain nltk           {sp['plain_pairs_per_s']:>9,.0f} pairs/s")
        print(f"  MeteorScorer, fresh  {sp['fresh_pairs_per_s']:>9,.0f} pairs/s  (x{sp['speedup_fresh']:.1f})")
        print(f"  warm word caches     {sp['warm_words_pairs_per_s']:>9,.0f} pairs/s  (x{sp['speedup_warm_words']:.1f})")
        print(f"  repeated pairs       {sp['cached_pairs_per_s']:>9,.0f} pairs/s")
    if not a.skip_full:
        pred = synthetic_system(g1, g2, a.proposals)
        n_cap = sum(map(len, pred.sentences))
        if m15:
            from vmr_lit.captions.meteor15 import Meteor15
            Meteor15()                                        # the paraphrase index built (or found) before the timings
        fast = (lambda: meteor15_scorers('fast')) if m15 else None
        rep, t, c = full_run(g1, g2, pred, a.jobs, cpu=True, make=fast)
        s1, s2, sp_ = subsample(g1, g2, pred, a.plain_videos)
        plain = (lambda: meteor15_scorers('plain')) if m15 else (lambda: (plain_scorer(), None))
        rep_plain, t_plain, c_plain = full_run(s1, s2, sp_, 1, cpu=True, make=plain)
        rep_fast, t_fast_sub, c_fast_sub = full_run(s1, s2, sp_, 1, cpu=True, make=fast)
        # the same floats under the same field names, up to the METEOR-derived fields' scorer label ('(nltk)', '(meteor)')
        unlabel = lambda k: re.sub(r'\((nltk|meteor)\)$', '', k)
        plain = {unlabel(k): v for k, v in rep_plain.summary.items() if k.startswith(('SODA', 'ANet', 'Para'))}
        fast = {unlabel(k): v for k, v in rep_fast.summary.items() if k.startswith(('SODA', 'ANet', 'Para'))}
        assert plain.keys() == fast.keys() and all(plain[k] == fast[k] for k in fast), \
            ('plain and fast differ', sorted(plain.keys() ^ fast.keys()), [k for k in fast if k in plain and plain[k] != fast[k]])
        c_per_plain, c_per_fast = c_plain / len(s1), c / len(g1)
        per_plain, per_fast = t_plain / len(s1), t / len(g1)
        peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        peak_children = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
        out['full'] = dict(videos=len(g1), proposals=n_cap, seconds=t, cpu_seconds=c, peak_rss_mb=peak,
                           peak_rss_worker_mb=peak_children, n_scored_pairs=rep.info['n_scored_pairs'],
                           summary=rep.summary, processes=a.jobs)
        out['full'].update(plain_videos=len(s1), plain_seconds=t_plain, plain_cpu_seconds=c_plain, fast_seconds_same_subsample=t_fast_sub,
                           fast_cpu_seconds_same_subsample=c_fast_sub, ratio_per_video=per_plain / per_fast,
                           ratio_cpu_per_video=c_per_plain / c_per_fast, ratio_same_subsample_one_process=t_plain / t_fast_sub)
        print(f"full run: {len(g1)} videos, {n_cap:,} proposals, two reference files, SODA a/b/c + the complete ActivityNet scorer"
              f" (densevid preset) + paragraph METEOR/CIDEr/BLEU@4, {'METEOR 1.5 without Java (PTBMeteor15, compiled engine)' if m15 else 'nltk METEOR'}")
        print(f"  {t:,.1f} s wall, {c:,.1f} s CPU ({a.jobs} processes; {1000 * c / len(g1):.1f} ms CPU per video), peak RSS {peak:,.0f} MB (main), {peak_children:,.0f} MB (largest worker), "
              f"{rep.info['n_scored_pairs']:,} pairs scored")
        print(f"  plain implementation on {len(s1)} videos: {t_plain:,.1f} s wall, {c_plain:,.1f} s CPU ({per_plain:.3f} s/video, one process), same numbers; "
              f"vmr_lit on the same videos, one process: {t_fast_sub:,.1f} s (x{t_plain / t_fast_sub:.1f}); "
              f"per video against the full run: x{per_plain / per_fast:.1f} wall, x{c_per_plain / c_per_fast:.1f} CPU; full size would take the plain one ~{per_plain * len(g1):,.0f} s")
        shown = {unlabel(k): k for k in rep.summary}      # METEOR-derived fields carry their scorer's label, e.g. SODA_a.F1(nltk)
        for k in ['SODA_a.F1', 'SODA_b.F1', 'SODA_c.F1', 'ANet.METEOR', 'ANet.CIDEr', 'ANet.Bleu_4', 'Para.METEOR', 'Para.CIDEr']:
            print(f"  {shown[k]:<20} {rep.summary[shown[k]]:.4f}")
    if a.json: Path(a.json).write_text(json.dumps(out, indent=2, default=float))
    return 0


if __name__ == '__main__':
    sys.exit(main())
