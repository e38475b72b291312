"""Packaging glue that pyproject.toml alone cannot express.

The top-level ``models/`` and ``shaders/`` folders are mapped into the wheel as
``game/_data/models`` and ``game/_data/shaders`` so that an installed game finds
them beside its code (see ``game/resources.py``).  Metadata lives in
pyproject.toml.
"""

import shutil

from setuptools import find_packages, setup

ASSET_PACKAGES = {
    "game._data.models": "models",
    "game._data.shaders": "shaders",
}

def _copy_as_is(_build_cmd, src: str, dst: str) -> str:
    """build_apps file handler: ship a model as it is (the game loads ``*.egg`` by name)."""
    shutil.copyfile(src, dst)
    return dst


# ``python setup.py build_apps``: a standalone desktop build (see the README).
# Options live here, not in setup.cfg, because build_apps reads setup.cfg values
# as strings, and "False" or an empty list would then mean the opposite.
BUILD_APPS = {
    "gui_apps": {"sun-planet-taw": "game/app/desktop_entry.py"},
    # Assets beside the executable, where game/resources.py looks in a frozen app.
    "include_patterns": ["models/**", "shaders/**", "game/coach/lessons/**"],
    "exclude_patterns": ["models/README.md", "shaders/README.md"],
    "include_modules": {"*": ["game.app.*", "game.app.*.*", "game.match.*", "game.ai.*", "game.coach.*",
                              "panda3d.egg"]},
    "exclude_modules": {"*": ["tkinter", "_tkinter", "pytest"]},
    "file_handlers": {".egg": _copy_as_is},
    "plugins": ["pandagl", "p3headlessgl", "p3openal_audio"],
    "platforms": ["manylinux2014_x86_64"],
    "requirements_path": "requirements.txt",
    # Only PyPI is reachable from our build machines: no optimised or extra indexes.
    "use_optimized_wheels": False,
    "pypi_extra_indexes": [],
    "log_filename": "$USER_APPDATA/sun-planet-taw/output.log",
    "log_append": False,
}

setup(
    options={"build_apps": BUILD_APPS},
    packages=find_packages(include=["game", "game.*"]) + list(ASSET_PACKAGES),
    package_dir=ASSET_PACKAGES,
    # The course of lessons ("Learn the game") ships beside game/coach/lessons.py.
    package_data={**{name: ["*", "**/*"] for name in ASSET_PACKAGES}, "game.coach": ["lessons/*/*.toml"]},
    include_package_data=True,
)
