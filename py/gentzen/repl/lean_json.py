"""Lean's `Json.pretty` at width 80, byte for byte: the layout the REPL prints its replies in.

Split from repl/protocol.py (issue 37): the wire types stay there, the text layout lives here.
"""

from __future__ import annotations

from typing import Any

WIDTH = 80  # the REPL prints `(toJson r).pretty` with Lean's default JSON width


# Lean's Json.escape: ", \ and newline/CR get short escapes; other control characters
# \u00XX with lowercase hex; everything from U+0020 up (non-ASCII included) goes out raw.
_ESC = {i: f"\\u{i:04x}" for i in range(0x20)}
_ESC.update({ord('"'): '\\"', ord("\\"): "\\\\", ord("\n"): "\\n", ord("\r"): "\\r"})


def _str(s: str) -> str:
    return '"' + s.translate(_ESC) + '"'


def _key_order(d: dict) -> list:
    # Json objects are RBNodes folded into a cons-list: reverse code-point order of keys
    return sorted(d.items(), key=lambda kv: kv[0], reverse=True)


def _flat(v: Any, memo: dict) -> str:
    hit = memo.get(id(v))
    if hit is not None:
        return hit
    if isinstance(v, str):
        out = _str(v)
    elif v is True:
        out = "true"
    elif v is False:
        out = "false"
    elif v is None:
        out = "null"
    elif isinstance(v, int):
        out = str(v)
    elif isinstance(v, float):
        out = repr(v) if v != int(v) else str(int(v))
    elif isinstance(v, dict):
        out = "{" + ", ".join(_str(k) + ": " + _flat(x, memo) for k, x in _key_order(v)) + "}"
    elif isinstance(v, (list, tuple)):
        out = "[" + ", ".join(_flat(x, memo) for x in v) + "]"
    else:
        raise TypeError(f"not JSON: {type(v).__name__}")
    if isinstance(v, (dict, list, tuple)):
        memo[id(v)] = out  # only containers: ids of small ints/strs are shared
    return out


def _pretty(v: Any, indent: int, col: int, trail: int, out: list, memo: dict) -> int:
    """Lay out `v` starting at column `col`; `trail` is the width of the text that follows up
    to the next line break. Mirrors Lean's Format: `bracket` = group(nest(len l, l ++ f ++ r)),
    key/value = group(key ++ ":" ++ line ++ value), and a group stays flat iff it plus the
    trailing text fits in WIDTH."""
    flat = _flat(v, memo)
    if not isinstance(v, (dict, list, tuple)) or not v or col + len(flat) + trail <= WIDTH:
        out.append(flat)
        return col + len(flat)
    inner = indent + 1
    is_obj = isinstance(v, dict)
    items = _key_order(v) if is_obj else list(v)
    out.append("{" if is_obj else "[")
    col += 1
    last = len(items) - 1
    for i, item in enumerate(items):
        t = 1 if i < last else trail + 1  # "," or the closing bracket plus what follows it
        if is_obj:
            key = _str(item[0]) + ":"
            val = _flat(item[1], memo)
            if col + len(key) + 1 + len(val) + t <= WIDTH:
                out.append(key + " " + val)
                col += len(key) + 1 + len(val)
            else:
                out.append(key + "\n" + " " * inner)
                col = _pretty(item[1], inner, inner, t, out, memo)
        else:
            col = _pretty(item, inner, col, t, out, memo)
        if i < last:
            out.append(",\n" + " " * inner)
            col = inner
    out.append("}" if is_obj else "]")
    return col + 1


def pretty(value: Any) -> str:
    """Lean's `Json.pretty value 80` for a JSON value built from dicts, lists and scalars."""
    out: list[str] = []
    _pretty(value, 0, 0, 0, out, {})
    return "".join(out)
