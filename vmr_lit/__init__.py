"""vmr_lit: literate, tested metrics for video moment retrieval and dense video captioning.

The front door:
- `evaluate(gt, pred, metrics=None, k=None, iou=None, preset=None, **conventions) -> Report`: score any task's
  predictions (files, records or DataFrames); the task follows from the predictions.
- `Report`: `.summary`, `.per_query`, `.wide()`, `.plot()`, `.to_markdown()`, `.to_latex()`, `.to_csv()`, `.to_json()`.
- `compare(gt, {name: pred, ...}) -> Comparison`: several systems, bootstrap CIs, paired randomisation tests, Holm.
- `load(path, kind=None)`: any supported file, or the same data in memory, into its canonical structure.
- `PRESETS` / `vmr-lit presets`: conventions and metrics that reproduce existing scripts.
- `parse_metric`, `temporal_iou`, `parse_windows`, and `InputError` for every problem with user input.
- The command line: `vmr-lit moments|captions|ranking|compare|demo|presets|formats` (`vmr_lit.cli.main.main`).

Everything else lives in its module or subpackage: `core` (errors, Report, registries, run options), `api` (`evaluate`),
and by task `io` (file formats), `kernels` (compiled loops), `moments`, `ranking`, `captions`, `llm`, `analysis` and `cli`. Importing the package imports them all, so every loader,
metric family, preset, evaluator and command-line subcommand is registered.
"""
__version__ = "0.0.1"

from . import core, io, kernels, moments, ranking, llm, captions, api, analysis, cli   # registries list their entries in this order
from .core import InputError, MetricSpec, Report, parse_metric, PRESETS, register_preset, set_quiet, set_progress
from .api import evaluate
from .io.formats import load, register_loader
from .moments.iou import temporal_iou
from .llm.answers import parse_windows
from .analysis.compare import compare, Comparison

__all__ = ['core', 'api', 'io', 'kernels', 'moments', 'ranking', 'captions', 'llm', 'analysis', 'cli',
           'InputError', 'MetricSpec', 'Report', 'evaluate', 'parse_metric', 'PRESETS', 'register_preset',
           'set_quiet', 'set_progress', 'load', 'register_loader', 'temporal_iou', 'parse_windows', 'compare', 'Comparison']
