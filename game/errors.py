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


QUOTE_LIMIT = 80       # characters of a bad value quoted back to the person
MESSAGE_LIMIT = 2000   # characters of a whole message (a path may be long, a megabyte of one is not read)
DIGITS_LIMIT = 30      # digits of one number quoted back (a seed has 19)


def clip(text: str, limit: int) -> str:
    """``text`` cut to ``limit`` characters, an ellipsis saying so."""
    return text if len(text) <= limit else text[:limit - 3] + "..."


def clip_quoted(message: str) -> str:
    """Every value quoted in ``message`` ('...' or "...") cut to ``QUOTE_LIMIT``, and the whole to ``MESSAGE_LIMIT``.

    A refusal quotes the bad value back; a value of a megabyte must not
    become a megabyte of terminal.
    """
    import re

    quoted = re.sub(r"'([^']{%d,})'|\"([^\"]{%d,})\"" % (QUOTE_LIMIT, QUOTE_LIMIT),  # noqa: UP031 (braces of a regex)
                    lambda m: m.group()[0] + clip(m.group()[1:-1], QUOTE_LIMIT) + m.group()[0], message)
    return clip(short_numbers(quoted), MESSAGE_LIMIT)


def short_numbers(message: str) -> str:
    """Every run of more than ``DIGITS_LIMIT`` digits cut to its first eight and its length: a refusal
    quoting a 309-digit number says "10000000... (309 digits)"."""
    import re

    return re.sub(rf"\d{{{DIGITS_LIMIT + 1},}}", lambda m: f"{m.group()[:8]}... ({len(m.group())} digits)",
                  message)


class UserError(Exception):
    """Bad input from the person at the keyboard; ``exit_code`` 2 means usage."""

    exit_code = 2

    def __init__(self, message: str, exit_code: int | None = None) -> None:
        super().__init__(clip_quoted(printable(str(message))))
        if exit_code is not None:
            self.exit_code = exit_code


WARNING_PREFIX = "taw: warning: "


def warn(note: str, stream=None) -> None:
    """One line on stderr, as every warning the game prints: ``taw: warning: …``, escaped and cut short."""
    import sys

    (stream or sys.stderr).write(f"{WARNING_PREFIX}{clip_quoted(printable(note))}\n")
