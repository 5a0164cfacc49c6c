"""FakeEngine: scripted completions, stop strings, max_tokens and exact token counts."""

from __future__ import annotations

import pytest

from gentzen.engines.base import Engine, cut_at_stop
from gentzen.engines.fake import FakeEngine


def test_counts_and_finish_reasons():
    eng = FakeEngine({"p": ["abc\ndef", "xyz", "0123456789"]})
    assert isinstance(eng, Engine)
    [[a, b, c]] = eng.generate(["p"], 3, max_tokens=5, temperature=1.0, stop=["\n"])
    assert (a.text, a.tokens, a.finish_reason, a.stop_reason) == ("abc", 4, "stop", "\n")
    assert (b.text, b.tokens, b.finish_reason) == ("xyz", 4, "eos")  # 3 characters + EOS
    assert (c.text, c.tokens, c.finish_reason) == ("01234", 5, "length")
    assert eng.stats.generated_tokens == 13 and eng.stats.calls == 1 and eng.stats.sequences == 3


def test_scripts_per_prompt_and_callable():
    eng = FakeEngine(lambda prompt, i: f"{prompt}{i}\n")
    out = eng.generate(["a", "b"], 2, stop=["\n"])
    assert [[c.text for c in row] for row in out] == [["a0", "a1"], ["b0", "b1"]]
    assert eng.generate(["a"], 1, stop=["\n"])[0][0].text == "a2"  # numbering continues per prompt
    assert [c.prompts for c in eng.calls] == [("a", "b"), ("a",)]


def test_earliest_stop_wins_and_arguments_are_checked():
    assert cut_at_stop("ab;cd\nef", ["\n", ";"]) == ("ab", ";")
    assert cut_at_stop("abc", None) == ("abc", None)
    with pytest.raises(ValueError):
        FakeEngine(["x"]).generate(["p"], 0)
