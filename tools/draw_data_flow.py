"""Draw the data flow of vmr_lit into nbs/images/data_flow.png (shown on the index page and in how_to/01_add_a_metric).

    python tools/draw_data_flow.py [OUT.png]

Files -> formats layer -> canonical arrays -> IoU -> metric kernels -> Report -> outputs, in three
columns: single-video moments (one IoU tensor shared by every metric family), corpus ranking and
VCMR, dense captioning (each computes the IoU it needs). The boxes say what the code does; check
them against vmr_lit/moments/evaluate.py, moments.py, ranking.py, corpus.py and densevid.py when
those change.
"""
import sys
from pathlib import Path
import matplotlib
matplotlib.use('Agg')
import matplotlib.pyplot as plt
from matplotlib.patches import FancyBboxPatch

ROOT = Path(__file__).resolve().parents[1]
OUT = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / 'nbs' / 'images' / 'data_flow.png'

SHARED, OWN, PLAIN, EDGE, INK = '#fbd9a6', '#e3e6ea', '#dbe8f5', '#44546a', '#1b2631'
W = 100.0                                           # drawing units across; the height follows the content
LH, TOP, PAD = 2.25, 3.7, 1.3                       # line height, title band, bottom padding (units)
COLS = [(1.0, 31.5), (34.25, 31.5), (67.5, 31.5)]   # (x, width) of the three task columns
ARROW = 3.0                                         # vertical gap between rows, spanned by an arrow


def height(lines): return TOP + LH * len(lines) + PAD


def box(ax, x, top, w, title, lines=(), color=PLAIN, h=None):
    "A rounded box hanging from `top`: a bold title, then plain lines; returns its bottom."
    h = h or height(lines)
    ax.add_patch(FancyBboxPatch((x, top - h), w, h, boxstyle='round,pad=0,rounding_size=1.0', fc=color, ec=EDGE, lw=1.0))
    ax.text(x + 1.1, top - 1.1, title, ha='left', va='top', fontsize=9.6, fontweight='bold', color=INK)
    for i, line in enumerate(lines):
        ax.text(x + 1.1, top - TOP - LH * i, line, ha='left', va='top', fontsize=9.0, color=INK)
    return top - h


def arrow(ax, x, y0, y1):
    ax.annotate('', xy=(x, y1), xytext=(x, y0),
                arrowprops=dict(arrowstyle='-|>', color=EDGE, lw=1.3, mutation_scale=12, shrinkA=0, shrinkB=0))


CANON = [('MomentsGT, MomentsPred; align()',
          ['gt windows Q×G×2, n_windows Q', 'durations Q', 'predictions ranked (rank_by):', '  windows Q×P×2, scores Q×P,',
           '  valid Q×P']),
         ('RankingGT; RankingPred, CorpusPred',
          ['gt video ids Q×G, windows Q×G×2', 'relevances Q×G (ranking)', 'predictions ranked across videos:',
           '  video ids Q×P, windows Q×P×2']),
         ('CaptionGT, CaptionPred',
          ['per video: reference windows G×2', '  and sentences, one set per', '  reference file',
           'generated windows P×2, sentences'])]
IOU = [('ONE IoU tensor Q×P×G',
        ['iou_matrix(), cached on the context', 'best match Q×P (max over G)', 'union, clip, dtype: conventions',
         'shared by the metric families'], SHARED),
       ('IoU of its own',
        ['NDCG: same-video pairs only', '  (sparse, chunked)', 'VCMR: predictions in the right', '  video (first_hit_rank)'], OWN),
       ('IoU of its own, caption scores',
        ['per video: IoU P×G (temporal_iou)', 'METEOR / BLEU of caption pairs', '  (cached scorer)'], OWN)]
KERNELS = [('Families: register_moment_family',
            ['kernel(ctx, spec) -> Q values', 'R@K,θ · AxIoU@K · mIoU · AP@K,θ', '  DCG@K · dR@n,m: the shared tensor',
             'mAP: its own tensor, same code,', '  predictions as its script ranks', 'subsets for every family:',
             '  .short .middle .long'], SHARED),
           ('NDCG@K,IoU≥μ · corpus R@K,IoU≥θ',
            ['NDCG: greedy matching by', '  relevance, then DCG / ideal DCG', 'VCMR R@K: first hit in the right',
             '  video with IoU ≥ θ, within K'], OWN),
           ('SODA a, b, c · ActivityNet scorer',
            ['SODA: DP matching on IoU', '  × caption score; P, R, F1', 'ANet: every pair with IoU ≥ τ,',
             '  mean caption score'], OWN)]


def draw(out=OUT):
    rows = [CANON, [t[:2] for t in IOU], [t[:2] for t in KERNELS]]
    hs = [max(height(b[1]) for b in r) for r in rows]
    files = ['QVHighlights JSONL · Charades-STA text · ActivityNet / CD JSON · TVR JSONL · TVR-Ranking JSON(L)',
             'ActivityNet Captions JSON · or the same data in memory']
    fmt = ['the registered loader (register_loader) whose detect() recognises the structure reads the file',
           'into canonical arrays; a loader never computes a metric, a metric never reads a file']
    report = ['summary: mean over queries (NaN: a query the metric does not count) · info: counts, conventions, preset']
    outs = ['printed summary · to_markdown, to_latex, to_json · compare(): bootstrap CIs, randomisation tests · plots',
            'vmr-lit moments | ranking | captions | compare   --per-query FILE.csv   --json FILE']
    HEAD = 5.0
    H = (0.6 + height(files) + ARROW + height(fmt) + ARROW + HEAD + sum(hs) + 3 * ARROW + height(report) + ARROW
         + height(outs) + 0.6)
    fig = plt.figure(figsize=(9.6, 9.6 * H / W), dpi=100)
    ax = fig.add_axes([0, 0, 1, 1]); ax.set_xlim(0, W); ax.set_ylim(0, H); ax.axis('off')
    x0, wf = COLS[0][0], COLS[2][0] + COLS[2][1] - COLS[0][0]

    y = box(ax, x0, H - 0.6, wf, 'Files', files)                                  # shared by every task
    arrow(ax, W / 2, y, y - ARROW); y -= ARROW
    y = box(ax, x0, y, wf, 'Formats layer: load(path)', fmt)
    heads = [('single-video moments', 'evaluate_moments'), ('corpus ranking and VCMR', 'evaluate_ranking, evaluate_corpus'),
             ('dense video captioning', 'evaluate_captions')]
    for (x, w), (h, s) in zip(COLS, heads):                                        # one column per task
        arrow(ax, x + w / 2, y, y - 1.6)
        ax.text(x + w / 2, y - 2.6, h, ha='center', va='center', fontsize=10, fontweight='bold', color=INK)
        ax.text(x + w / 2, y - 4.5, s, ha='center', va='center', fontsize=8.5, family='monospace', color=EDGE)
    y -= HEAD + 0.6
    for r, (row, h) in enumerate(zip([CANON, IOU, KERNELS], hs)):
        for i, (x, w) in enumerate(COLS):
            title, lines = row[i][:2]
            color = row[i][2] if len(row[i]) > 2 else PLAIN
            box(ax, x, y, w, title, lines, color, h=h)
            arrow(ax, x + w / 2, y - h, y - h - ARROW)
        y -= h + ARROW
    y = box(ax, x0, y, wf, 'Report: a tidy per-query table (qid, metric, value)', report)   # shared again
    arrow(ax, W / 2, y, y - ARROW); y -= ARROW
    y = box(ax, x0, y, wf, 'Outputs', outs)
    ax.set_ylim(y - 0.6, H)                # the content's own height
    fig.set_size_inches(9.6, 9.6 * (H - y + 0.6) / W)
    out = Path(out); out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, dpi=100)
    plt.close(fig)
    from PIL import Image                  # a palette PNG: flat colours and antialiased text need few entries
    Image.open(out).convert('RGB').quantize(colors=48, method=Image.Quantize.MEDIANCUT).save(out, optimize=True)
    return out


if __name__ == '__main__':
    p = draw()
    print(f"{p} ({p.stat().st_size / 1024:.0f} KB)")
