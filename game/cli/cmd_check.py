"""``taw check``: prove an install is whole, without a display.

It finds the shipped ``models/`` and ``shaders/`` folders and loads every
model and shader through Panda3D, so a wheel missing its assets fails here.
"""

from __future__ import annotations

import argparse

from game.errors import UserError

HELP = "check that this install has all its models and shaders (headless)"

MODEL_SUFFIXES = (".egg", ".bam", ".egg.pz", ".gltf", ".glb")
SHADER_SUFFIXES = (".vert", ".frag", ".glsl")


def configure(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--quiet", action="store_true", help="print nothing on success")
    parser.add_argument(
        "--render",
        action="store_true",
        help="also compile the scene's shaders and draw one frame offscreen (needs an EGL/GL 3.2 driver)",
    )


def run(args: argparse.Namespace) -> int:
    from game.resources import asset_dir

    try:
        models = sorted(p for p in asset_dir("models").iterdir() if p.name.endswith(MODEL_SUFFIXES))
        shaders = sorted(p for p in asset_dir("shaders").iterdir() if p.name.endswith(SHADER_SUFFIXES))
    except FileNotFoundError as err:
        raise UserError(str(err), exit_code=1) from None
    from panda3d.core import Filename, Loader, LoaderOptions

    from game.app.paths import guard_model_cache

    guard_model_cache()   # before the first model: on a full disk Panda's cache would crash the check
    loader = Loader.get_global_ptr()
    for path in models:
        if loader.load_sync(Filename.from_os_specific(str(path)), LoaderOptions(LoaderOptions.LF_no_cache)) is None:
            raise UserError(f"model {path.name} did not load", exit_code=1)
    for path in shaders:
        if not path.read_text(encoding="utf-8").lstrip().startswith("#version"):
            raise UserError(f"shader {path.name} has no #version line", exit_code=1)
    if getattr(args, "render", False):
        from game.app.scene.snapshot import shader_check

        try:
            failed = shader_check()
        except Exception as err:  # no display driver at all
            raise UserError(f"could not render offscreen: {err}", exit_code=1) from None
        if failed:
            raise UserError(f"shaders failed to compile: {', '.join(failed)}", exit_code=1)
        if not args.quiet:
            print("ok: every scene shader compiled and drew a frame offscreen")
    if not args.quiet:
        print(f"ok: {len(models)} models and {len(shaders)} shaders found in {asset_dir('models').parent}")
    return 0
