"""OpenAIEngine against local OpenAI-compatible servers on 127.0.0.1 (gentzen.engines.openai_server over
a FakeEngine or the shipped model): completions and counts as the local engine gives them, n and seeds,
retries on transport errors and 5xx, least-outstanding dealing around a slow replica, LoRA by name.
"""

from __future__ import annotations

import socket

import pytest

pytest.importorskip("httpx", reason="the remote engine needs httpx (serve extra)")
pytest.importorskip("starlette", reason="the fake server needs starlette (serve extra)")
pytest.importorskip("uvicorn", reason="the fake server needs uvicorn (serve extra)")

from gentzen.engines import EngineChoice, FakeEngine  # noqa: E402
from gentzen.engines.openai_engine import Dealer, OpenAIEngine, RemoteError  # noqa: E402
from gentzen.engines.openai_server import Background, ServerState  # noqa: E402
from gentzen.errors import InputError  # noqa: E402


def _script(prompt: str, i: int) -> str:
    return f"{prompt[-3:]}#{i}:ab\nrest"  # a stop string "\n" cuts it; the rest never shows


@pytest.fixture
def servers():
    started = []

    def start(**kw) -> Background:
        srv = Background(ServerState(FakeEngine(_script), **kw))
        started.append(srv)
        return srv

    yield start
    for s in started:
        s.stop()


def _dead_url() -> str:
    s = socket.socket()
    s.bind(("127.0.0.1", 0))
    port = s.getsockname()[1]
    s.close()  # nothing listens there now: connecting is a transport error
    return f"http://127.0.0.1:{port}"


def test_completions_match_the_local_engine(servers):
    srv = servers()
    remote = OpenAIEngine([srv.url])
    local = FakeEngine(_script)
    prompts = ["alpha", "beta", "gamma"]
    for kw in ({"n": 2, "max_tokens": 64, "stop": ["\n"]}, {"n": 1, "max_tokens": 4, "stop": None}):
        got = remote.generate(prompts, kw["n"], max_tokens=kw["max_tokens"], stop=kw["stop"], seed=3)
        want = local.generate(prompts, kw["n"], max_tokens=kw["max_tokens"], stop=kw["stop"], seed=3)
        assert [[(c.text, c.tokens, c.finish_reason, c.stop_reason) for c in r] for r in got] == \
               [[(c.text, c.tokens, c.finish_reason, c.stop_reason) for c in r] for r in want]
        assert [[round(c.logprob, 6) for c in r] for r in got] == [[round(c.logprob, 6) for c in r] for r in want]
    body = srv.state.bodies[0]
    assert body["n"] == 2 and body["seed"] == 3 and body["stop"] == ["\n"] and body["model"] == "gentzen"
    assert body["logprobs"] == 0 and body["return_tokens_as_token_ids"] is True
    assert remote.stats.sequences == 3 * 2 + 3 and remote.stats.generated_tokens > 0
    remote.close()


def test_greedy_n_is_one_sample_repeated(servers):
    srv = servers()
    remote = OpenAIEngine([srv.url])
    out = remote.generate(["p"], 3, max_tokens=16, temperature=0, stop=["\n"])
    assert len(out[0]) == 3 and len({c.text for c in out[0]}) == 1 and srv.state.bodies[0]["n"] == 1
    remote.close()


def test_transport_errors_and_5xx_are_retried_on_another_server(servers):
    good = servers(fail_first=1)  # its first completion request answers 503
    remote = OpenAIEngine([_dead_url(), good.url], model="gentzen", prompts_per_request=1, backoff=0)
    out = remote.generate(["one"], 1, max_tokens=32, stop=["\n"])
    assert out[0][0].text == "one#0:ab"
    assert remote.retried >= 1 and good.state.requests == 2  # the 503, then the answer
    remote.close()


def test_no_answer_after_the_retries_is_a_clear_error(servers):
    remote = OpenAIEngine([_dead_url()], model="gentzen", retries=2, backoff=0)
    with pytest.raises(RemoteError, match="no answer after 3 tries"):
        remote.generate(["x"], 1, max_tokens=4)
    remote.close()


def test_a_bad_request_is_not_retried(servers):
    srv = servers()
    remote = OpenAIEngine([srv.url], model="no-such-model", backoff=0)
    with pytest.raises(RemoteError, match="HTTP 404"):
        remote.generate(["x"], 1, max_tokens=4)
    assert srv.state.requests == 1
    remote.close()


def test_least_outstanding_dealing_sends_less_to_a_slow_replica(servers):
    slow, fast = servers(delay=0.5), servers()
    remote = OpenAIEngine([slow.url, fast.url], prompts_per_request=1, concurrency=2)
    out = remote.generate([f"p{i}" for i in range(12)], 1, max_tokens=16, stop=["\n"])
    assert [r[0].text for r in out] == [f"p{i}#0:ab" for i in range(12)]  # answers stay in prompt order
    assert slow.state.requests >= 1 and fast.state.requests > 2 * slow.state.requests
    remote.close()


def test_dealer_prefers_the_least_outstanding_then_the_least_used():
    d = Dealer(["a", "b", "c"])
    assert [d.take(), d.take(), d.take()] == ["a", "b", "c"]
    d.give_back("b")
    assert d.take() == "b" and d.take(avoid={"a", "b"}) == "c"


def test_a_weight_sync_serves_a_new_adapter_name_on_every_server(servers, tmp_path):
    a, b = servers(), servers()
    remote = OpenAIEngine([a.url, b.url], prompts_per_request=1)
    first = remote.set_adapter(tmp_path / "v1")
    second = remote.set_adapter(tmp_path / "v2")
    assert first != second and remote.model_name == second
    for srv in (a, b):
        assert list(srv.state.adapters) == [second]  # the old one unloaded, the new one up
        assert srv.state.adapters[second] == str((tmp_path / "v2").resolve())
    remote.generate(["x", "y"], 1, max_tokens=8)
    assert {body["model"] for s in (a, b) for body in s.state.bodies} == {second}
    assert remote.set_adapter(None) is None and remote.model_name == "gentzen"
    with pytest.raises(InputError, match="LoRA adapters only"):
        remote.update_weights([])
    remote.close()


def test_engine_choice_is_checked_before_any_work(monkeypatch):
    with pytest.raises(InputError, match="needs --base-url"):
        EngineChoice("openai").check()
    with pytest.raises(InputError, match="http"):
        EngineChoice("openai", ("localhost:8000",)).check()
    with pytest.raises(InputError, match="go with --engine openai"):
        EngineChoice("torch", ("http://x",)).check()
    monkeypatch.delenv("GENTZEN_TEST_KEY", raising=False)
    with pytest.raises(InputError, match="GENTZEN_TEST_KEY"):
        EngineChoice("openai", ("http://x",), "GENTZEN_TEST_KEY").check()
    EngineChoice("openai", ("http://x",)).check()


def test_api_key_is_sent_as_a_bearer_token(servers, monkeypatch):
    from gentzen.engines.openai_engine import from_options

    srv = servers()
    monkeypatch.setenv("GENTZEN_TEST_KEY", "s3cret")
    remote = from_options(None, [srv.url], api_key_env="GENTZEN_TEST_KEY")
    assert remote.http.headers["Authorization"] == "Bearer s3cret"
    remote.close()


@pytest.mark.requires_torch
def test_shipped_model_gives_the_same_proofs_remote_and_local():
    """The guided sampler over the shipped model: through the server (ids from the local tokenizer)
    it finds exactly the proofs the in-process torch engine finds, for the same seed."""
    pytest.importorskip("torch", reason="needs the train extra")
    from gentzen.engines import load_engine
    from gentzen.engines.openai_engine import from_options
    from gentzen.eval.run import SHIPPED_MODEL
    from gentzen.search.methods import run_method

    model = str(SHIPPED_MODEL)
    srv = Background(ServerState(load_engine(model, "torch", device="cpu")))
    try:
        remote = from_options(model, [srv.url], prompts_per_request=1024)
        local = load_engine(model, "torch", device="cpu")
        for thm in ["p ∧ q → q ∧ p", "(p → q) → ¬q → ¬p"]:
            r = run_method("guided", thm, remote, samples=4, temperature=1.0, seed=7, fmt="whole")
            loc = run_method("guided", thm, local, samples=4, temperature=1.0, seed=7, fmt="whole")
            assert [(a.ok, a.proof) for a in r.attempts] == [(a.ok, a.proof) for a in loc.attempts]
        assert all(isinstance(x, int) for x in srv.state.bodies[0]["prompt"][0])  # ids, BOS first
        remote.close()
    finally:
        srv.stop()


@pytest.mark.requires_torch
def test_syncer_publishes_each_lora_update_as_a_new_adapter(servers, tmp_path):
    """engines/sync.py with a remote engine: the trained adapter is saved to a new folder per version and
    loaded on every server under a new name; a full-weight model is refused in one line."""
    pytest.importorskip("peft", reason="LoRA needs the train extra")
    from gentzen.engines.sync import Syncer
    from gentzen.models import formats
    from gentzen.models.model import new_model
    from gentzen.models.tokenizer import train_tokenizer
    from gentzen.models.lora import add_lora
    from gentzen.train.samples import records

    a, b = servers(), servers()
    tok = train_tokenizer(list(formats.corpus(records(), "whole")), vocab_size=400)
    model = add_lora(new_model("tiny", tok, seed=0), "r=4,alpha=8")
    syncer = Syncer(OpenAIEngine([a.url, b.url]), tmp_path / "adapters")
    first, second = syncer.sync(model), syncer.sync(model)
    assert (first.engine, second.engine) == ("openai-lora", "openai-lora")
    assert first.adapter != second.adapter and syncer.engine.model_name == second.adapter
    for srv in (a, b):
        assert srv.state.adapters == {second.adapter: str((tmp_path / "adapters" / "adapter-v00002").resolve())}
    assert (tmp_path / "adapters" / "adapter-v00002" / "adapter_config.json").is_file()
    with pytest.raises(InputError, match="LoRA adapters only"):
        Syncer(OpenAIEngine([a.url])).sync(new_model("tiny", tok, seed=0))


def test_tui_model_handle_opens_the_remote_engine(servers):
    from gentzen.engines import EngineChoice
    from gentzen.eval.run import SHIPPED_MODEL

    pytest.importorskip("textual", reason="the TUI needs the tui extra")
    pytest.importorskip("tokenizers", reason="the shipped model's tokenizer needs the train extra")
    from gentzen.tui.app import ModelHandle

    srv = servers()
    handle = ModelHandle(SHIPPED_MODEL, "openai", choice=EngineChoice("openai", (srv.url,)))
    engine = handle.get()
    assert isinstance(engine, OpenAIEngine) and engine.urls == [srv.url]
    handle.close()
