"Video corpus moment ranking: the ranking evaluator (NDCG@K,IoU≥μ over a corpus) and corpus R@K (TVR VCMR)."
# Importing the subpackage imports its modules in dependency order, so each registers its loaders, metrics,
# presets and commands.
from . import evaluate, corpus
