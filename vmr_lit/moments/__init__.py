"Moment retrieval: temporal IoU, R@K,θ, AxIoU, NDCG@K,IoU≥μ and greedy matching, AP/DCG, dR@n,IoU@m, QVHighlights, QV-M2, highlight ties, and the moments evaluator."
# Importing the subpackage imports its modules in dependency order, so each registers its loaders, metrics,
# presets and commands.
from . import iou, arrays, recall, axiou, evaluate, ndcg, ap_dcg, dr, qvhighlights, highlight_ties, qv_m2
