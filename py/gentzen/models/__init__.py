"""gentzen.models: tokenizer, prompt formats, model presets and checkpoints.

`formats` is stdlib-only; the others import torch/transformers when their functions run.
"""
