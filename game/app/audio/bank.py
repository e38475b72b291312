"""The game's sounds in Panda3D: procedural WAVs in a RAM mount, played from pools.

One AudioSound cannot overlap itself, so each kind of contact has a small pool
played round-robin.  The WAVs never touch the disk: they are written into a
``VirtualFileMountRamdisk`` mounted at a path unique to this app, and
unmounted when the app closes.
"""

from __future__ import annotations

from panda3d.core import AudioSound, Filename, VirtualFileMountRamdisk, VirtualFileSystem

from game.app.audio import synth
from game.app.audio.mapping import impulse_to_voice, rolling_volume
from game.rules.layout import SUN

POOL_SIZE = 6


class AudioBank:
    def __init__(self, loader, master_volume: float = 0.8) -> None:
        self.master_volume = master_volume
        self._vfs = VirtualFileSystem.getGlobalPtr()
        self._mount = VirtualFileMountRamdisk()
        self._root = f"/taw-audio-{id(self):x}"  # unique while this bank lives; unmounted in close()
        self._vfs.mount(self._mount, self._root, 0)
        self._pools: dict[str, list[AudioSound]] = {}
        self._next: dict[str, int] = {}
        for kind, samples in (("glass", synth.glass_click()), ("lead", synth.lead_thud())):
            path = self._write(kind, samples)
            self._pools[kind] = [loader.loadSfx(path) for _ in range(POOL_SIZE)]
            self._next[kind] = 0
        self.rolling = loader.loadSfx(self._write("rolling", synth.rolling_loop()))
        self.rolling.setLoop(True)
        self.rolling.setVolume(0.0)
        self.played: list[tuple[str, float, float]] = []  # (kind, volume, rate), for tests and the HUD

    def _write(self, name: str, samples) -> str:
        path = f"{self._root}/{name}.wav"
        self._vfs.writeFile(Filename(path), synth.to_wav_bytes(samples), False)
        return path

    def contact(self, a: str, b: str, impulse: float) -> None:
        kind = "lead" if SUN in (a, b) else "glass"
        voice = impulse_to_voice(impulse, self.master_volume)
        self.played.append((kind, voice.volume, voice.play_rate))
        del self.played[:-32]
        if voice.volume <= 0.0:
            return
        sound = self._pools[kind][self._next[kind]]
        self._next[kind] = (self._next[kind] + 1) % POOL_SIZE
        sound.stop()
        sound.setVolume(voice.volume)
        sound.setPlayRate(voice.play_rate)
        sound.play()

    def set_rolling(self, total_speed: float) -> None:
        volume = rolling_volume(total_speed, self.master_volume)
        if volume > 0.0 and self.rolling.status() != AudioSound.PLAYING:
            self.rolling.play()
        elif volume <= 0.0 and self.rolling.status() == AudioSound.PLAYING:
            self.rolling.stop()
        self.rolling.setVolume(volume)

    def close(self) -> None:
        for pool in self._pools.values():
            for sound in pool:
                sound.stop()
        self.rolling.stop()
        self._pools.clear()
        self._vfs.unmount(self._mount)
