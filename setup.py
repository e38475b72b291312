"""Packaging glue that pyproject.toml alone cannot express.

The top-level ``models/`` and ``shaders/`` folders are mapped into the wheel as
``game/_data/models`` and ``game/_data/shaders`` so that an installed game finds
them beside its code (see ``game/resources.py``).  Metadata lives in
pyproject.toml.
"""

from setuptools import find_packages, setup

ASSET_PACKAGES = {
    "game._data.models": "models",
    "game._data.shaders": "shaders",
}

setup(
    packages=find_packages(include=["game", "game.*"]) + list(ASSET_PACKAGES),
    package_dir=ASSET_PACKAGES,
    package_data={name: ["*", "**/*"] for name in ASSET_PACKAGES},
    include_package_data=True,
)
