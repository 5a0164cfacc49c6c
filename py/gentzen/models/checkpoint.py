"""Model directories: HF weights (safetensors) + tokenizer + gentzen.json metadata, written atomically.

A directory written here loads in transformers and vLLM as is; any local HF causal-LM directory
loads here too (its metadata is then empty). The optimizer state for resuming lives in
`train_state.pt` beside the weights and can be dropped when a model is shipped.
"""

from __future__ import annotations

import json
import shutil
import time
from pathlib import Path

from gentzen.errors import InputError, require

META = "gentzen.json"
TRAIN_STATE = "train_state.pt"


def save_checkpoint(out: str | Path, model, tokenizer, meta: dict, train_state: dict | None = None) -> Path:
    """Write `out` atomically: a sibling temp directory is filled, then renamed into place,
    so a run killed mid-save leaves the previous checkpoint intact."""
    from gentzen.io import atomic_dir

    torch = require("torch", "train")
    out = Path(out)
    with atomic_dir(out) as tmp:
        tmp.mkdir()
        require("transformers", "train").utils.logging.disable_progress_bar()  # no bars from a library
        model.save_pretrained(tmp, safe_serialization=True)
        tokenizer.save_pretrained(tmp)
        (tmp / META).write_text(json.dumps({**meta, "saved_at": time.time()}, indent=2) + "\n")
        if train_state is not None:
            torch.save(train_state, tmp / TRAIN_STATE)
        # Files the trainer keeps beside the checkpoint (loss curve, log, --report-to's tracker folders)
        # survive the swap.
        if out.is_dir():
            for extra in ("loss.png", "log.jsonl", "command.txt", "tensorboard", "wandb"):
                if (out / extra).exists() and not (tmp / extra).exists():
                    (shutil.copytree if (out / extra).is_dir() else shutil.copy2)(out / extra, tmp / extra)
    return out


def read_meta(path: str | Path) -> dict:
    f = Path(path) / META
    return json.loads(f.read_text()) if f.is_file() else {}


def weights_digest(path: str | Path) -> str:
    """The first 16 hex digits of the SHA-256 over a model folder's weight files (sorted by name):
    which model a run started from, wherever the folder has since moved; "" for a folder without them."""
    from gentzen.io import sha16

    files = sorted(p for p in Path(path).glob("*") if p.suffix in (".safetensors", ".bin") and p.is_file())
    return sha16(*files) if files else ""


def training_seconds(meta: dict) -> float:
    """All the training a model's `gentzen.json` records: a continued model's cumulative seconds
    (its own plus those of the model it started from), else its recipe's total, else its trainer's."""
    spent = meta.get("training_seconds") or {}
    return float(spent.get("cumulative") or spent.get("total") or meta.get("seconds") or 0)


def load_checkpoint(path: str | Path, device: str = "cpu", dtype: str = "float32"):
    """(model, tokenizer, meta) from a model directory; the model is in eval mode on `device`."""
    torch = require("torch", "train")
    transformers = require("transformers", "train")
    from gentzen.models.tokenizer import load_tokenizer

    path = Path(path)
    transformers.utils.logging.disable_progress_bar()
    if not (path / "config.json").is_file():
        raise InputError(f"{path} is not a model directory (no config.json)")
    model = transformers.AutoModelForCausalLM.from_pretrained(
        str(path), local_files_only=True, dtype=getattr(torch, dtype))
    model.to(device).eval()
    return model, load_tokenizer(path), read_meta(path)


def load_train_state(path: str | Path) -> dict | None:
    torch = require("torch", "train")
    f = Path(path) / TRAIN_STATE
    return torch.load(f, map_location="cpu", weights_only=False) if f.is_file() else None
