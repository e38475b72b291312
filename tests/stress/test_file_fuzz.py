"""The file fuzz's short variant: mutated scenarios, replays, settings and house rules fail cleanly."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from game.errors import UserError
from game.rules.house import HouseRules
from stress.file_fuzz import (
    atomic_write_checks,
    base_files,
    cli_check,
    fuzz_files,
    house_toml,
    mutant_of,
    mutate,
    TOML_MUTATIONS,
)

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def bases():
    return base_files(scenarios=6)


def test_mutated_files_are_refused_in_one_line_or_work(bases):
    report = fuzz_files(404, 70, bases=bases)
    assert report.problems() == []
    counts = report.counts()
    assert set(counts) == {"scenario", "replay", "settings", "house", "replay-fields"}
    for target, n in counts.items():
        assert n["refused"] > 10, target  # the mutations really break files
    assert counts["replay-fields"]["accepted"] > 5   # and fields behind valid checksums reach the viewer
    assert counts["scenario"]["accepted"] + counts["house"]["accepted"] > 0  # and some survive to run


def test_a_house_rule_file_that_is_not_utf8_is_a_one_line_error(tmp_path):
    path = tmp_path / "house.toml"
    path.write_bytes(house_toml().replace(b"round_limit", b"round\xe9limit"))
    with pytest.raises(UserError) as caught:
        HouseRules.from_toml(path)
    assert "house.toml" in str(caught.value) and "\n" not in str(caught.value)


def test_a_failed_save_over_a_good_file_leaves_it_intact(tmp_path):
    assert atomic_write_checks(tmp_path) == []


def test_the_atomic_write_check_sees_a_temp_file_a_failed_write_leaves(tmp_path, monkeypatch):
    # The planted fault: a write_atomic that never removes its temp file on failure.
    import os

    import game.fileio as fileio

    real = os.unlink
    monkeypatch.setattr(fileio.os, "unlink", lambda p, *a, **k: None if str(p).endswith(".tawtmp") else real(p))
    problems = atomic_write_checks(tmp_path)
    assert problems and all("left ." in p for p in problems), problems


def test_bad_files_through_the_cli_exit_2_with_one_line(tmp_path, bases):
    broken = tmp_path / "broken.toml"
    broken.write_bytes(b"players = [\"earth\"\n\xff\xfe")
    house = tmp_path / "house.toml"
    house.write_bytes(house_toml().replace(b"round_limit = 0", b"round_limit = 1e999"))
    replay = tmp_path / "game.replay"
    replay.write_bytes(bases["replay"][0][1][:200])
    assert cli_check(["scenario", str(broken)]) is None
    assert cli_check(["match", "--players", "2", "--rounds", "1", "--house-rules", str(house)]) is None
    assert cli_check(["replay", str(replay)]) is None


def test_a_case_is_rebuilt_from_its_seed(bases):
    report = fuzz_files(9, 5, targets=("scenario",), bases=bases)
    case = report.cases[3]
    name, mutation, _data = mutant_of(case.seed, "scenario", bases)
    assert (name, mutation) == (case.base, case.mutation)


def test_mutations_are_seeded():
    data = house_toml()
    first = [mutate(random.Random(s), data, TOML_MUTATIONS) for s in range(20)]
    assert first == [mutate(random.Random(s), data, TOML_MUTATIONS) for s in range(20)]
    assert sum(m[1] != data for m in first) >= 15


def _scratch_left(folder: Path) -> list[str]:
    return sorted(p.name for p in folder.iterdir() if p.name.startswith("taw-fuzz-export-"))


@pytest.mark.gui
def test_replays_the_loader_accepts_are_shown_and_exported_leaving_no_scratch_folder(
        bases, offscreen_pipe, tmp_path, monkeypatch):
    import tempfile

    from game.app.scene.offscreen import make_offscreen_base
    from game.replay import decode_replay
    from stress.file_fuzz import view_replay

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    base = make_offscreen_base((64, 48))
    try:
        report = fuzz_files(7, 30, bases=bases, targets=("replay-fields",), base=base)
        assert _scratch_left(tmp_path) == []  # every export's frames went into a folder removed after it
        # The planted fault: a scratch folder that is never removed (the fuzz's old mkdtemp) is seen.
        monkeypatch.setattr(tempfile, "TemporaryDirectory", _KeptFolder)
        view_replay(decode_replay(bases["replay"][0][1], "base.replay"), base)
        assert len(_scratch_left(tmp_path)) == 1
    finally:
        base.destroy()
    assert report.problems() == []
    assert report.counts()["replay-fields"]["accepted"] >= 2   # shown in the viewer, first and last shots exported


class _KeptFolder:
    """A ``TemporaryDirectory`` that forgets to remove its folder."""

    def __init__(self, prefix: str = "") -> None:
        import tempfile

        self.name = tempfile.mkdtemp(prefix=prefix)

    def __enter__(self) -> str:
        return self.name

    def __exit__(self, *exc: object) -> None:
        pass


def test_hostile_replays_special_files_and_escapes_are_answered_in_one_line(tmp_path):
    from stress.file_fuzz import escape_checks, hostile_replay_checks, special_file_checks
    from stress.hostile import HOSTILE_REPLAYS

    quick = tuple(h.name for h in HOSTILE_REPLAYS if "240 Hz" not in h.name and "2000 shots" not in h.name)
    rows = hostile_replay_checks(names=quick) + special_file_checks(tmp_path) + escape_checks(tmp_path)
    assert [r for r in rows if r.outcome in ("crash", "hang")] == []
    assert sum(r.outcome == "refused" for r in rows) > 50 and sum(r.outcome == "accepted" for r in rows) >= 4


def test_planted_files_beside_writes_are_left_alone_and_nothing_hangs(tmp_path):
    from stress.file_fuzz import planted_write_checks

    rows = planted_write_checks(tmp_path)
    assert len(rows) == 5 and all(r.outcome == "refused" for r in rows), rows


def test_the_planted_file_check_sees_a_sweep_that_takes_an_editors_file(tmp_path, monkeypatch):
    # The planted fault: a stale-temp sweep that takes any name of a temp file's shape, as the last one did.
    import game.fileio as fileio
    from stress.file_fuzz import planted_write_checks

    monkeypatch.setattr(fileio, "is_our_temp", lambda name, target: name.endswith(".tmp"))
    rows = planted_write_checks(tmp_path, video=False)
    assert [r.outcome for r in rows] == ["crash", "refused"] and "removed" in rows[0].message
