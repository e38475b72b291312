"""The one exception type that reaches a person as a one-line message.

Code anywhere below the CLI raises ``UserError`` (or a subclass) for bad input
the person can fix: a wrong file, argument or setting.  ``game.cli.main``
prints its message on one line and exits with ``exit_code``; everything else
is a bug and keeps its traceback.

Messages often quote what a file said (a key, a name, a path).  A file may
hold a newline or a terminal escape sequence, which printed raw could fake a
traceback or recolour the terminal, so ``UserError`` escapes every character
that is not printable: the message is one line of plain text, always.
"""

from __future__ import annotations


def printable(text: str) -> str:
    """``text`` with every control or unprintable character escaped (``\\n``, ``\\x1b``, ``\\u2028``)."""
    if text.isprintable():
        return text
    return "".join(ch if ch.isprintable() else ascii(ch)[1:-1] for ch in text)


class UserError(Exception):
    """Bad input from the person at the keyboard; ``exit_code`` 2 means usage."""

    exit_code = 2

    def __init__(self, message: str, exit_code: int | None = None) -> None:
        super().__init__(printable(str(message)))
        if exit_code is not None:
            self.exit_code = exit_code
