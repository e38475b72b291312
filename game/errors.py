"""The one exception type that reaches a person as a one-line message.

Code anywhere below the CLI raises ``UserError`` (or a subclass) for bad input
the person can fix: a wrong file, argument or setting.  ``game.cli.main``
prints its message on one line and exits with ``exit_code``; everything else
is a bug and keeps its traceback.
"""


class UserError(Exception):
    """Bad input from the person at the keyboard; ``exit_code`` 2 means usage."""

    exit_code = 2

    def __init__(self, message: str, exit_code: int | None = None) -> None:
        super().__init__(message)
        if exit_code is not None:
            self.exit_code = exit_code
