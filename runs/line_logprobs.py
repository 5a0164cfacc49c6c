"""Where a model's proof breaks: each line of a reference proof scored under a model (the summed
log-probability of the line given the prompt the model sees at that step, in the model's own format)
beside what the model draws there instead. A line far below the others is the step the model misses.
Usage: python3 runs/line_logprobs.py THEOREM PROOF [--model DIR] [-n 16] [--seed 0] [--json]
  PROOF: the tactic lines, separated by newlines or ';' (e.g. "intro n1; exact n1.1")
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter


def score_lines(model, tokenizer, example, n: int, seed: int) -> list[dict]:
    """For each trained segment of `example`: its log-probability after everything before it, and the
    `n` lines the model draws in its place (T 1.0, counted)."""
    import torch

    bos, newline = tokenizer.bos_token_id, tokenizer("\n", add_special_tokens=False)["input_ids"][-1]
    rows, before = [], []
    for seg in example.segments:
        ids = tokenizer(seg.text, add_special_tokens=False)["input_ids"]
        if seg.train:
            prefix = [bos] + before
            with torch.no_grad():
                logp = model(torch.tensor([prefix + ids])).logits.log_softmax(-1)[0]
            total = sum(logp[len(prefix) - 1 + i, t].item() for i, t in enumerate(ids))
            torch.manual_seed(seed)
            with torch.no_grad():
                out = model.generate(torch.tensor([prefix] * n), do_sample=True, temperature=1.0, max_new_tokens=64,
                                     eos_token_id=newline, pad_token_id=tokenizer.pad_token_id or 0)
            drawn = Counter(tokenizer.decode(o[len(prefix):], skip_special_tokens=True).split("\n")[0].strip()
                            for o in out)
            rows.append({"line": seg.text.strip(), "logprob": round(total, 3), "tokens": len(ids),
                         "drawn": drawn.most_common()})
        before += ids
    return rows


def main(argv: list[str]) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("theorem", help="a Lean statement (`theorem t (P : Prop) (h1 : P) : P`)")
    ap.add_argument("proof", help="the reference proof's tactic lines, separated by newlines or ';'")
    ap.add_argument("--model", default="", help="model directory (default: the shipped model)")
    ap.add_argument("-n", type=int, default=16, help="lines drawn at each step")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args(argv)
    from gentzen.core.proof.check import check_proof
    from gentzen.errors import GentzenError
    from gentzen.models.checkpoint import load_checkpoint, read_meta
    from gentzen.models.formats import examples

    from gentzen.models import SHIPPED_MODEL

    model_dir = args.model or str(SHIPPED_MODEL)
    theorem = args.theorem.strip() if args.theorem.strip().endswith(":= by") else args.theorem.strip() + " := by"
    lines = [ln.strip() for ln in args.proof.replace(";", "\n").splitlines() if ln.strip()]
    proof = "\n".join("  " + ln for ln in lines)
    try:
        verdict = check_proof(theorem, proof)  # a reference proof must be one: the kernel says so first
        if not verdict.ok:
            print(f"error: the proof does not check: {verdict.error.message}", file=sys.stderr)
            return 2
        fmt = read_meta(model_dir).get("format", "whole")
        exs = examples({"theorem": theorem, "proof": proof}, fmt)
        model, tokenizer, _ = load_checkpoint(model_dir)
    except GentzenError as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    rows = [row for ex in exs for row in score_lines(model, tokenizer, ex, args.n, args.seed)]
    if args.json:
        print(json.dumps({"model": model_dir, "format": fmt, "theorem": args.theorem, "lines": rows}, indent=2))
        return 0
    for row in rows:
        drawn = ", ".join(f"{line!r}×{c}" for line, c in row["drawn"][:4])
        print(f"{row['logprob']:8.2f}  {row['line']:<32}  drawn: {drawn}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
