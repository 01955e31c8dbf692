"The `vmr-lit` command line and the printouts that reproduce each script."
# Importing the subpackage imports its modules in dependency order, so each registers its loaders, metrics,
# presets and commands.
from . import options, printouts, main, ranking, captions, compare, etbench
