"""One SDPO group: sample n proofs of a theorem, check them, and turn the failed ones into SDPO samples.

Each failed proof's teacher prompt is the student prompt + the checker's feedback (+ a verified
sibling); the verified proofs give teacher-gap items (teacher.py). `preflight` measures that gap
on whole groups before the first update. The prop task samples guided lines; the lean task whole proofs.
"""

from __future__ import annotations

from gentzen.train.accounting import Clock, Tally
from gentzen.train.sdpo_config import SDPOConfig
from gentzen.train.sdpo_loss import Sample, make_sample
from gentzen.train.teacher import GAP_THEOREMS, GapItem, gap_items, reference_proofs, teacher_gap


def model_format(cfg: SDPOConfig) -> str:
    """The prop task's prompt format: the model's own (whole | state | state+proof); the lean task's is its own."""
    from gentzen.models.checkpoint import read_meta

    return read_meta(cfg.model).get("format", "whole") if cfg.task != "lean" and cfg.model else "whole"


def sample_group(cfg: SDPOConfig, engine, theorem: str, seed: int):
    """A group of guided samples in the model's format; per-theorem mode stops the group at its first
    proof (the theorem is solved), batch mode samples whole groups (verified siblings teach the failed ones)."""
    from gentzen.search.methods import run_method

    return run_method("guided", theorem, engine, samples=cfg.group, temperature=cfg.temperature, seed=seed,
                      fmt=model_format(cfg), stop_at_first=cfg.mode == "per-theorem")


def state_samples(cfg: SDPOConfig, tokenizer, theorem: str, res, verdicts, fbs: dict, ok: list):
    """The state formats: one SDPO sample per written step of each failed attempt (student: the step's
    state prompt; teacher: that prompt + the attempt's feedback block), and one teacher-gap item per
    step of each verified proof (so the gap is in nats per step)."""
    from gentzen.train.feedback import pick_sibling, teacher_prompt
    from gentzen.train.grpo_loss import step_prompts, written_steps

    fmt, samples, items = model_format(cfg), [], []
    first_fb = next(iter(fbs.values()), None)
    for i, (a, v) in enumerate(zip(res.attempts, verdicts)):
        fb = fbs.get(i) if not v.ok else first_fb
        sibling = pick_sibling(ok, i)
        if v.ok and fb is None and not sibling:
            continue
        for prompt, step in step_prompts(theorem, written_steps(a), fmt):
            teacher = teacher_prompt(prompt, fb, sibling, cfg.feedback_chars)
            if v.ok:
                items.append(GapItem(prompt, teacher, step))
            elif i in fbs:
                samples.append(make_sample(tokenizer, prompt, teacher, step))
    return samples, [p for _, p in ok], items


def check_group(verifier, theorem: str, res, clock: Clock) -> list:
    """The verifier's verdict on each attempt's proof text (the sampler's own kernel check is not
    trusted alone: a solved theorem is one whose saved proof the chosen backend accepts)."""
    with clock.checking():
        return list(verifier.verify_many([(theorem, a.proof) for a in res.attempts]))


def failed_samples(cfg: SDPOConfig, tokenizer, theorem: str, res, verdicts):
    """The SDPO samples of a group's failed attempts, the verified proofs (siblings), and the
    verified proofs' teacher-gap items (teacher.gap_items)."""
    from gentzen.core.proof.theorem import parse_theorem
    from gentzen.models.formats import build_prompt
    from gentzen.train.feedback import kernel_feedback, pick_sibling, teacher_prompt, verdict_feedback

    statement = parse_theorem(theorem).statement()
    student = build_prompt("whole", statement)
    ok = [(i, a.proof) for i, (a, v) in enumerate(zip(res.attempts, verdicts)) if v.ok]
    samples, feedbacks, fbs = [], [], {}
    for i, (a, v) in enumerate(zip(res.attempts, verdicts)):
        if v.ok or not a.proof.strip():
            continue
        if v.checker == "kernel" and a.error is not None:
            fb = kernel_feedback(theorem, a.proof, a.error)
        else:
            fb = verdict_feedback(v, kernel_feedback(theorem, a.proof, a.error).state if a.error else "")
        feedbacks.append(fb)
        fbs[i] = fb
        if model_format(cfg) != "whole":
            continue
        teacher = teacher_prompt(student, fb, pick_sibling(ok, i), cfg.feedback_chars)
        samples.append(make_sample(tokenizer, student, teacher, a.proof + "\n"))
    if model_format(cfg) != "whole":
        return state_samples(cfg, tokenizer, theorem, res, verdicts, fbs, ok)
    proofs = [p for _, p in ok]
    return samples, proofs, gap_items(student, proofs, feedbacks, cfg.feedback_chars)


def tally_group(tally: Tally, res, verdicts) -> None:
    for a, v in zip(res.attempts, verdicts):
        tally.samples += 1
        tally.tokens += a.tokens
        tally.model_calls += a.model_calls
        tally.kernel_checks += a.kernel_checks
        tally.verified += bool(v.ok)


def lean_group(cfg: SDPOConfig, engine, checker, tokenizer, theorem: str, seed: int, tally: Tally,
               clock: Clock) -> tuple[list[Sample], list[str]]:
    """The lean task's group: n whole proofs sampled from the statement's prompt, each parsed,
    pinned and checked by Lean; the failed ones' SDPO samples carry Lean's message as feedback."""
    from gentzen.train.feedback import Feedback, pick_sibling, teacher_prompt
    from gentzen.train.lean_prover import parse_output, prompt_for

    student = prompt_for(theorem, cfg.lean_header)
    with clock.sampling():
        outs = engine.generate([student], cfg.group, max_tokens=cfg.max_tokens, temperature=cfg.temperature,
                               stop=["```"], seed=seed)[0]
    results = []
    with clock.checking():
        for c in outs:
            results.append(checker.check(theorem, parse_output(c.text, c.finish_reason, student)))
    ok = [(i, c.text) for i, (c, r) in enumerate(zip(outs, results)) if r.ok]
    samples = []
    for i, (c, r) in enumerate(zip(outs, results)):
        tally.samples += 1
        tally.tokens += c.tokens
        tally.model_calls += 1
        tally.kernel_checks += 1
        tally.verified += bool(r.ok)
        if r.ok or not c.token_ids:
            continue
        teacher = teacher_prompt(student, Feedback(r.kind or "error", r.message or "", r.line), pick_sibling(ok, i),
                                 cfg.feedback_chars)
        samples.append(Sample(list(tokenizer(student)["input_ids"]), list(tokenizer(teacher)["input_ids"]),
                              list(c.token_ids)))
    return samples, [results[i].text for i, _ in ok]


def one_group(cfg: SDPOConfig, engine, verifier, tokenizer, theorem: str, seed: int, tally: Tally,
              clock: Clock):
    """Sample and check one theorem's group: (SDPO samples of the failed proofs, verified proofs,
    teacher-gap items; the lean task measures no gap)."""
    if cfg.task == "lean":
        return (*lean_group(cfg, engine, verifier, tokenizer, theorem, seed, tally, clock), [])
    res = sample_group(cfg, engine, theorem, seed)
    for a in res.attempts:
        clock.charge(a.sample_seconds, a.check_seconds)
    verdicts = check_group(verifier, theorem, res, clock)
    tally_group(tally, res, verdicts)
    return failed_samples(cfg, tokenizer, theorem, res, verdicts)


def preflight(torch, cfg, engine, verifier, student, teacher, tokenizer, theorems: list[str]) -> dict:
    """The teacher gap before SDPO's first update, on the first GAP_THEOREMS theorems: a whole group
    of each is sampled and checked, and its verified proofs, plus the theorems file's own reference
    proof where it has one that the kernel accepts, are scored (the group's failures give the
    feedback). {"teacher_gap": mean or None, "proofs": n, "theorems": k}."""
    from gentzen.core.kernel import check_proof
    from gentzen.core.proof.theorem import parse_theorem
    from gentzen.models import formats
    from gentzen.search.methods import run_method
    from gentzen.train.feedback import kernel_feedback
    from gentzen.train.seeds import derived_seed

    refs = reference_proofs(cfg.theorems)
    items: list[GapItem] = []
    for i, theorem in enumerate(theorems[:GAP_THEOREMS]):
        res = run_method("guided", theorem, engine, samples=cfg.group, temperature=cfg.temperature,
                         seed=derived_seed(cfg.seed, i, "gap"), fmt=model_format(cfg), stop_at_first=False)
        verdicts = list(verifier.verify_many([(theorem, a.proof) for a in res.attempts]))
        _, proofs, state_items = failed_samples(cfg, tokenizer, theorem, res, verdicts)
        if model_format(cfg) != "whole":  # per-step items of the group's verified proofs (no reference proofs)
            items += state_items
            continue
        ref = refs.get(theorem)
        if ref and ref not in proofs and check_proof(theorem, ref).ok:
            proofs.append(ref)
        feedbacks = [kernel_feedback(theorem, a.proof, a.error) for a, v in zip(res.attempts, verdicts)
                     if not v.ok and a.proof.strip() and a.error is not None]
        student_prompt = formats.build_prompt("whole", parse_theorem(theorem).statement())
        items += gap_items(student_prompt, proofs, feedbacks, cfg.feedback_chars)
    gap = teacher_gap(torch, student, teacher, tokenizer, items)
    return {"teacher_gap": None if gap is None else round(gap, 4), "proofs": len(items),
            "theorems": min(len(theorems), GAP_THEOREMS)}
