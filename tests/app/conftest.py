"""Shared offscreen fixtures for tests of the desktop app (layer 4).

* ``offscreen_base`` -- a ShowBase rendering into an offscreen buffer on the
  headless EGL pipe (PRC from the facts file, GLSL 330).  Panda allows one
  ShowBase per process, so it is module-scoped and destroyed in teardown; a
  test module that builds its own ShowBase subclass must not also use it.
* ``grab_frame(output)`` -- render a frame and return it as a uint8 RGB numpy
  image, row 0 at the top (Panda hands rows over bottom-up; this flips them).
* ``app`` -- the desktop app (``TawApp``) offscreen with random-level
  opponents: built once per module, put back at the menu with its first
  settings before every test; it too is a ShowBase, so not with
  ``offscreen_base``.
* ``fresh_app`` -- an app of the test's own, for tests that change what the
  module's ``app`` is built with; destroyed after the test.
* ``project(camera, output, xyz)`` -- the (column, row) pixel a world point
  lands on in such an image, or None off screen.

Tests that need these are skipped, with the reason, where no offscreen GL
pipe opens at all (``offscreen_pipe`` in ``tests/conftest.py``); an app that
cannot be built where the pipe opens fails its test.
"""

from __future__ import annotations

import builtins

import pytest

from game.app.scene.offscreen import grab, make_offscreen_base, project_to_pixel


@pytest.fixture(scope="module")
def offscreen_base(offscreen_pipe):
    if getattr(builtins, "base", None) is not None:
        pytest.fail("a ShowBase is still alive from an earlier test: destroy it in that test's teardown")
    base = make_offscreen_base((320, 240))
    assert base.win is not None, "the offscreen window did not open"
    yield base
    base.destroy()


@pytest.fixture(scope="module")
def built_app_for_module(offscreen_pipe, tmp_path_factory):
    """One offscreen app per test module (a ShowBase is slow to build); tests take it through ``app``."""
    from tests.app.helpers_app import built_app, random_opponents, step

    with built_app(tmp_path_factory.mktemp("taw-user"), session_factory=random_opponents) as made:
        step(made, 2)
        yield made


@pytest.fixture
def app(built_app_for_module):
    """The module's app, put back at the menu with its first settings before each test, so a failure stays in its test."""
    from tests.app.helpers_app import reset_to_menu

    reset_to_menu(built_app_for_module, built_app_for_module.app_config.settings)
    return built_app_for_module


@pytest.fixture
def fresh_app(offscreen_pipe, tmp_path):
    """An app of its own for one test (default opponents, user files under ``tmp_path``), destroyed after it."""
    from tests.app.helpers_app import built_app

    with built_app(tmp_path) as made:
        yield made


@pytest.fixture(scope="session")
def grab_frame():
    return grab


@pytest.fixture(scope="session")
def project():
    return project_to_pixel
