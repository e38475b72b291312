"""``taw`` / ``python -m game``: one entry point with subcommands.

Each subcommand lives in its own module here named ``cmd_<name>.py`` and
defines ``HELP`` (one line), ``configure(parser)`` and ``run(args) -> int``.
Modules are found by name, so adding a command touches no shared file, and a
command's heavy imports (Panda3D, numpy) happen only when it runs.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from types import ModuleType
from typing import NoReturn, Sequence

from game import __version__
from game.errors import UserError, clip, clip_quoted, printable

PROG = "taw"
DEFAULT_COMMAND = "play"


class OneLineParser(argparse.ArgumentParser):
    """argparse, but a usage mistake is one line and exit status 2."""

    def error(self, message: str) -> NoReturn:
        sys.stderr.write(f"{printable(self.prog)}: error: {clip_quoted(printable(message))} (see --help)\n")
        sys.exit(2)


def _command_modules() -> dict[str, ModuleType]:
    import game.cli as package

    modules = {}
    for info in sorted(pkgutil.iter_modules(package.__path__), key=lambda i: i.name):
        if info.name.startswith("cmd_"):
            modules[info.name[4:]] = importlib.import_module(f"game.cli.{info.name}")
    return modules


def build_parser() -> argparse.ArgumentParser:
    parser = OneLineParser(
        prog=PROG,
        description="Sun and Planet Taw. With no command, the desktop game starts.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=OneLineParser)
    for name, module in _command_modules().items():
        cmd = sub.add_parser(name, help=module.HELP, description=module.HELP)
        module.configure(cmd)
        cmd.set_defaults(_run=module.run)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args_list = list(sys.argv[1:] if argv is None else argv)
    parser = build_parser()
    if not args_list or args_list[0].startswith("-") and args_list[0] not in ("-h", "--help", "--version"):
        args_list.insert(0, DEFAULT_COMMAND)
    try:
        args = parser.parse_args(args_list)
        if args.command is None:
            args = parser.parse_args([DEFAULT_COMMAND])
    except SystemExit as stop:  # --help, --version, or a usage error already printed in one line
        return stop.code if isinstance(stop.code, int) else 2
    try:
        return int(args._run(args) or 0)
    except UserError as err:
        sys.stderr.write(f"{PROG}: error: {err}\n")
        return err.exit_code
    except KeyboardInterrupt:
        sys.stderr.write(f"{PROG}: interrupted\n")
        return 130
    except BrokenPipeError:
        return 1
    except OSError as err:
        if err.filename is None:
            raise
        # A file or folder the person named, or one under their HOME, that the system refused (a folder
        # that cannot be entered, a name too long, a full disk) wherever a command did not say so itself.
        where = clip(printable(str(err.filename)), 200)
        sys.stderr.write(f"{PROG}: error: {where}: {err.strerror or type(err).__name__}\n")
        return 2
