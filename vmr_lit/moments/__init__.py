"Moment retrieval: temporal IoU, R@K,θ, AxIoU, NDCG@K,IoU≥μ and greedy matching, AP/DCG, dR@n,IoU@m, highlight ties, QVHighlights, TimeChat VHD, QV-M2, TVSum and YouTube Highlights (UMT, lighthouse), and the moments evaluator."
# Importing the subpackage imports its modules in dependency order, so each registers its loaders, metrics,
# presets and commands.
from . import iou, arrays, recall, axiou, evaluate, ndcg, ap_dcg, dr, highlight_ties, qvhighlights, timechat_vhd, qv_m2, highlight_benchmarks
