"""Crash-safe file output: atomic replacement and append-only JSONL, with ordinary permissions.

An atomic write fills a temporary file beside the target and `os.replace`s it in, so a reader
never sees half a file and a crash leaves the old one. New files get `0666 & ~umask` (what
`open()` gives; `mkstemp` alone would give 0600); a replaced file keeps its mode. Missing parent
folders are created, so every `--out` behaves the same.
"""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from gentzen.errors import InputError

_UMASK: int | None = None


def umask() -> int:
    """The process umask (read once: os.umask can only be read by setting it)."""
    global _UMASK
    if _UMASK is None:
        _UMASK = os.umask(0o022)
        os.umask(_UMASK)
    return _UMASK


def _target_mode(path: Path) -> int:
    try:
        return path.stat().st_mode & 0o7777  # replacing a file keeps its permissions
    except OSError:
        return 0o666 & ~umask()


@contextmanager
def atomic_open(path: str | Path, mode: str = "w", encoding: str | None = "utf-8") -> Iterator:
    """`with atomic_open(p) as f: f.write(...)`: p appears complete on success, untouched on error."""
    if mode not in ("w", "wb"):
        raise ValueError("atomic_open writes whole files: mode 'w' or 'wb'")
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)  # an error here names the user's own folder
    with _named(path):
        fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with _named(path):
            os.fchmod(fd, _target_mode(path))
            f = os.fdopen(fd, mode, encoding=None if "b" in mode else encoding)
        with f:
            yield f
            with _named(path):
                f.flush()
                os.fsync(f.fileno())
        with _named(path):
            os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


@contextmanager
def _named(path: Path) -> Iterator[None]:
    """An OSError raised while writing `path` names `path`, never the hidden temporary file beside
    it (`error: /proc/.x.png.j_tws9z1.tmp: …` tells the user about a file they never asked for)."""
    try:
        yield
    except OSError as e:
        if e.filename is not None and Path(str(e.filename)) != path:
            raise OSError(e.errno, e.strerror or str(e), str(path)) from None
        raise


@contextmanager
def atomic_dir(path: str | Path) -> Iterator[Path]:
    """`with atomic_dir(d) as tmp: fill tmp`: a sibling temp directory (not yet created) replaces d
    on success, the old d removed only after the rename, so a run killed mid-write leaves it intact."""
    import shutil

    out = Path(path)
    out.parent.mkdir(parents=True, exist_ok=True)
    tmp = out.parent / f".{out.name}.tmp-{os.getpid()}"
    shutil.rmtree(tmp, ignore_errors=True)
    yield tmp
    if out.exists():
        old = out.parent / f".{out.name}.old-{os.getpid()}"
        out.rename(old)
        tmp.rename(out)
        shutil.rmtree(old, ignore_errors=True)
    else:
        tmp.rename(out)


def atomic_write_bytes(path: str | Path, data: bytes) -> Path:
    with atomic_open(path, "wb") as f:
        f.write(data)
    return Path(path)


def atomic_write_text(path: str | Path, text: str, encoding: str = "utf-8") -> Path:
    with atomic_open(path, "w", encoding=encoding) as f:
        f.write(text)
    return Path(path)


def atomic_write_json(path: str | Path, obj, indent: int | None = 2) -> Path:
    return atomic_write_text(path, json.dumps(obj, indent=indent, ensure_ascii=False) + "\n")


def atomic_write_jsonl(path: str | Path, records) -> Path:
    with atomic_open(path, "w") as f:
        for r in records:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return Path(path)


def append_jsonl_line(path: str | Path, record: dict) -> None:
    """Append one JSON line with a single O_APPEND write; a torn last line (a crash mid-write)
    is ended first, so the new record stands on its own line. Use `read_jsonl_resumable` to
    read such a file back."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o666)  # the kernel applies umask
    try:
        data = (json.dumps(record, ensure_ascii=False) + "\n").encode()
        size = os.fstat(fd).st_size
        if size:
            with open(path, "rb") as f:
                f.seek(size - 1)
                if f.read(1) != b"\n":
                    data = b"\n" + data
        os.write(fd, data)
    finally:
        os.close(fd)


def sha16(*paths: str | Path) -> str:
    """The first 16 hex digits of the SHA-256 over the files' bytes, in the order given (streamed): the data
    hash gentzen.json records (one file) and a model's weights digest (its weight files)."""
    import hashlib

    h = hashlib.sha256()
    for path in paths:
        with open(path, "rb") as f:
            for block in iter(lambda: f.read(1 << 20), b""):
                h.update(block)
    return h.hexdigest()[:16]


def read_jsonl_resumable(path: str | Path) -> list[dict]:
    """The complete records of an append-only JSONL file (a torn or garbled line is skipped)."""
    out: list[dict] = []
    try:
        f = open(path, encoding="utf-8", errors="replace")
    except FileNotFoundError:
        return out
    with f:
        for raw in f:
            try:
                rec = json.loads(raw)
            except ValueError:
                continue
            if isinstance(rec, dict):
                out.append(rec)
    return out


MAX_INPUT_BYTES = 200 * 1024 * 1024


def read_text(path: str | Path, *, max_bytes: int = MAX_INPUT_BYTES) -> str:
    """A user's text file as str, or InputError saying in one line why not: missing, a folder,
    unreadable, too large, binary (NUL bytes) or not UTF-8 (with the line of the first bad byte)."""
    p = Path(path)
    try:
        if p.is_dir():
            raise InputError("is a directory, expected a file", source=str(p))
        if p.stat().st_size > max_bytes:
            raise InputError(f"file larger than {max_bytes // 2**20} MiB", source=str(p))
        data = p.read_bytes()
    except OSError as e:
        raise InputError(f"cannot read: {e.strerror or e}", source=str(p)) from None
    if b"\x00" in data:
        raise InputError("binary file (NUL bytes), expected UTF-8 text", source=str(p))
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as e:
        raise InputError(f"not valid UTF-8 (byte {e.start} is {data[e.start]:#04x})",
                         line=data.count(b"\n", 0, e.start) + 1, source=str(p)) from None


def read_jsonl(path: str | Path) -> list[tuple[int, object]]:
    """(line number, value) of every non-blank line of a JSONL file; InputError names the bad line."""
    out = []
    for i, line in enumerate(read_text(path).splitlines(), 1):
        if line.strip():
            try:
                out.append((i, json.loads(line)))
            except ValueError as e:
                raise InputError(f"not JSON ({getattr(e, 'msg', e)})", line=i, source=str(path)) from None
    return out


__all__ = ["read_text", "read_jsonl", "atomic_open", "atomic_write_bytes", "atomic_write_text",
           "atomic_write_json", "atomic_write_jsonl", "append_jsonl_line", "read_jsonl_resumable", "umask"]
