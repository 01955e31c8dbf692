"Dense video captioning: PTB tokenizer, METEOR, BLEU/ROUGE-L/CIDEr-D, SODA, the ActivityNet and Vid2Seq scorers, paragraphs."
# Importing the subpackage imports its modules in dependency order, so each registers its loaders, metrics,
# presets and commands.
from . import ptb, meteor, meteor15, coco, soda, densevid, evaluate, paragraphs, vid2seq
