"""Tokenizer: exact round trips (byte fallback for unseen characters), line-boundary splitting, save/load."""

from __future__ import annotations

import pytest

from gentzen.train.samples import records

pytestmark = pytest.mark.requires_torch


@pytest.fixture(scope="module")
def tok():
    from gentzen.models.tokenizer import train_tokenizer

    texts = [r["theorem"] + "\n" + r["proof"] for r in records()]
    return train_tokenizer(texts, vocab_size=400)


TEXTS = [
    "theorem t (P Q : Prop) (h1 : P ∧ Q) : Q ∧ P := by\n  exact ⟨h1.2, h1.1⟩\n",
    "  rcases h1 with n1 | n2\n  · exact Or.inr n1\n    \n",
    "unseen: 😀 ∀x, ∃y — «quote» \t tab\r\n",
    "",
]


@pytest.mark.parametrize("text", TEXTS)
def test_round_trip(tok, text):
    ids = tok(text)["input_ids"]
    assert ids[0] == tok.bos_token_id
    assert tok.decode(ids, skip_special_tokens=True) == text


def test_specials_and_byte_fallback(tok):
    assert (tok.pad_token_id, tok.bos_token_id, tok.eos_token_id) == (0, 1, 2)
    pieces = tok.convert_ids_to_tokens(tok("😀", add_special_tokens=False)["input_ids"])
    assert pieces == ["<0xF0>", "<0x9F>", "<0x98>", "<0x80>"]
    # byte tokens are vocabulary, not added tokens: the literal text is not one token
    assert len(tok("<0x41>", add_special_tokens=False)["input_ids"]) > 1


def test_lines_tokenize_independently(tok):
    # A prompt cut at a line boundary encodes exactly as the prefix of the full sequence.
    head, rest = "theorem t (P : Prop) (h1 : P) : P := by\n", "  exact h1\n  exact h1\n"
    assert tok(head + rest)["input_ids"] == tok(head)["input_ids"] + tok(rest, add_special_tokens=False)["input_ids"]


def test_save_and_load(tok, tmp_path):
    from gentzen.models.tokenizer import load_tokenizer

    tok.save_pretrained(tmp_path)
    again = load_tokenizer(tmp_path)
    for text in TEXTS:
        assert again(text)["input_ids"] == tok(text)["input_ids"]
    assert len(again) == len(tok)
