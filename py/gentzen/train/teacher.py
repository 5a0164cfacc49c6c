"""SDPO's teacher, made able to read: teacher-format training sequences and the teacher gap.

A teacher sequence is SDPO's teacher prompt (the `whole` prompt + the feedback block of feedback.py:
a failed attempt's checker feedback, a verified sibling, or both) followed by a correct proof, so a
model trained on some learns that the block carries information. The teacher gap is the mean of
log p(proof | teacher prompt) − log p(proof | student prompt) over verified proofs: SDPO distils
toward the teacher, which helps only when the gap is positive (ml_peers §1.6, the OPSD law).
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass

from gentzen.models import formats
from gentzen.train.feedback import Feedback, kernel_feedback, pick_sibling, teacher_prompt

KINDS = ("feedback", "sibling+feedback", "sibling")  # what the block of a teacher sequence holds
_HYP = re.compile(r"(?<![\w'.])[A-Za-z_][\w']*")


def failed_attempt(theorem: str, lines: list[str], rng: random.Random) -> tuple[str, Feedback] | None:
    """A wrong attempt made from a correct proof, as the guided sampler's failures look (correct
    lines, then one bad one; or a proof ended early), with the kernel's own feedback on it."""
    from gentzen.core.kernel import check_proof
    from gentzen.core.proof.theorem import parse_theorem

    thm = parse_theorem(theorem)
    names = [h for h, _ in thm.hyps] + [n for ln in lines if (n := formats.introduced_name(ln))]
    for _ in range(6):
        i = rng.randrange(len(lines))
        how = rng.choice(("swap", "early", "cut"))
        if how == "swap":  # one cited hypothesis replaced by another: a type mismatch, usually
            cited = [m for m in _HYP.finditer(lines[i]) if m.group(0) in names]
            others = [n for n in names if not cited or n != cited[0].group(0)]
            if not cited or not others:
                continue
            m, other = rng.choice(cited), rng.choice(others)
            attempt = lines[:i] + [lines[i][:m.start()] + other + lines[i][m.end():]]
        elif how == "early" and i + 1 < len(lines):  # a later line too soon: it cites what is not there yet
            attempt = lines[:i] + [lines[rng.randrange(i + 1, len(lines))]]
        elif how == "cut" and i > 0:  # the proof ended with goals left
            attempt = lines[:i]
        else:
            continue
        text = "\n".join(attempt)
        res = check_proof(thm, text)
        if not res.ok and res.error is not None:
            return text, kernel_feedback(theorem, text, res.error)
    return None


def teacher_examples(record: dict, share: float, seed: int = 0,
                     limit: int | None = None) -> list[formats.Example]:
    """At most one teacher sequence for a reference-proof record, for a `share` of records (chosen
    by a hash of the record and `seed`, so a data set gives the same sequences every time). Its
    block is one of KINDS; the sibling is the proof itself (SDPO's siblings are verified proofs of
    the same theorem, often the same text), so reading the block is learnable from the start."""
    from gentzen.train.feedback import MAX_CHARS

    if share <= 0:
        return []
    rng = random.Random(f"{seed}|{record.get('name', '')}|{record['theorem']}")
    if rng.random() >= share:
        return []
    lines = formats.proof_lines(record["proof"])
    if not lines:
        return []
    kind = rng.choice(KINDS)
    fb = None
    if kind != "sibling":
        got = failed_attempt(record["theorem"], lines, rng)
        if got is None:
            kind = "sibling"
        else:
            fb = got[1]
    sibling = "\n".join(lines) if kind != "feedback" else None
    prompt = teacher_prompt(formats.header(record["theorem"]), fb, sibling, limit or MAX_CHARS)
    segs = [formats.Segment(prompt, False)] + [formats.Segment(formats.target("whole", ln), True) for ln in lines]
    return [formats.Example(tuple(segs), eos=True)]


# -- the teacher gap ------------------------------------------------------------------------------


@dataclass(frozen=True)
class GapItem:
    """A verified proof and the two prompts it is scored after."""

    student: str
    teacher: str
    proof: str  # the response text, as SDPO scores it (the proof and "\n")


def gap_items(student: str, verified: list[str], feedbacks: list[Feedback], limit: int) -> list[GapItem]:
    """The verified proofs of one group, each with the teacher prompt SDPO would build beside it:
    the group's first failed attempt's feedback and a verified sibling (another sample's proof).
    A proof with neither has an empty block and no gap (SDPO gives such a sample no loss)."""
    fb = feedbacks[0] if feedbacks else None
    ok = list(enumerate(verified))
    out = []
    for i, proof in ok:
        sibling = pick_sibling(ok, i)
        if fb is None and not sibling:
            continue
        out.append(GapItem(student, teacher_prompt(student, fb, sibling, limit), proof.rstrip("\n") + "\n"))
    return out


def teacher_gap(torch, student, teacher, tokenizer, items: list[GapItem], batch: int = 8) -> float | None:
    """Mean over `items` of log p_teacher(proof | teacher prompt) − log p_student(proof | student
    prompt), in nats per proof (None without items). `teacher` may be `student` itself."""
    from gentzen.train.divergence import sampled_logprobs
    from gentzen.train.sdpo_loss import batch_response_logits, make_sample

    if not items:
        return None
    total = 0.0
    with torch.no_grad():
        for k in range(0, len(items), batch):
            chunk = [make_sample(tokenizer, it.student, it.teacher, it.proof) for it in items[k:k + batch]]
            resp = [s.response_ids for s in chunk]
            ids = torch.tensor([t for r in resp for t in r])
            for model, prompts, sign in ((teacher, [s.teacher_ids for s in chunk], 1.0),
                                         (student, [s.student_ids for s in chunk], -1.0)):
                logits = batch_response_logits(torch, model, prompts, resp)
                total += sign * float(sampled_logprobs(logits, ids.to(logits.device)).sum())
    return total / len(items)


def refusal(gap: float, proofs: int, where: str) -> str:
    """The one-line error of a run whose teacher reads its feedback no better than the student."""
    return (f"the SDPO teacher reads its feedback block no better than the student ({where}: teacher gap "
            f"{gap:+.2f} nats per proof over {proofs} verified proof(s), not positive), so SDPO would distil "
            "toward a worse model; train it on teacher-format sequences first (`gentzen train sft "
            "--teacher-share 0.25`, the default for the whole format) or pass --force")


GAP_THEOREMS = 8  # theorems sampled before an SDPO run to measure its starting gap


def reference_proofs(path: str) -> dict[str, str]:
    """theorem -> reference proof, for the records of a theorems file that carry one (gen output)."""
    from gentzen.io import read_jsonl

    return {rec["theorem"]: rec["proof"] for _, rec in read_jsonl(path)
            if isinstance(rec, dict) and rec.get("theorem") and isinstance(rec.get("proof"), str)}
