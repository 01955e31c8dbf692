"Compiled loops (numba when installed, plain Python otherwise) used by the metric engines."
# Importing the subpackage imports its modules in dependency order, so each registers its loaders, metrics,
# presets and commands.
from . import jit, meteor, meteor15, soda, random_strings, coco
