"Studies on top of the metrics: axioms, synthetic systems, noise, agreement, OOD re-splits, breakdowns, comparisons, plots."
# Importing the subpackage imports its modules in dependency order, so each registers its loaders, metrics,
# presets and commands.
from . import axioms, systems, noise, agreement, ood, breakdowns, compare, plots, caption_experiments
