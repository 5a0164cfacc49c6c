"""gentzen.models: tokenizer, prompt formats, model presets and checkpoints.

`formats` is stdlib-only; the others import torch/transformers when their functions run.
"""

from pathlib import Path

# The model shipped with the package (README: "The shipped model"); every command's --model default.
SHIPPED_MODEL = Path(__file__).resolve().parent.parent / "assets" / "default_model"
