"""REPL protocol types: every recorded Lean reply parses, round-trips, and re-prints byte for byte."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st

from gentzen.repl import protocol as P


def _blocks(path):
    return [b for b in path.read_text(encoding="utf-8").split("\n\n") if b.strip()]


def _requests(path):
    # the REPL concatenates a block's lines without separators (test invalid_line_break)
    return ["".join(line.rstrip() for line in b.split("\n")) for b in _blocks(path)]


def test_every_transcript_reply_round_trips(transcripts_dir):
    files = sorted(transcripts_dir.glob("*.expected.out"))
    assert len(files) > 40
    seen = {P.CommandResponse: 0, P.ProofStepResponse: 0, P.Error: 0}
    for f in files:
        for block in _blocks(f):
            raw = json.loads(block)
            reply = P.parse_reply(raw)
            seen[type(reply)] += 1
            assert reply.to_json() == raw, f.name  # parse -> to_json gives equal dicts
            assert P.pretty(raw) == block, f.name  # Lean's Json.pretty, byte for byte
            assert P.dumps(reply) == block + "\n\n", f.name  # typed reply re-serialized
    assert all(seen.values()), seen


def test_whole_transcript_files_are_byte_identical(transcripts_dir):
    for f in sorted(transcripts_dir.glob("*.expected.out")):
        text = f.read_text(encoding="utf-8")
        assert "".join(P.dumps(P.parse_reply(json.loads(b))) for b in _blocks(f)) == text, f.name


def test_every_transcript_request_parses(transcripts_dir):
    kinds = set()
    for f in sorted(transcripts_dir.glob("*.in")):
        for text in _requests(f):
            raw = json.loads(text)
            req = P.parse_request(raw)
            kinds.add(type(req).__name__)
            assert req.to_json() == {k: v for k, v in raw.items() if v is not None}
            assert P.parse_request(json.loads(P.encode_request(req))) == req
    assert kinds == {"Command", "File", "ProofStep", "PickleEnvironment", "UnpickleEnvironment",
                     "PickleProofState", "UnpickleProofState"}


def test_dispatch_order_and_rejections():
    assert isinstance(P.parse_request({"tactic": "rfl", "proofState": 0, "cmd": "x"}), P.ProofStep)
    assert isinstance(P.parse_request({"env": 1, "pickleTo": "a.olean"}), P.PickleEnvironment)
    assert isinstance(P.parse_request({"proofState": 1, "pickleTo": "a"}), P.PickleProofState)
    assert P.parse_request({"cmd": "x", "env": None, "extra": 1}) == P.Command("x")
    for bad in ([], "cmd", {}, {"cmd": 3}, {"tactic": "rfl"}, {"cmd": "x", "env": -1},
                {"cmd": "x", "env": True}, {"cmd": "x", "allTactics": "yes"}):
        with pytest.raises(P.ProtocolError):
            P.parse_request(bad)


def test_reply_shapes():
    assert P.dumps(P.Error(P.UNKNOWN_ENV)) == '{"message": "Unknown environment."}\n\n'
    done = P.ProofStepResponse(proof_state=4, goals=(), proof_status=P.COMPLETED)
    assert P.dumps(done) == '{"proofStatus": "Completed", "proofState": 4, "goals": []}\n\n'
    assert P.dumps(P.CommandResponse(env=0)) == '{"env": 0}\n\n'
    # a sorry made in tactic mode has no positions but keeps a (possibly null) proofState
    assert P.Sorry("⊢ p", None).to_json() == {"goal": "⊢ p", "proofState": None}
    with pytest.raises(P.ProtocolError):
        P.loads_reply("[1, 2]")
    with pytest.raises(P.ProtocolError):
        P.loads_reply("{nope")


def test_escapes_match_lean():
    assert P.pretty("a\"b\\c\nd\re\tf\x01⊢✝") == '"a\\"b\\\\c\\nd\\re\\u0009f\\u0001⊢✝"'


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=30),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=30)


def _reverse_keys(v):
    if isinstance(v, dict):
        return {k: _reverse_keys(v[k]) for k in sorted(v, reverse=True)}
    return [_reverse_keys(x) for x in v] if isinstance(v, list) else v


@given(json_values)
def test_pretty_is_json_and_respects_width(value):
    text = P.pretty(value)
    assert json.loads(text) == value
    assert "\n\n" not in text  # the framing relies on it
    flat = json.dumps(_reverse_keys(value), ensure_ascii=False)
    if len(flat) <= P.WIDTH and "\\" not in flat and not any(c < " " for c in flat):
        assert text == flat  # whatever fits stays on one line, with Python's own ", "/": " spacing
