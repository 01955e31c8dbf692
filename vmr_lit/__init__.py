"""vmr_lit: literate, tested metrics for video moment retrieval and dense video captioning.

The public API; importing the package registers every loader, metric family, preset, evaluator
and command-line subcommand."""
__version__ = "0.0.1"

from .core import (InputError, MetricSpec, Report, evaluate, load, parse_metric, PRESETS, register_loader,
                   register_evaluator, register_preset, register_command, register_demo)
from .iou import temporal_iou, validate_windows, clip_windows, compare
from .moments import MomentsGT, MomentsPred, align, iou_matrix, best_iou
from .recall import recall_at_k, miou
from .axiou import axiou, ncxiou, abandonment
from .evaluate_moments import evaluate_moments, register_moment_family, expand_metrics

import importlib as _importlib
# Task modules written in later notebooks register themselves on import; a module that is
# absent (an optional part not built) is skipped.
for _m in ('ap_dcg', 'axioms', 'dr', 'ood', 'ranking', 'corpus', 'meteor', 'soda', 'densevid', 'anet_captions',
           'caption_experiments', 'noise', 'experiments', 'systems', 'agreement', 'qvhighlights', 'compare', 'plots', 'cli'):
    try: _importlib.import_module(f'{__name__}.{_m}')
    except ModuleNotFoundError as _e:
        if _e.name != f'{__name__}.{_m}': raise
