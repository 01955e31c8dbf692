"Every file format: readers into canonical structures, sniffing, samples."
# Importing the subpackage imports its modules in dependency order, so each registers its loaders, metrics,
# presets and commands.
from . import formats, windows, moments, ranking, captions, samples
