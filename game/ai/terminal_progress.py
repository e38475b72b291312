"""Progress on a terminal for headless matches and tournaments.

On a TTY one line is redrawn in place (a bar, a count, a short note); on a
pipe or a file each update is a plain line, so logs stay readable.  Progress
always goes to the stream given (stderr for the CLI), never to stdout, which
carries the result.
"""

from __future__ import annotations

import sys
import time
from typing import TextIO


class Progress:
    def __init__(self, total: int, label: str, stream: TextIO | None = None, width: int = 28,
                 enabled: bool = True) -> None:
        self.total = max(1, total)
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        self.enabled = enabled
        self.count = 0
        self._tty = bool(getattr(self.stream, "isatty", lambda: False)())
        self._started = time.monotonic()
        self._drawn = False

    @property
    def is_tty(self) -> bool:
        return self._tty

    def update(self, count: int | None = None, note: str = "") -> None:
        if count is None:
            self.count += 1
        else:
            self.count = count
        if not self.enabled:
            return
        if self._tty:
            filled = int(self.width * min(self.count, self.total) / self.total)
            bar = "#" * filled + "-" * (self.width - filled)
            elapsed = time.monotonic() - self._started
            line = f"\r{self.label} [{bar}] {self.count}/{self.total} {elapsed:5.0f}s {note}"
            self.stream.write(line[:160].ljust(100))
            self._drawn = True
        else:
            self.stream.write(f"{self.label} {self.count}/{self.total} {note}".rstrip() + "\n")
        self.stream.flush()

    def note(self, text: str) -> None:
        """A line of its own, without disturbing the bar."""
        if not self.enabled:
            return
        if self._tty and self._drawn:
            self.stream.write("\r" + " " * 100 + "\r")
        self.stream.write(text + "\n")
        self.stream.flush()

    def finish(self) -> None:
        if self.enabled and self._tty and self._drawn:
            self.stream.write("\n")
            self.stream.flush()
            self._drawn = False
