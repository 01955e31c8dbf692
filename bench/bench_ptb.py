"""Benchmark of vmr_lit's pure-Python PTB tokenizer (`vmr_lit.captions.ptb`) against the CoreNLP 3.4.1 jar.

All caption sentences of a caption file (default: ActivityNet Captions val, 17,505 sentences) are
tokenized by `ptb_tokenize` without a cache, with a warm cache, and by the jar that pycocoevalcap
ships (`PTBTokenizer -preserveLines -lowerCase`, JVM start-up included) in the same run. The jar's
lines are checked to be identical to ours; the report gives times and ratios.

    python bench/bench_ptb.py
    python bench/bench_ptb.py --file activitynet_captions/test.json --repeat 5
"""
import argparse, importlib.util, os, subprocess, sys, tempfile, time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from vmr_lit import core
from vmr_lit.captions.ptb import caption_sentences, ptb_java_tokens, ptb_tokenize


def java_lines(lines):
    "The jar's printed lines for `lines`, or None when Java or pycocoevalcap is missing."
    spec = importlib.util.find_spec('pycocoevalcap')
    if spec is None: return None
    jar = Path(spec.submodule_search_locations[0]) / 'tokenizer' / 'stanford-corenlp-3.4.1.jar'
    with tempfile.NamedTemporaryFile('w', delete=False, encoding='utf-8', suffix='.txt') as f:
        f.write('\n'.join(l.replace('\n', ' ') for l in lines))
    try:
        r = subprocess.run(['java', '-cp', str(jar), 'edu.stanford.nlp.process.PTBTokenizer', '-preserveLines',
                            '-lowerCase', f.name], capture_output=True, check=True)
    except (OSError, subprocess.CalledProcessError): return None
    finally: os.unlink(f.name)
    return r.stdout.decode('utf-8').split('\n')[:len(lines)]


def best(fn, repeat):
    ts = []
    for _ in range(repeat):
        t = time.perf_counter(); fn(); ts.append(time.perf_counter() - t)
    return min(ts)


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('--file', default='activitynet_captions/val.json', help='caption file under shared/data')
    ap.add_argument('--repeat', type=int, default=3)
    a = ap.parse_args()
    sd = core.shared_dir()
    if sd is None: sys.exit('shared/data not found (set VMR_LIT_SHARED)')
    sents = caption_sentences(Path(sd) / 'data' / a.file)
    print(f'{a.file}: {len(sents)} sentences')
    t_py = best(lambda: ptb_tokenize(sents), a.repeat)
    memo = {}; ptb_tokenize(sents, cache=memo)
    t_warm = best(lambda: ptb_tokenize(sents, cache=memo), a.repeat)
    print(f'ptb_tokenize, no cache:   {t_py:7.3f} s')
    print(f'ptb_tokenize, warm cache: {t_warm:7.3f} s  ({t_py / t_warm:.1f}x faster than no cache)')
    t = time.perf_counter(); jv = java_lines(sents); t_java = time.perf_counter() - t
    if jv is None:
        print('Java jar not available: no baseline'); return
    ours = [' '.join(x) for x in ptb_java_tokens(sents)]
    diff = sum(o != j for o, j in zip(ours, jv))
    print(f'CoreNLP jar (JVM incl.):  {t_java:7.3f} s  (ptb_tokenize takes {t_py / t_java:.2f}x the jar time, warm cache {t_warm / t_java:.2f}x); lines differing: {diff}')


if __name__ == '__main__':
    main()
