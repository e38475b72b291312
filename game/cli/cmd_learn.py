"""``taw learn``: the course of lessons; ``--check`` plays every lesson's solution and failing shot.

A lesson that fails its check is exit 1; a lesson file that cannot be read is bad input: the listing
goes on, then one line names it on stderr and the exit is 2, with or without ``--check``.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from game import argtypes

HELP = "list the lessons of 'Learn the game'; --check plays each one's solution and its opening aim and power"


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--check", action="store_true",
                        help="exit 0 only if every lesson loads, its solution passes and its opening aim and power fail")
    parser.add_argument("--dir", metavar="DIR", type=argtypes.path_arg("DIR"), default=None,
                        help="a folder of lessons instead of the shipped course")


def run(args: argparse.Namespace) -> int:
    from game.coach.lessons import check_lesson, load_course
    from game.errors import UserError

    folder = Path(args.dir) if args.dir is not None else None
    if folder is not None:
        try:
            is_folder = folder.is_dir()
        except OSError as err:   # a folder on the way that cannot be entered
            raise UserError(f"{folder}: cannot read the lessons there ({err.strerror})") from None
        if not is_folder:
            raise UserError(f"{folder}: not a folder of lessons")
    entries = load_course(folder)
    if not entries:
        raise UserError(f"{args.dir or 'the course'}: no lessons found")
    failures = 0
    for n, entry in enumerate(entries, 1):
        lesson = entry.lesson
        if lesson is None:
            print(f"{n:2}. {entry.id}: cannot load (the reason is below)")
            continue
        rules = ", ".join(str(r) for r in lesson.rules)
        line = f"{n:2}. {lesson.title} (rule{'s' if len(lesson.rules) > 1 else ''} {rules})"
        if args.check:
            try:
                check = check_lesson(lesson)
            except UserError as err:
                failures += 1
                print(f"{line}: FAIL: {err}")
                continue
            if check.ok:
                print(f"{line}: ok")
            else:
                failures += 1
                print(f"{line}: FAIL: {check.reason}")
        else:
            print(line)
    unloadable = [entry for entry in entries if entry.lesson is None]
    if args.check:
        print(f"{len(entries) - failures - len(unloadable)} of {len(entries)} lessons check out.")
    if unloadable:
        # A file that cannot be read is bad input (exit 2), not a lesson that fails its check (exit 1).
        more = f" ({len(unloadable) - 1} more lessons cannot load)" if len(unloadable) > 1 else ""
        raise UserError(f"cannot load lesson {unloadable[0].id}: {unloadable[0].error}{more}")
    return 1 if failures else 0
