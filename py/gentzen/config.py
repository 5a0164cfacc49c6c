"""Config dataclass fields with help text: the one place a command option is documented.

Every training, search and test-time-RL config declares its fields with `option(default, help)`;
`gentzen.cli.options.options` turns them into typer options whose `--help` is that text.
"""

from __future__ import annotations

from dataclasses import field


def option(default, help: str):
    """A dataclass field with `default` and the `help` shown by the command's --help."""
    return field(default=default, metadata={"help": help})
