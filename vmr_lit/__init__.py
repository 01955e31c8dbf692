"""vmr_lit: literate, tested metrics for video moment retrieval and dense video captioning.

Main entry points
- `evaluate(gt, pred, metrics=None, k=None, iou=None, preset=None, **conventions) -> Report`: score any task's
  predictions (files, records or DataFrames); the task follows from the predictions. `help(vmr_lit.evaluate)`.
- `Report`: `.summary` (means and counts), `.per_query` (tidy qid, metric, value), `.wide()`, `.plot()`,
  `.to_markdown()`, `.to_latex()`, `.to_csv()`, `.to_json()`.
- `compare(gt, {name: pred, ...}) -> Comparison`: several systems, bootstrap CIs, paired randomisation tests, Holm.
- `load(path, kind=None)`: any supported file, or the same data in memory, into its canonical structure.
- `PRESETS` / `vmr-lit presets`: conventions and metrics that reproduce existing scripts ('vmr-axiou', 'moment_detr', 'tvr', ...).
- Metric kernels on arrays: `temporal_iou`, `recall_at_k`, `miou`, `axiou`, `ap_at_k`, `dcg_iou_at_k`, `dr_at_n`, `ndcg_iou`,
  `soda_video`, `meteor`; the task evaluators `evaluate_moments`, `evaluate_ranking`, `evaluate_corpus`, `evaluate_captions`.
- Extending: `register_loader`, `register_moment_family`, `register_subset`, `register_preset`, `register_evaluator`.
- The command line: `vmr-lit moments|captions|ranking|compare|demo|presets` (`vmr_lit.cli.main`).

Importing the package registers every loader, metric family, preset, evaluator and command-line subcommand of
the task modules (each module registers its own on import).
"""
__version__ = "0.0.1"

from .core import (InputError, MetricSpec, Report, evaluate, parse_metric, PRESETS,
                   register_evaluator, register_preset, register_command, register_demo, set_quiet)
from .formats import load, register_loader, detect_kind
from .iou import temporal_iou, validate_windows, clip_windows, compare as compare_iou
from .moments import MomentsGT, MomentsPred, align, iou_matrix, best_iou
from .recall import recall_at_k, miou
from .axiou import axiou, ncxiou, abandonment
from .evaluate_moments import evaluate_moments, register_moment_family, register_subset, expand_metrics
from .ap_dcg import ap_at_k, dcg_iou_at_k
from .axioms import find_violation, Violation, property_table
from .systems import system_set, synthetic_family, synthetic_gt, PAPER_MEASURES
from .noise import appendix_c, noisy_windows, label_noise_rmse
from .agreement import agreement, stability, all_tied_ratio, model_selection, kendall_tau_b
from .dr import dr_at_n, discount
from .ood import resplit, predict_all, bias_based
from .ndcg import ndcg_iou, ndcg_at_k, consensus
from .ranking_formats import RankingGT, RankingPred
from .ranking_evaluate import evaluate_ranking
from .ranking_cli import sample_ranking
from .corpus import CorpusPred, evaluate_corpus
from .qvhighlights import moment_detr_metrics, moment_detr_brief
from .qv_m2 import qv_m2_metrics, tgt_match, tgt_recall, tgt_miou
from .highlight_ties import tie_aware_ap, tie_aware_hit1, tie_aware_highlight_scores, read_saliency_pred
from .breakdowns import gt_properties, start_end_points, plot_start_end   # also adds Report.by
from .soda import soda_match, soda_table, soda_traceback, soda_video
from .densevid import anet_video
from .caption_formats import CaptionGT, CaptionPred, sample_captions
from .evaluate_captions import evaluate_captions, CaptionReport
from . import captions_cli   # registers `vmr-lit captions`
from .caption_experiments import vary_m, oracle_captions, perturb_order, self_bleu
from .meteor import MeteorScorer, JavaMeteor, tokenize, bleu4, ScoreTable
from .meteor import meteor   # vmr_lit.meteor(reference, candidate); the module stays importable as vmr_lit.meteor
from .ptb import ptb_tokenize, ptb_lines, ascii_spaces
from .compare import compare, bootstrap_ci, randomization_test, holm
from .plots import recall_curves, plot_recall_curves, plot_vs_k
from . import cli
from .core import preset_metrics, set_progress
from .compare import Comparison
from .answers import parse_windows, ParsedAnswer, GRAMMAR, read_corpus
from .llm import Answers, evaluate_answers, script_windows, AnswersReport, LLM_CONVENTIONS, write_parse_report
from .caption_metrics import caption_scores, CaptionScores, bleu, rouge_l, cider_d, document_frequency, DocumentFrequency, CAPTION_METRICS
from .densevid import anet_items
from .paragraphs import evaluate_paragraphs
from .captions_cli import anet_table, anet_verbose_metrics
from .youcook2 import evaluate_vid2seq, vid2seq_printout, read_vid2seq_gt, read_vid2seq_pred, read_youcook2, Vid2SeqReport
from .soda import CiderScorer
from .caption_metrics import GramIndex
from .ptb import ptb_tokenize_next

__all__ = ['InputError', 'MetricSpec', 'Report', 'evaluate', 'parse_metric', 'PRESETS', 'register_evaluator',
           'register_preset', 'register_command', 'register_demo', 'set_quiet', 'load', 'register_loader',
           'detect_kind', 'temporal_iou', 'validate_windows', 'clip_windows', 'compare_iou', 'MomentsGT',
           'MomentsPred', 'align', 'iou_matrix', 'best_iou', 'recall_at_k', 'miou', 'axiou', 'ncxiou',
           'abandonment', 'evaluate_moments', 'register_moment_family', 'register_subset', 'expand_metrics',
           'ap_at_k', 'dcg_iou_at_k', 'find_violation', 'Violation', 'property_table', 'system_set',
           'synthetic_family', 'synthetic_gt', 'PAPER_MEASURES', 'appendix_c', 'noisy_windows',
           'label_noise_rmse', 'agreement', 'stability', 'all_tied_ratio', 'model_selection', 'kendall_tau_b',
           'dr_at_n', 'discount', 'resplit', 'predict_all', 'bias_based', 'ndcg_iou', 'ndcg_at_k', 'consensus',
           'RankingGT', 'RankingPred', 'evaluate_ranking', 'sample_ranking', 'CorpusPred', 'evaluate_corpus',
           'moment_detr_metrics', 'moment_detr_brief', 'qv_m2_metrics', 'tgt_match', 'tgt_recall', 'tgt_miou',
           'tie_aware_ap', 'tie_aware_hit1', 'tie_aware_highlight_scores', 'read_saliency_pred',
           'gt_properties', 'start_end_points', 'plot_start_end', 'soda_match', 'soda_table', 'soda_traceback',
           'soda_video', 'anet_video', 'CaptionGT', 'CaptionPred', 'sample_captions', 'evaluate_captions',
           'CaptionReport', 'captions_cli', 'vary_m', 'oracle_captions', 'perturb_order', 'self_bleu',
           'MeteorScorer', 'JavaMeteor', 'tokenize', 'bleu4', 'ScoreTable', 'meteor', 'ptb_tokenize',
           'ptb_lines', 'ascii_spaces', 'compare', 'bootstrap_ci', 'randomization_test', 'holm',
           'recall_curves', 'plot_recall_curves', 'plot_vs_k', 'cli', 'preset_metrics', 'set_progress',
           'Comparison', 'parse_windows', 'ParsedAnswer', 'GRAMMAR', 'read_corpus', 'Answers',
           'evaluate_answers', 'script_windows', 'AnswersReport', 'LLM_CONVENTIONS', 'write_parse_report',
           'caption_scores', 'CaptionScores', 'bleu', 'rouge_l', 'cider_d', 'document_frequency',
           'DocumentFrequency', 'CAPTION_METRICS', 'anet_items', 'evaluate_paragraphs', 'anet_table',
           'anet_verbose_metrics', 'evaluate_vid2seq', 'vid2seq_printout', 'read_vid2seq_gt',
           'read_vid2seq_pred', 'read_youcook2', 'Vid2SeqReport', 'CiderScorer', 'GramIndex',
           'ptb_tokenize_next']
