"""The leanprover-community/repl wire protocol: requests, replies and Lean's exact JSON layout.

Dataclasses mirror REPL/JSON.lean field for field (snake_case here, camelCase on the wire);
`dumps` reproduces Lean's `Json.pretty` at width 80 (repl/lean_json.py) so a kernel-backed server is
byte-comparable.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any, Union

from gentzen.errors import GentzenError
from gentzen.repl.lean_json import WIDTH, pretty  # noqa: F401  (P.WIDTH, P.pretty: part of the protocol's face)


class ProtocolError(GentzenError):
    """A JSON value that matches no request or reply shape of the REPL protocol."""


# ---------------------------------------------------------------- common shapes


@dataclass(frozen=True, slots=True)
class Pos:
    line: int
    column: int

    def to_json(self) -> dict:
        return {"line": self.line, "column": self.column}

    @classmethod
    def from_json(cls, d: dict) -> Pos:
        return cls(int(d["line"]), int(d["column"]))


def _pos(d: Any) -> Pos | None:
    return None if d is None else Pos.from_json(d)


@dataclass(frozen=True, slots=True)
class Message:
    severity: str  # "trace" | "info" | "warning" | "error"
    pos: Pos
    end_pos: Pos | None
    data: str

    def to_json(self) -> dict:
        d: dict = {"severity": self.severity, "pos": self.pos.to_json()}
        # derived ToJson in Lean omits a `none` Option field rather than printing null
        if self.end_pos is not None:
            d["endPos"] = self.end_pos.to_json()
        d["data"] = self.data
        return d

    @classmethod
    def from_json(cls, d: dict) -> Message:
        return cls(d["severity"], Pos.from_json(d["pos"]), _pos(d.get("endPos")), d["data"])


@dataclass(frozen=True, slots=True)
class Sorry:
    goal: str
    proof_state: int | None = None
    pos: Pos | None = None  # the REPL omits positions whose line is 0 (sorries made in tactic mode)
    end_pos: Pos | None = None

    def to_json(self) -> dict:
        d: dict = {"goal": self.goal, "proofState": self.proof_state}  # null is printed, not omitted
        if self.pos is not None:
            d["pos"] = self.pos.to_json()
        if self.end_pos is not None:
            d["endPos"] = self.end_pos.to_json()
        return d

    @classmethod
    def from_json(cls, d: dict) -> Sorry:
        return cls(d["goal"], d.get("proofState"), _pos(d.get("pos")), _pos(d.get("endPos")))


@dataclass(frozen=True, slots=True)
class Tactic:
    """One `allTactics` entry."""

    tactic: str
    goals: str
    proof_state: int | None
    pos: Pos
    end_pos: Pos
    used_constants: tuple[str, ...] = ()

    def to_json(self) -> dict:
        return {"tactic": self.tactic, "goals": self.goals, "proofState": self.proof_state,
                "pos": self.pos.to_json(), "endPos": self.end_pos.to_json(),
                "usedConstants": list(self.used_constants)}

    @classmethod
    def from_json(cls, d: dict) -> Tactic:
        return cls(d["tactic"], d["goals"], d.get("proofState"), Pos.from_json(d["pos"]),
                   Pos.from_json(d["endPos"]), tuple(d.get("usedConstants", ())))


# ---------------------------------------------------------------- requests

_CAMEL = {"all_tactics": "allTactics", "root_goals": "rootGoals", "proof_state": "proofState",
          "pickle_to": "pickleTo", "unpickle_env_from": "unpickleEnvFrom",
          "unpickle_proof_state_from": "unpickleProofStateFrom"}
_SNAKE = {v: k for k, v in _CAMEL.items()}


class _Request:
    """to_json drops None fields: the REPL treats null and absent optional fields alike."""

    def to_json(self) -> dict:
        return {_CAMEL.get(k, k): v for k, v in ((f, getattr(self, f)) for f in self.__slots__)
                if v is not None}

    @classmethod
    def from_json(cls, d: dict):
        return cls(**{f: d.get(_CAMEL.get(f, f)) for f in cls.__slots__})


@dataclass(frozen=True, slots=True)
class Command(_Request):
    cmd: str
    env: int | None = None
    all_tactics: bool | None = None
    root_goals: bool | None = None
    infotree: str | None = None
    gc: bool | None = None  # Kimina's fork: do not record the env (upstream ignores the key)


@dataclass(frozen=True, slots=True)
class File(_Request):
    path: str
    env: int | None = None
    all_tactics: bool | None = None
    root_goals: bool | None = None
    infotree: str | None = None


@dataclass(frozen=True, slots=True)
class ProofStep(_Request):
    tactic: str
    proof_state: int


@dataclass(frozen=True, slots=True)
class PickleEnvironment(_Request):
    env: int
    pickle_to: str


@dataclass(frozen=True, slots=True)
class UnpickleEnvironment(_Request):
    unpickle_env_from: str


@dataclass(frozen=True, slots=True)
class PickleProofState(_Request):
    proof_state: int
    pickle_to: str


@dataclass(frozen=True, slots=True)
class UnpickleProofState(_Request):
    unpickle_proof_state_from: str
    env: int | None = None


Request = Union[Command, File, ProofStep, PickleEnvironment, UnpickleEnvironment,
                PickleProofState, UnpickleProofState]

# The REPL tries these shapes in this order and the first that decodes wins (REPL/Main.lean
# `parse`); we dispatch on the same discriminating keys instead of trial decoding.
_DISPATCH: tuple[tuple[tuple[str, ...], type], ...] = (
    (("tactic", "proofState"), ProofStep),
    (("env", "pickleTo"), PickleEnvironment),
    (("unpickleEnvFrom",), UnpickleEnvironment),
    (("proofState", "pickleTo"), PickleProofState),
    (("unpickleProofStateFrom",), UnpickleProofState),
    (("cmd",), Command),
    (("path",), File),
)
_TYPES = {"tactic": str, "proofState": int, "env": int, "pickleTo": str, "unpickleEnvFrom": str,
          "unpickleProofStateFrom": str, "cmd": str, "path": str, "allTactics": bool,
          "rootGoals": bool, "infotree": str, "gc": bool}


def _typed(d: dict, key: str) -> bool:
    v, t = d.get(key), _TYPES[key]
    return v is not None and isinstance(v, t) and not (t is int and (isinstance(v, bool) or v < 0))


def parse_request(d: Any) -> Request:
    """Decode one request object; raise ProtocolError when it matches no shape."""
    if not isinstance(d, dict):
        raise ProtocolError("Could not parse as a valid JSON command")
    for keys, cls in _DISPATCH:
        if all(_typed(d, k) for k in keys):
            opt = [f for f in cls.__slots__ if _CAMEL.get(f, f) not in keys]
            # a present optional field of the wrong type makes Lean's decoder reject the shape
            if all(d.get(_CAMEL.get(f, f)) is None or _typed(d, _CAMEL.get(f, f)) for f in opt):
                return cls.from_json(d)
    raise ProtocolError("Could not parse as a valid JSON command")


# ---------------------------------------------------------------- replies


@dataclass(frozen=True, slots=True)
class CommandResponse:
    env: int | None = None  # None only for the `gc` fork, which records no environment
    messages: tuple[Message, ...] = ()
    sorries: tuple[Sorry, ...] = ()
    tactics: tuple[Tactic, ...] = ()
    infotree: list | None = None  # kept as raw JSON: its node shapes vary by Lean version
    extra: dict = field(default_factory=dict)  # keys from forks we do not model, kept verbatim

    def to_json(self) -> dict:
        d = dict(self.extra)
        if self.env is not None:
            d["env"] = self.env
        # the REPL omits empty lists (`Json.nonemptyList`)
        if self.messages:
            d["messages"] = [m.to_json() for m in self.messages]
        if self.sorries:
            d["sorries"] = [s.to_json() for s in self.sorries]
        if self.tactics:
            d["tactics"] = [t.to_json() for t in self.tactics]
        if self.infotree is not None:
            d["infotree"] = self.infotree
        return d

    @classmethod
    def from_json(cls, d: dict) -> CommandResponse:
        known = {"env", "messages", "sorries", "tactics", "infotree"}
        return cls(d.get("env"), tuple(Message.from_json(m) for m in d.get("messages") or ()),
                   tuple(Sorry.from_json(s) for s in d.get("sorries") or ()),
                   tuple(Tactic.from_json(t) for t in d.get("tactics") or ()),
                   d.get("infotree"), {k: v for k, v in d.items() if k not in known})


@dataclass(frozen=True, slots=True)
class ProofStepResponse:
    proof_state: int
    goals: tuple[str, ...]
    proof_status: str
    messages: tuple[Message, ...] = ()
    sorries: tuple[Sorry, ...] = ()
    traces: tuple[str, ...] = ()

    def to_json(self) -> dict:
        d: dict = {"proofState": self.proof_state, "goals": list(self.goals)}
        if self.messages:
            d["messages"] = [m.to_json() for m in self.messages]
        if self.sorries:
            d["sorries"] = [s.to_json() for s in self.sorries]
        if self.traces:
            d["traces"] = list(self.traces)
        d["proofStatus"] = self.proof_status
        return d

    @classmethod
    def from_json(cls, d: dict) -> ProofStepResponse:
        return cls(int(d["proofState"]), tuple(d.get("goals") or ()), d.get("proofStatus", ""),
                   tuple(Message.from_json(m) for m in d.get("messages") or ()),
                   tuple(Sorry.from_json(s) for s in d.get("sorries") or ()),
                   tuple(d.get("traces") or ()))


@dataclass(frozen=True, slots=True)
class Error:
    """The REPL's `{"message": ...}` reply: a Lean-side verdict, returned as a value."""

    message: str

    def to_json(self) -> dict:
        return {"message": self.message}

    @classmethod
    def from_json(cls, d: dict) -> Error:
        return cls(d["message"])


Reply = Union[CommandResponse, ProofStepResponse, Error]

# Lean's proofStatus strings (REPL/Main.lean getProofStatus)
COMPLETED = "Completed"
OPEN_GOALS = "Incomplete: open goals remain"
CONTAINS_SORRY = "Incomplete: contains sorry"
CONTAINS_MVARS = "Incomplete: contains metavariable(s)"
UNKNOWN_ENV = "Unknown environment."
UNKNOWN_PROOF_STATE = "Unknown proof state."


def parse_reply(d: Any) -> Reply:
    """Decode one reply object by its shape."""
    if not isinstance(d, dict):
        raise ProtocolError(f"a REPL reply must be a JSON object, got {type(d).__name__}")
    try:
        if set(d) == {"message"}:
            return Error.from_json(d)
        if "proofStatus" in d or "goals" in d:
            return ProofStepResponse.from_json(d)
        return CommandResponse.from_json(d)
    except (KeyError, TypeError, ValueError) as exc:
        raise ProtocolError(f"malformed REPL reply: {exc!r}") from exc


def loads_reply(text: str | bytes) -> Reply:
    try:
        return parse_reply(json.loads(text))
    except json.JSONDecodeError as exc:
        raise ProtocolError(f"REPL reply is not JSON: {exc}") from exc


def to_json(obj: Any) -> Any:
    return obj.to_json() if hasattr(obj, "to_json") else obj


def dumps(obj: Any) -> str:
    """A reply (dataclass or plain JSON) exactly as the REPL writes it, framing included."""
    return pretty(to_json(obj)) + "\n\n"


def encode_request(req: Request | dict) -> bytes:
    """One request as sent on the wire: single-line JSON (newlines escaped), then a blank line."""
    return (json.dumps(to_json(req), ensure_ascii=False) + "\n\n").encode()
