"""Per-token divergence between a student and a stop-gradient teacher on the student's own sample.

`token_divergence(student_logits, teacher_logits, kind, topk)` compares the two next-token
distributions on the student's top-k tokens plus one tail bucket (the rest of the vocabulary), as
`lasgroup/SDPO`'s `compute_self_distillation_loss` does; `is_weights` is the token-level
importance-sampling correction clipped at `is_clip`; `ema_update` moves a teacher toward the student.
"""

from __future__ import annotations

from gentzen.errors import InputError, require

KINDS = ("reverse", "forward", "jsd")


def parse_kind(spec: str) -> tuple[str, float]:
    """'reverse' | 'forward' | 'jsd:α' (0 < α < 1; 'jsd' alone is α = 0.5) -> (kind, α)."""
    name, _, alpha = spec.partition(":")
    if name not in KINDS or (alpha and name != "jsd"):
        raise InputError(f"--divergence {spec!r}: choose reverse, forward or jsd:α (0 < α < 1)")
    if name != "jsd":
        return name, 1.0 if name == "reverse" else 0.0
    try:
        a = float(alpha) if alpha else 0.5
    except ValueError:
        raise InputError(f"--divergence {spec!r}: α must be a number in (0, 1)") from None
    if not 0.0 < a < 1.0:
        raise InputError(f"--divergence {spec!r}: α must be in (0, 1), got {a:g}")
    return "jsd", a


def topk_tail(logp, index):
    """log-probs of the `index` tokens plus one tail entry log(1 - Σ p_topk), shape [..., k + 1]."""
    torch = require("torch", "train")
    top = logp.gather(-1, index)
    # log(1 - exp(lse)), with lse clamped below 0 so a top-k that holds all the mass stays finite
    lse = torch.logsumexp(top, dim=-1, keepdim=True).clamp(max=-1e-7)
    tail = torch.log(-torch.expm1(lse))
    return torch.cat([top, tail], dim=-1)


def _kl(logp, logq):
    """KL(p ‖ q) over the last axis, from log-probabilities."""
    return (logp.exp() * (logp - logq)).sum(-1)


def bucket_divergence(student_logp, teacher_logp, kind: str, alpha: float = 0.5):
    """Divergence over the last axis of two (bucketed) log-distributions.

    reverse = KL(student ‖ teacher) (the SDPO paper's form), forward = KL(teacher ‖ student),
    jsd = (1 − α) KL(student ‖ m) + α KL(teacher ‖ m) with m = (1 − α) p_s + α p_t."""
    torch = require("torch", "train")
    if kind == "reverse":
        return _kl(student_logp, teacher_logp)
    if kind == "forward":
        return _kl(teacher_logp, student_logp)
    if kind == "jsd":
        m = torch.logsumexp(torch.stack([student_logp + torch.log(torch.tensor(1.0 - alpha)),
                                         teacher_logp + torch.log(torch.tensor(alpha))]), dim=0)
        return (1.0 - alpha) * _kl(student_logp, m) + alpha * _kl(teacher_logp, m)
    raise InputError(f"unknown divergence {kind!r}; choose one of {', '.join(KINDS)}")


def token_divergence(student_logits, teacher_logits, kind: str = "reverse", alpha: float = 0.5,
                     topk: int = 20):
    """Per-position divergence [..., T] between student logits (with gradient) and teacher logits
    (detached here: the teacher is a target), on the student's top-k tokens + a tail bucket.
    topk == 0 (or ≥ the vocabulary) uses the full distributions, no tail."""
    torch = require("torch", "train")
    F = torch.nn.functional
    s = F.log_softmax(student_logits.float(), dim=-1)
    t = F.log_softmax(teacher_logits.detach().float(), dim=-1)
    if 0 < topk < s.shape[-1]:
        index = s.detach().topk(topk, dim=-1).indices  # the student's top-k: where its own mass is
        s, t = topk_tail(s, index), topk_tail(t, index)
    return bucket_divergence(s, t, kind, alpha)


def sampled_logprobs(logits, ids):
    """log p(ids) per position under `logits` (aligned: logits[..., i, :] predicts ids[..., i])."""
    torch = require("torch", "train")
    return torch.nn.functional.log_softmax(logits.float(), dim=-1).gather(-1, ids.unsqueeze(-1)).squeeze(-1)


def is_weights(current_logp, old_logp, is_clip: float):
    """Token-level importance weights min(exp(log p_now − log p_sampler), is_clip), detached; the
    exponent clamped to ±20 as the reference does. is_clip ≤ 0 turns the correction off (all 1)."""
    torch = require("torch", "train")
    if is_clip <= 0:
        return torch.ones_like(current_logp)
    ratio = torch.exp((current_logp.detach() - old_logp.detach()).clamp(-20.0, 20.0))
    return ratio.clamp(max=is_clip)


# -- the teacher ----------------------------------------------------------------------------------


def make_teacher(student):
    """A frozen copy of the student (no gradient); `ema_update` moves it, a rate of 0 keeps it fixed."""
    import copy

    teacher = copy.deepcopy(student).eval()
    for p in teacher.parameters():
        p.requires_grad_(False)
    return teacher


def ema_update(teacher, student, rate: float) -> None:
    """teacher ← (1 − rate) teacher + rate student, parameter by parameter (rate 0: frozen teacher,
    rate 1: the live student, the paper's one-line form)."""
    torch = require("torch", "train")
    if rate <= 0:
        return
    with torch.no_grad():
        for (name, t), (_, s) in zip(teacher.named_parameters(), student.named_parameters()):
            t.lerp_(s.detach().to(t.dtype), rate)
