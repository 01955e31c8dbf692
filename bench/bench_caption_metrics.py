"""Speed of the pure-Python coco-caption pipeline (vmr_lit.captions.ptb, vmr_lit.captions.coco) on real data.

(The PTB tokenizer against the CoreNLP jar: bench/bench_ptb.py.)
BLEU@1-4 + ROUGE-L + CIDEr-D per video, as the ActivityNet scorer calls them (one call per video with its
   matched pairs; CIDEr's IDF from that video's references), on MDVC's 15,921 val_1 captions (4,483 videos):
   engine='fast' (cached n-grams, first and second pass; later tIoU thresholds cost the second) against
   engine='plain' (the reference transcription), same numbers checked.

    VMR_LIT_SHARED=/work/shared python bench/bench_caption_metrics.py
"""
import json, os, time
from pathlib import Path
import numpy as np
from vmr_lit.core import shared_dir
from vmr_lit.captions.ptb import ptb_tokenize
from vmr_lit.captions.coco import bleu, rouge_l, cider_d

data = shared_dir() / 'data'
val = json.loads((data / 'activitynet_captions/val.json').read_text())

pred = json.loads((data / 'activitynet_captions_predictions/results_val_1_e30.json').read_text())['results']
vids = [v for v in val if v in pred]
pairs = {v: list(zip(val[v]['sentences'], [p['sentence'] for p in pred[v]])) for v in vids}
tr = iter(ptb_tokenize([r for v in vids for r, _ in pairs[v]])); tp = iter(ptb_tokenize([c for v in vids for _, c in pairs[v]]))
tok = {v: [(' '.join(next(tr)), ' '.join(next(tp))) for _ in pairs[v]] for v in vids}

def per_video(engine):
    t0, out = time.time(), []
    for v in vids:
        G = {i: [r] for i, (r, c) in enumerate(tok[v])}; R = {i: [c] for i, (r, c) in enumerate(tok[v])}
        b, _ = bleu(G, R, engine=engine)
        out.append((*b, rouge_l(G, R, engine=engine)[0], cider_d(G, R, engine=engine)[0]))
    return time.time() - t0, np.array(out)

tp_, op = per_video('plain'); tf1, of = per_video('fast'); tf2, _ = per_video('fast')
assert np.allclose(op, of, rtol=0, atol=1e-12)
print(f'BLEU+ROUGE-L+CIDEr-D per video, {sum(map(len, tok.values()))} pairs in {len(vids)} videos: plain {tp_:.2f} s, '
      f'fast {tf1:.2f} s first pass ({tp_ / tf1:.1f}x), {tf2:.2f} s cached ({tp_ / tf2:.1f}x); load average {os.getloadavg()[0]:.1f}')
