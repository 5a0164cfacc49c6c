"""A small OpenAI-compatible completion server over a local engine: the stand-in for `vllm serve` in tests
and in the remote-engine benchmark (it is not a production server: one engine call at a time).

It answers /v1/models, /v1/completions (prompt as text or token ids, n, seed, stop, logprobs in vLLM's
shape with `token_id:N` tokens), /v1/load_lora_adapter, /v1/unload_lora_adapter, /tokenize and /health.
Faults for tests: the first `fail_first` completion requests answer 503; every request waits `delay` s.
Local engines report one log-prob per sample, so the first token carries the sum and the rest 0.
"""

from __future__ import annotations

import asyncio
import socket
import threading
from dataclasses import dataclass, field

from gentzen.errors import require


@dataclass
class ServerState:
    engine: object
    name: str = "gentzen"
    fail_first: int = 0
    delay: float = 0.0
    adapters: dict[str, str] = field(default_factory=dict)  # name -> path
    requests: int = 0     # completion requests received (failed ones included)
    bodies: list[dict] = field(default_factory=list)  # what each completion request asked (tests)
    lock: threading.Lock = field(default_factory=threading.Lock)


def _texts(prompt, tokenizer) -> list[str]:
    if isinstance(prompt, str):
        return [prompt]
    if prompt and isinstance(prompt[0], int):
        prompt = [prompt]
    return [p if isinstance(p, str) else tokenizer.decode(p, skip_special_tokens=True) for p in prompt]


def _complete(state: ServerState, body: dict) -> dict:
    engine = state.engine
    texts = _texts(body["prompt"], getattr(engine, "tokenizer", None))
    n = int(body.get("n", 1))
    with state.lock:  # local engines are not thread-safe
        rows = engine.generate(texts, n, max_tokens=int(body.get("max_tokens", 16)),
                               temperature=float(body.get("temperature", 1.0)), stop=body.get("stop"),
                               seed=body.get("seed"))
        prompt_tokens = sum(engine.count_tokens(t) for t in texts)
    choices = []
    for i, row in enumerate(rows):
        for j, c in enumerate(row):
            ids = list(c.token_ids) if len(c.token_ids) == c.tokens else [None] * c.tokens
            choices.append({"index": i * n + j, "text": c.text,
                            "finish_reason": "length" if c.finish_reason == "length" else "stop",
                            "stop_reason": c.stop_reason,
                            "logprobs": {"tokens": [f"token_id:{x}" if x is not None else "?" for x in ids],
                                         "token_logprobs": [c.logprob] + [0.0] * (c.tokens - 1)}})
    return {"object": "text_completion", "model": body.get("model"), "choices": choices,
            "usage": {"prompt_tokens": prompt_tokens, "completion_tokens": sum(c.tokens for r in rows for c in r)}}


def make_app(state: ServerState):
    """The starlette app (serve extra) answering the OpenAI-compatible routes over `state.engine`."""
    require("starlette", "serve")
    from starlette.applications import Starlette
    from starlette.responses import JSONResponse, PlainTextResponse
    from starlette.routing import Route

    def error(code: int, message: str) -> JSONResponse:
        return JSONResponse({"error": {"message": message}}, status_code=code)

    async def models(request):
        return JSONResponse({"object": "list", "data": [{"id": m, "object": "model"}
                                                         for m in [state.name, *state.adapters]]})

    async def completions(request):
        body = await request.json()
        state.requests += 1
        state.bodies.append(body)
        if state.delay:
            await asyncio.sleep(state.delay)
        if state.requests <= state.fail_first:
            return error(503, "injected failure")
        if body.get("model") not in (state.name, *state.adapters):
            return error(404, f"the model {body.get('model')!r} does not exist")
        return JSONResponse(await asyncio.to_thread(_complete, state, body))

    async def load(request):
        body = await request.json()
        if body["lora_name"] in state.adapters:
            return error(400, f"the lora adapter {body['lora_name']!r} has already been loaded")
        state.adapters[body["lora_name"]] = body["lora_path"]
        return PlainTextResponse(f"Success: LoRA adapter '{body['lora_name']}' added successfully.")  # as vLLM

    async def unload(request):
        body = await request.json()
        if state.adapters.pop(body["lora_name"], None) is None:
            return error(404, f"no adapter {body['lora_name']!r}")
        return PlainTextResponse(f"Success: LoRA adapter '{body['lora_name']}' removed successfully.")

    async def tokenize(request):
        body = await request.json()
        return JSONResponse({"count": state.engine.count_tokens(body["prompt"])})

    async def health(request):
        return JSONResponse({"status": "ok"})

    return Starlette(routes=[Route("/v1/models", models), Route("/v1/completions", completions, methods=["POST"]),
                             Route("/v1/load_lora_adapter", load, methods=["POST"]),
                             Route("/v1/unload_lora_adapter", unload, methods=["POST"]),
                             Route("/tokenize", tokenize, methods=["POST"]), Route("/health", health)])


class Background:
    """The app served by uvicorn on 127.0.0.1 (a free port unless given) in a thread; `url`, `stop()`."""

    def __init__(self, state: ServerState, port: int = 0) -> None:
        uvicorn = require("uvicorn", "serve")
        self.state = state
        self.sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        self.sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)  # accepted sockets inherit it (Linux)
        self.sock.bind(("127.0.0.1", port))
        self.url = f"http://127.0.0.1:{self.sock.getsockname()[1]}"
        self.server = uvicorn.Server(uvicorn.Config(make_app(state), log_level="warning", lifespan="off"))
        self.thread = threading.Thread(target=self.server.run, kwargs={"sockets": [self.sock]}, daemon=True)
        self.thread.start()
        while not self.server.started and self.thread.is_alive():
            threading.Event().wait(0.01)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(timeout=10)
        self.sock.close()


def main() -> None:  # python -m gentzen.engines.openai_server --model DIR --port P (benchmarks, docs/scale)
    import argparse

    from gentzen.engines import load_engine

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--model", required=True)
    ap.add_argument("--port", type=int, default=8000)
    ap.add_argument("--threads", type=int, default=0)
    a = ap.parse_args()
    srv = Background(ServerState(load_engine(a.model, "torch", device="cpu", threads=a.threads or None)), a.port)
    print(srv.url, flush=True)
    srv.thread.join()


if __name__ == "__main__":
    main()
