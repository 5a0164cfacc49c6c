"""OpenAIEngine: the Engine interface over OpenAI-compatible completion servers (`vllm serve`, `gentzen`'s tests).

Prompts go as token ids built by the model directory's own tokenizer (BOS included, exactly as the local
engines build them), or as text when no tokenizer is given. Each request asks for the sampled tokens'
log-probs and ids (vLLM's `return_tokens_as_token_ids`); serve with `--logprobs-mode raw_logprobs` for the
contract's raw log-probs. Requests carry a few prompts each, run concurrently, and go to the server with
the fewest outstanding requests; a transport error or a 5xx is retried on another server. A LoRA weight sync
loads the adapter on every server under a new name (`/v1/load_lora_adapter`) and samples under that name.
"""

from __future__ import annotations

import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from gentzen.engines.base import Completion, EngineStats, check_args
from gentzen.errors import GentzenError, InputError, require

RETRY_STATUS = (408, 429, 500, 502, 503, 504)  # worth another try (on another server)


class RemoteError(GentzenError):
    """No server answered after the retries, or one refused the request (bad request, unknown model)."""


class Dealer:
    """Least-outstanding dealing over base URLs: each request goes to the server with the fewest requests
    in flight (ties: the one that has had fewest so far, then the first), optionally avoiding some."""

    def __init__(self, urls: list[str]) -> None:
        self.urls = list(urls)
        self.outstanding = {u: 0 for u in self.urls}
        self.sent = {u: 0 for u in self.urls}  # requests each server has been dealt (tests, reports)
        self._lock = threading.Lock()

    def take(self, avoid: set[str] = frozenset()) -> str:
        with self._lock:
            pool = [u for u in self.urls if u not in avoid] or self.urls
            url = min(pool, key=lambda u: (self.outstanding[u], self.sent[u], self.urls.index(u)))
            self.outstanding[url] += 1
            self.sent[url] += 1
            return url

    def give_back(self, url: str) -> None:
        with self._lock:
            self.outstanding[url] -= 1


def local_tokenizer(model_dir: str | Path):
    """The tokenizer of a model directory as the local engines load it (fast path when it can)."""
    from gentzen.models.fastllama import FastTokenizer

    if (Path(model_dir) / "tokenizer.json").is_file():
        return FastTokenizer(model_dir)
    from gentzen.models.tokenizer import load_tokenizer

    return load_tokenizer(model_dir)


class OpenAIEngine:
    def __init__(self, base_urls: list[str], *, model: str | None = None, tokenizer=None, api_key: str | None = None,
                 prompts_per_request: int = 8, concurrency: int = 8, retries: int = 3, timeout: float = 600.0,
                 backoff: float = 0.2) -> None:
        httpx = require("httpx", "serve")
        if not base_urls:
            raise InputError("--engine openai needs at least one --base-url")
        for u in base_urls:
            if not u.startswith(("http://", "https://")):
                raise InputError(f"--base-url {u!r}: give an http(s):// URL")
        if prompts_per_request < 1 or concurrency < 1 or retries < 0:
            raise InputError("prompts_per_request and concurrency must be at least 1, retries at least 0")
        self.urls = [u.rstrip("/").removesuffix("/v1") for u in base_urls]
        self.base_urls = list(base_urls)
        self.dealer = Dealer(self.urls)
        self.tokenizer = tokenizer
        self.prompts_per_request, self.retries, self.backoff = prompts_per_request, retries, backoff
        headers = {"Authorization": f"Bearer {api_key}"} if api_key else {}
        import socket

        # TCP_NODELAY: a request's headers and body go out as separate writes; with Nagle's algorithm and the
        # server's delayed ACK each small request would wait ~40 ms (measured: half the throughput on 127.0.0.1)
        transport = httpx.HTTPTransport(socket_options=[(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)],
                                        limits=httpx.Limits(max_connections=concurrency * len(self.urls)))
        self.http = httpx.Client(headers=headers, timeout=timeout, transport=transport)
        self._transport_errors = (httpx.TransportError,)
        self.pool = ThreadPoolExecutor(max_workers=concurrency, thread_name_prefix="gentzen-openai")
        self.stats = EngineStats()
        self.retried = 0  # requests sent again after a transport error or a 5xx
        self.base_model = model or self._served_model()
        self.model_name = self.base_model  # the base, or the adapter of the last weight sync
        self._version = 0

    # -- HTTP with retries and dealing -----------------------------------------------------------

    def _post(self, path: str, body: dict, url: str | None = None) -> dict:
        """POST to `url`, or to the least-busy server; transport errors and 5xx go to another server."""
        avoid: set[str] = set()
        last = ""
        for attempt in range(self.retries + 1):
            target = url or self.dealer.take(avoid)
            try:
                r = self.http.post(target + path, json=body)
            except self._transport_errors as e:
                last = f"{target}: {type(e).__name__}: {e}"
            else:
                if r.status_code < 300:  # vLLM's LoRA endpoints answer plain text ("Success: …"), not JSON
                    return r.json() if "json" in r.headers.get("content-type", "") else {"text": r.text}
                last = f"{target}{path}: HTTP {r.status_code}: {r.text[:300]}"
                if r.status_code not in RETRY_STATUS:
                    raise RemoteError(last)
            finally:
                if url is None:
                    self.dealer.give_back(target)
            avoid.add(target)
            if len(avoid) == len(self.urls):
                avoid.clear()
            if attempt < self.retries:
                self.retried += 1
                time.sleep(self.backoff * (2 ** attempt) if len(self.urls) == 1 else 0)
        raise RemoteError(f"no answer after {self.retries + 1} tries; last: {last}")

    def _served_model(self) -> str:
        last = ""
        for url in self.urls:
            try:
                r = self.http.get(url + "/v1/models")
                if r.status_code < 300 and r.json().get("data"):
                    return r.json()["data"][0]["id"]
                last = f"{url}/v1/models: HTTP {r.status_code}"
            except self._transport_errors as e:
                last = f"{url}: {type(e).__name__}: {e}"
            except ValueError:
                last = f"{url}/v1/models: not JSON"
        raise InputError(f"--base-url: no server lists a model ({last}); start one, or name the model")

    # -- weights ---------------------------------------------------------------------------------

    def set_adapter(self, path: str | Path | None) -> str | None:
        """Serve the LoRA adapter at `path` (a peft directory every server can read) under a new name on
        every server, then sample under that name; None goes back to the base model. Old adapters are
        unloaded once the new one is up everywhere. Returns the adapter's name."""
        if path is None:
            self.model_name = self.base_model
            return None
        self._version += 1
        name = f"gentzen-v{self._version}-{os.getpid()}"  # never reused: servers cache adapters by name
        for url in self.urls:
            self._post("/v1/load_lora_adapter", {"lora_name": name, "lora_path": str(Path(path).resolve())}, url)
        old, self.model_name = self.model_name, name
        if old != self.base_model:
            for url in self.urls:
                try:
                    self._post("/v1/unload_lora_adapter", {"lora_name": old}, url)
                except RemoteError:
                    pass  # an adapter left loaded costs memory, not correctness
        return name

    def update_weights(self, named_tensors) -> None:
        raise InputError("a remote engine takes weight syncs as LoRA adapters only: train with LoRA, "
                         "or sample with --engine torch/vllm")

    def clear_cache(self) -> None:
        """Nothing to do here: a weight sync serves a new adapter name, whose prefix cache is its own."""

    # -- generation ------------------------------------------------------------------------------

    def generate(self, prompts: list[str], n: int = 1, *, max_tokens: int = 64, temperature: float = 1.0,
                 stop: list[str] | None = None, seed: int | None = None,
                 seeds: list[int] | None = None) -> list[list[Completion]]:
        a = check_args(n, max_tokens, temperature, stop, prompts, seed, seeds)
        t0 = time.perf_counter()
        k = 1 if temperature == 0 else n  # as VllmEngine: n greedy samples are one sample repeated
        inputs = [self.tokenizer(p)["input_ids"] if self.tokenizer is not None else p for p in prompts]
        body = {"model": self.model_name, "n": k, "max_tokens": max_tokens, "temperature": temperature,
                "logprobs": 0, "return_tokens_as_token_ids": True, "skip_special_tokens": True}
        if a.stop:
            body["stop"] = a.stop
        if seed is not None:
            body["seed"] = seed
        # a request's seed seeds that request: per-prompt seeds go one prompt per request
        step = self.prompts_per_request if seeds is None else 1
        chunks = [inputs[i:i + step] for i in range(0, len(inputs), step)]
        bodies = [body] * len(chunks) if seeds is None else [{**body, "seed": s} for s in seeds]
        answers = list(self.pool.map(lambda c, b: self._post("/v1/completions", {**b, "prompt": c}), chunks, bodies))
        result: list[list[Completion]] = []
        for chunk, ans in zip(chunks, answers):
            choices = sorted(ans.get("choices") or [], key=lambda c: c.get("index", 0))
            if len(choices) != len(chunk) * k:
                raise RemoteError(f"the server sent {len(choices)} choices for {len(chunk)} prompt(s) × n={k}")
            for i in range(len(chunk)):
                result.append([_completion(c, a.stop) for c in choices[i * k:(i + 1) * k]] * (n // k))
            usage = ans.get("usage") or {}
            cached = (usage.get("prompt_tokens_details") or {}).get("cached_tokens") or 0
            self.stats.prompt_tokens += int(usage.get("prompt_tokens") or 0)
            self.stats.prefill_tokens += int(usage.get("prompt_tokens") or 0) - int(cached)
        self.stats.calls += 1
        self.stats.prompts += len(prompts)
        self.stats.sequences += len(prompts) * n
        self.stats.generated_tokens += sum(c.tokens for row in result for c in row)
        self.stats.seconds += time.perf_counter() - t0
        return result

    def count_tokens(self, text: str) -> int:
        if self.tokenizer is not None:
            return len(self.tokenizer(text)["input_ids"])
        return int(self._post("/tokenize", {"model": self.base_model, "prompt": text})["count"])

    def reset_stats(self) -> None:
        self.stats = EngineStats()

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)
        self.http.close()


def _completion(choice: dict, stop: list[str]) -> Completion:
    """One choice as a Completion: tokens and ids from the log-prob entries ("token_id:N"), the stop
    string from vLLM's `stop_reason` (a string: a stop string matched; none or an id: EOS)."""
    lp = choice.get("logprobs") or {}
    tokens = lp.get("tokens") or []
    ids = tuple(int(t.split(":", 1)[1]) if isinstance(t, str) and t.startswith("token_id:") else -1 for t in tokens)
    logprob = float(sum(x for x in (lp.get("token_logprobs") or []) if x is not None))
    stop_reason = choice.get("stop_reason")
    if choice.get("finish_reason") == "length":
        reason, which = "length", None
    elif isinstance(stop_reason, str) and stop_reason in stop:
        reason, which = "stop", stop_reason
    else:
        reason, which = "eos", None
    return Completion(choice.get("text") or "", len(tokens), logprob, reason, which, ids if -1 not in ids else ())


def from_options(model_dir: str | Path | None, base_urls: list[str], api_key_env: str = "",
                 served_model: str = "", **kwargs) -> OpenAIEngine:
    """The engine a command builds from --base-url/--api-key-env/--served-model and its model directory
    (whose tokenizer builds the prompts' ids)."""
    key = None
    if api_key_env:
        key = os.environ.get(api_key_env)
        if not key:
            raise InputError(f"--api-key-env {api_key_env}: that environment variable is not set")
    tok = local_tokenizer(model_dir) if model_dir else None
    return OpenAIEngine(base_urls, model=served_model or None, tokenizer=tok, api_key=key, **kwargs)
