"""vmr_lit: literate, tested metrics for video moment retrieval and dense video captioning.

The public API. Importing the package registers every loader, metric family, preset, evaluator and
command-line subcommand of the task modules (each module registers its own on import)."""
__version__ = "0.0.1"

from .core import (InputError, MetricSpec, Report, evaluate, load, parse_metric, PRESETS, register_loader,
                   register_evaluator, register_preset, register_command, register_demo, set_quiet)
from .iou import temporal_iou, validate_windows, clip_windows, compare as compare_iou
from .moments import MomentsGT, MomentsPred, align, iou_matrix, best_iou
from .recall import recall_at_k, miou
from .axiou import axiou, ncxiou, abandonment
from .evaluate_moments import evaluate_moments, register_moment_family, register_subset, expand_metrics
from .ap_dcg import ap_at_k, dcg_at_k
from .axioms import find_violation, Violation, property_table
from .systems import system_set, synthetic_family, synthetic_gt, PAPER_MEASURES
from .noise import appendix_c, noisy_windows, label_noise_rmse
from .agreement import agreement, stability, all_tied_ratio, model_selection, kendall_tau_b
from .dr import dr_at_n, discount
from .ood import resplit, predict_all, bias_based
from .ranking import RankingGT, RankingPred, ndcg_iou, ndcg_at_k, consensus, evaluate_ranking
from .corpus import CorpusPred, evaluate_corpus
from .qvhighlights import moment_detr_metrics, moment_detr_brief
from .soda import soda_match, soda_table, soda_traceback, soda_video
from .densevid import CaptionGT, CaptionPred, evaluate_captions, anet_video
from .caption_experiments import vary_m, oracle_captions, perturb_order, self_bleu
from .meteor import MeteorScorer, JavaMeteor, tokenize, bleu4, ScoreTable
from .meteor import meteor   # vmr_lit.meteor(reference, candidate); the module stays importable as vmr_lit.meteor
from .compare import compare, bootstrap_ci, randomization_test, holm
from .plots import recall_curves, plot_recall_curves, plot_vs_k
from . import cli
