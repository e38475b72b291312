"""The GUI soak's short variant: a few hundred frames of seeded random input, offscreen."""

from __future__ import annotations

import builtins

import pytest

from stress.gui_soak import gui_soak

pytestmark = [pytest.mark.gui, pytest.mark.slow]


def test_random_input_raises_nothing_and_leaves_the_menu_as_it_was(tmp_path):
    if getattr(builtins, "base", None) is not None:
        pytest.fail("a ShowBase is still alive from an earlier test")
    report = gui_soak(2, 500, tmp_path)
    assert report.errors == []
    assert report.leaked == []
    assert report.before is not None and report.before.nodes > 100
    assert report.frames >= 500 and report.clicks >= 3 and report.inputs > 30
    # The seeded input gets past the menu into a game and its turns.  (Shots are
    # computed on a thread, so exactly which states a run reaches varies a little.)
    assert {"Menu", "NewGame", "HatDrop"} <= set(report.states)
    assert set(report.states) & {"Aim", "Thinking", "Shot"}


@pytest.mark.parametrize("fault", ["full-disk", "read-only", "settings-file"])
def test_random_input_on_a_faulty_file_system_raises_nothing_and_says_what_it_could_not_save(tmp_path, fault):
    from stress.fs_faults import Fault

    if getattr(builtins, "base", None) is not None:
        pytest.fail("a ShowBase is still alive from an earlier test")
    report = gui_soak(2, 500, tmp_path, fault=Fault(fault))
    if "no tmpfs could be mounted" in report.fault:
        pytest.skip(report.fault)
    assert report.errors == [] and report.leaked == []
    assert {"HatDrop"} <= set(report.states)
    said = "The settings were not saved" if fault == "settings-file" else "Replays are not being saved"
    assert any(n.startswith(said) for n in report.notices), report.notices


class _Tasks:
    def __init__(self, frames_left: int | None) -> None:
        self.frames_left = frames_left   # None: the notice never goes

    def hasTaskNamed(self, name: str) -> bool:  # noqa: N802 - Panda's name
        return self.frames_left is None or self.frames_left > 0


class _App:
    def __init__(self, frames_left: int | None) -> None:
        self.taskMgr = _Tasks(frames_left)


def test_the_census_waits_for_a_fading_notice_but_not_for_one_that_outlives_its_time():
    from stress.gui_soak import let_notices_fade

    fading = _App(100)
    stepped = []

    def step(n: int) -> None:
        stepped.append(n)
        if fading.taskMgr.frames_left is not None:
            fading.taskMgr.frames_left -= n
    let_notices_fade(fading, step)
    assert len(stepped) == 100   # it stepped until the notice had gone
    stuck = _App(None)   # the planted fault: a notice whose task never ends
    stepped.clear()
    let_notices_fade(stuck, lambda n: stepped.append(n))
    assert len(stepped) == 4 * 60 + 60   # it gave up after the notice's time and a second, so the census counts it
