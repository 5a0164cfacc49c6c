"""What a guided attempt refuses to expand although the kernel accepts the line: a line back to a proof state the
attempt was in, a `have` box no easier than one it is inside (prune_loops), a formula too large for the model to read.
A refused line is redrawn like a rejected one; what is accepted as a proof is the kernel's call alone.
"""

from __future__ import annotations

from gentzen.core.elaboration.constants import PROP
from gentzen.core.proof.state import ProofState


def loop_key(state: ProofState) -> tuple:
    """A proof state up to hypothesis names: each open block's kind, pending `have` and goals, each goal
    as the set of its hypotheses' types and its target. Two states with one key have the same work left."""
    return tuple((fr.kind, fr.pending[1] if fr.pending else None,
                  tuple((frozenset(ty for _, ty, _ in g.ctx), g.target) for g in fr.goals))
                 for fr in state.frames)


# A formula the model could not read in its context window (the shipped model: 1,024 positions); the statement's own
# formulas may be larger, then 4 times its largest is the limit. A line may double a formula (`have := And.intro h h`
# infers `φ ∧ φ`): unchecked, 40 such lines make a goal of 2^40 symbols, whose printing never ends.
MAX_FORMULA_SIZE = 256


def largest_formula(state: ProofState) -> int:
    """The size (symbols of the syntax tree) of the largest hypothesis or target of the state's open goals."""
    return max((f.size for g in state.open_goals for f in (g.target, *(ty for _, ty, _ in g.ctx)) if f is not PROP),
               default=0)


def goal_key(ctx: tuple, target) -> tuple[frozenset, object]:
    """A goal as the set of its hypotheses' types and its target, `¬a` read as `a → False` (Lean's defeq)."""
    return frozenset(ty.unf for _, ty, _ in ctx if ty is not PROP), target.unf


def reopens_goal(state: ProofState, root: tuple | None) -> bool:
    """Whether the line just checked opened a `have … := by` box whose goal is no easier than one it is already
    being proved inside: the theorem's or an enclosing box's (the same target, no hypothesis that one lacks). A
    proof of it would prove that goal where it stands, so the box only nests the same work deeper."""
    frames = state.frames
    box = frames[-1]
    if box.kind != "have" or len(frames) < 2 or len(box.goals) != 1 or not frames[-2].goals:
        return False
    goal, parent = box.goals[0], frames[-2].goals[0]
    if goal.target is not box.pending[1] or goal.ctx != parent.ctx:  # not the box as it opened
        return False
    hyps, target = goal_key(goal.ctx, goal.target)
    outer = [root] + [goal_key(frames[i - 1].goals[0].ctx, frames[i].pending[1])
                      for i in range(1, len(frames) - 1) if frames[i].kind == "have" and frames[i - 1].goals]
    return any(o is not None and o[1] is target and hyps <= o[0] for o in outer)


def refusal(state: ProofState, path: set, root: tuple | None, size_cap: int,
            prune_loops: bool) -> tuple[str, str] | None:
    """(kind, message) when the attempt should not go on from `state` (the state after an accepted line, not solved):
    `path` holds the loop_keys of the states the attempt has been in (a state it goes on from joins it when
    pruning loops), `root` the theorem's goal_key."""
    if largest_formula(state) > size_cap:
        return "too_large", f"this line makes a formula of over {size_cap} symbols, more than the model can read"
    if not prune_loops:
        return None
    key = loop_key(state)
    if key in path:  # a line that undoes work (or adds nothing)
        return "loop", "this line returns to a proof state this attempt was already in"
    if reopens_goal(state, root):  # `have X := by` inside a proof of X from no more hypotheses
        return "loop", "this line opens a `have` box whose goal is no easier than one it is already inside"
    path.add(key)
    return None


__all__ = ["MAX_FORMULA_SIZE", "goal_key", "largest_formula", "loop_key", "refusal", "reopens_goal"]
