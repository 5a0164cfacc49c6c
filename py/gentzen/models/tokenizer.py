"""A BPE tokenizer with byte fallback, trained locally on proofs, proof states and feedback.

Saved as a `PreTrainedTokenizerFast` (tokenizer.json + tokenizer_config.json) so the same model
directory loads in transformers, vLLM and peft. No hub access: everything is built from text.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from pathlib import Path

from gentzen.errors import require

BOS, EOS, PAD = "<|bos|>", "<|eos|>", "<|pad|>"
SPECIALS = (PAD, BOS, EOS)  # ids 0, 1, 2 in every gentzen tokenizer
BYTE_TOKENS = tuple(f"<0x{b:02X}>" for b in range(256))

# Pieces never cross a newline, so encode(a + "\n" + b) == encode(a + "\n") + encode(b): a prompt
# that ends at a line boundary tokenizes exactly as the training sequence it was cut from.
# Inside a line: a word with its leading space, a number, a run of symbols, or a run of spaces
# (indentation is one piece, so nesting depth is cheap to read).
_PIECE = r" ?[A-Za-z_][A-Za-z0-9_'.!?]*| ?[0-9]+| ?[^\sA-Za-z0-9_]+| +|\t+|\r"

# Lean's feedback vocabulary, so error messages a model may be shown tokenize compactly even if
# the training data holds none.
FEEDBACK_TEXT = (
    "unsolved goals\n", "type mismatch\n", "unknown identifier\n", "no goals to be proved\n",
    "application type mismatch\n", "has type\n", "but is expected to have type\n",
    "unexpected token; expected term\n", "tactic failed\n", "error: line column\n", "no goals\n",
    "case inl\n", "case inr\n", "case left\n", "case right\n", "case mp\n", "case mpr\n",
)


def train_tokenizer(texts: Iterable[str], vocab_size: int = 1024, min_frequency: int = 2):
    """Train a BPE tokenizer on `texts`; returns a `PreTrainedTokenizerFast`.

    `vocab_size` counts everything: 3 specials, 256 byte-fallback tokens and the learned merges.
    """
    tk = require("tokenizers", "train")
    transformers = require("transformers", "train")
    if vocab_size < len(SPECIALS) + len(BYTE_TOKENS) + 32:
        raise ValueError(f"vocab_size must be at least {len(SPECIALS) + len(BYTE_TOKENS) + 32}")

    tok = tk.Tokenizer(tk.models.BPE(byte_fallback=True))
    tok.pre_tokenizer = tk.pre_tokenizers.Sequence([
        tk.pre_tokenizers.Split("\n", behavior="isolated"),
        tk.pre_tokenizers.Split(tk.Regex(_PIECE), behavior="isolated"),
    ])
    # Fuse concatenates pieces verbatim (the default decoder would join them with spaces).
    tok.decoder = tk.decoders.Sequence([tk.decoders.ByteFallback(), tk.decoders.Fuse()])
    trainer = tk.trainers.BpeTrainer(
        vocab_size=vocab_size - len(BYTE_TOKENS), min_frequency=min_frequency,
        special_tokens=list(SPECIALS), show_progress=False)
    tok.train_from_iterator(list(texts) + list(FEEDBACK_TEXT), trainer=trainer)

    # Byte-fallback tokens must be ordinary vocabulary entries (not added tokens, which would
    # also match the literal text "<0x41>"), so they are appended to the trained model's vocab.
    spec = json.loads(tok.to_str())
    vocab = spec["model"]["vocab"]
    next_id = max(vocab.values()) + 1
    for name in BYTE_TOKENS:
        if name not in vocab:
            vocab[name] = next_id
            next_id += 1
    tok = tk.Tokenizer.from_str(json.dumps(spec))
    # BOS is prepended by the tokenizer itself, so vLLM and transformers encode prompts alike.
    tok.post_processor = tk.processors.TemplateProcessing(
        single=f"{BOS} $A", pair=f"{BOS} $A $B", special_tokens=[(BOS, tok.token_to_id(BOS))])
    return transformers.PreTrainedTokenizerFast(
        tokenizer_object=tok, bos_token=BOS, eos_token=EOS, pad_token=PAD,
        clean_up_tokenization_spaces=False, model_max_length=1 << 20)


def load_tokenizer(path: str | Path):
    """Load the tokenizer saved in a model directory (gentzen's or any local HF model)."""
    transformers = require("transformers", "train")
    tok = transformers.AutoTokenizer.from_pretrained(str(path), local_files_only=True)
    if tok.pad_token is None:  # many causal LMs ship without one; batching needs it
        tok.pad_token = tok.eos_token
    return tok


def encode_segments(tokenizer, texts: list[str]) -> list[list[int]]:
    """Token ids of each text without specials (the caller adds BOS/EOS where they belong)."""
    return [tokenizer(t, add_special_tokens=False)["input_ids"] for t in texts]
