"""Loading the scene's shaders and models from wherever the game is installed."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Protocol

from game.resources import asset_path

SHADER_PAIRS: dict[str, tuple[str, str]] = {
    "ground": ("ground.vert", "ground.frag"),
    "marble": ("marble.vert", "marble.frag"),
    "depth": ("depth.vert", "depth.frag"),
    "text": ("flat.vert", "text.frag"),
    "blob": ("flat.vert", "blob.frag"),
    "aim": ("aim.vert", "aim.frag"),
    "sky": ("sky.vert", "sky.frag"),
    "marker": ("marker.vert", "marker.frag"),
}


@dataclass
class SceneShaders:
    ground: Any
    marble: Any
    depth: Any
    text: Any
    blob: Any
    aim: Any
    sky: Any
    marker: Any


def load_shader(vertex: str, fragment: str):  # -> panda3d.core.Shader
    from panda3d.core import Filename, Shader

    vert = Filename.fromOsSpecific(str(asset_path("shaders", vertex)))
    frag = Filename.fromOsSpecific(str(asset_path("shaders", fragment)))
    shader = Shader.load(Shader.SL_GLSL, vertex=vert, fragment=frag)
    if shader is None:
        raise RuntimeError(f"shaders {vertex} + {fragment} did not load")
    return shader


def load_shaders() -> SceneShaders:
    return SceneShaders(**{name: load_shader(v, f) for name, (v, f) in SHADER_PAIRS.items()})


class ModelLoader(Protocol):
    """A ShowBase's ``loader``."""

    def loadModel(self, path: Any) -> Any: ...  # noqa: N802 (Panda's name)


def load_model(loader: ModelLoader | None, name: str):  # -> NodePath
    """Load ``models/<name>`` through a ShowBase loader, or Panda's global Loader when there is no ShowBase."""
    from panda3d.core import Filename, Loader, LoaderOptions, NodePath

    path = Filename.fromOsSpecific(str(asset_path("models", name)))
    if loader is not None:
        return loader.loadModel(path)
    node = Loader.getGlobalPtr().loadSync(path, LoaderOptions(LoaderOptions.LF_no_cache))
    if node is None:
        raise FileNotFoundError(f"model {name} did not load")
    return NodePath(node)
