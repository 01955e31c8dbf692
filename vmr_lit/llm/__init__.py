"Video-LLM answers: parsing windows out of free text and scoring them as moments."
# Importing the subpackage imports its modules in dependency order, so each registers its loaders, metrics,
# presets and commands.
from . import answers, evaluate, cgbench, rextime, omtg, timelens, nextgqa, etbench
