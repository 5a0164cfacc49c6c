"""A value head: a small MLP on a frozen model's last hidden state, scoring partial proofs.

It reads what the model would read before its next line (the prompt of the model's format at
that state) and gives the probability that the state lies on a path to a finished proof.
`ValueHead.load(dir)` is a scorer for smc, beam, bestfirst, vdfs and mcts:
`scorer(theorem, states) -> [float]`. `gentzen train value` (gentzen.train.value) trains one.
"""

from __future__ import annotations

import json
from pathlib import Path

from gentzen.errors import InputError, require
from gentzen.models import SHIPPED_MODEL as SHIPPED  # one definition (models/__init__.py)

HEAD_FILE, META_FILE = "value_head.pt", "value.json"


def value_prompt(fmt: str, statement: str, proof: str, goals: str) -> str:
    """The prompt the model sees at a state: what the head judges the state by."""
    from gentzen.models.formats import build_prompt

    return build_prompt(fmt, statement, proof + "\n" if proof else "", goals)


def make_head(torch, features: int, hidden: int):
    return torch.nn.Sequential(torch.nn.Linear(features, hidden), torch.nn.Tanh(), torch.nn.Linear(hidden, 1))


class Features:
    """The frozen model's final hidden state after each prompt's last token (no gradients)."""

    def __init__(self, model_dir: str | Path, device: str = "cpu", batch: int = 64) -> None:
        from gentzen.models.checkpoint import load_checkpoint, read_meta

        self.torch = require("torch", "train")
        self.model_dir = str(Path(model_dir).resolve())
        self.model, self.tokenizer, _ = load_checkpoint(model_dir, device)
        for p in self.model.parameters():
            p.requires_grad_(False)
        self.format = read_meta(model_dir).get("format", "whole")
        self.device, self.batch = device, batch
        self.size = self.model.config.hidden_size
        self.max_len = getattr(self.model.config, "max_position_embeddings", 1024)

    def __call__(self, prompts: list[str]):
        torch = self.torch
        out = []
        with torch.no_grad():
            for i in range(0, len(prompts), self.batch):
                enc = self.tokenizer(prompts[i:i + self.batch], return_tensors="pt", padding=True,
                                     truncation=True, max_length=self.max_len)
                ids, mask = enc["input_ids"].to(self.device), enc["attention_mask"].to(self.device)
                hidden = self.model.model(input_ids=ids, attention_mask=mask).last_hidden_state
                # right padding: each prompt's last real token sits at its length - 1
                last = mask.sum(dim=1) - 1
                out.append(hidden[torch.arange(ids.shape[0], device=ids.device), last])
        return torch.cat(out) if out else torch.zeros(0, self.size)


class ValueHead:
    """A trained head and its frozen model, usable as a search scorer."""

    def __init__(self, features: Features, head, meta: dict) -> None:
        self.features, self.head, self.meta = features, head, meta
        self.format = meta.get("format", features.format)

    @classmethod
    def load(cls, path: str | Path, *, model: str | None = None, device: str = "cpu") -> ValueHead:
        torch = require("torch", "train")
        path = Path(path)
        if not (path / META_FILE).is_file() or not (path / HEAD_FILE).is_file():
            raise InputError(f"{path} is not a value-head directory (no {META_FILE} / {HEAD_FILE}); "
                             "make one with gentzen train value")
        meta = json.loads((path / META_FILE).read_text())
        feats = Features(model or meta["model"], device)
        if feats.size != meta["features"]:
            raise InputError(f"the value head reads {meta['features']} features but {feats.model_dir} gives {feats.size}")
        head = make_head(torch, meta["features"], meta["hidden"])
        head.load_state_dict(torch.load(path / HEAD_FILE, map_location=device, weights_only=True))
        head.to(device).eval()
        return cls(feats, head, meta)

    def probabilities(self, prompts: list[str]) -> list[float]:
        torch = self.features.torch
        if not prompts:
            return []
        with torch.no_grad():
            return torch.sigmoid(self.head(self.features(prompts)).squeeze(-1)).tolist()

    def __call__(self, theorem, states) -> list[float]:
        statement = theorem.statement()
        return self.probabilities([value_prompt(self.format, statement, s.proof, s.goals) for s in states])


def pairwise_accuracy(scores: list[float], labels: list[int], groups: list[str]) -> tuple[float | None, int]:
    """Share of (finished-path, unfinished-path) state pairs of the same theorem ranked right
    (ties count half), and the number of pairs; None when there are no pairs."""
    by_group: dict[str, tuple[list[float], list[float]]] = {}
    for s, y, g in zip(scores, labels, groups):
        pos, neg = by_group.setdefault(g, ([], []))
        (pos if y else neg).append(s)
    right, pairs = 0.0, 0
    for pos, neg in by_group.values():
        for p in pos:
            for n in neg:
                pairs += 1
                right += 1.0 if p > n else 0.5 if p == n else 0.0
    return (right / pairs if pairs else None), pairs
