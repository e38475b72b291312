"""Synthetic shots from a seeded generator: bodies roll, slow down, collide and leave.

Not physics, but shaped like it: a few bodies move along decelerating paths
and roll (their rotation follows their travel), the rest lie still, one body
may leave the ground mid-shot, and contacts carry impulses.
"""

from __future__ import annotations

import math

import numpy as np

from game.replay.model import ShotInputs, ShotRecord
from game.replay.recorder import GameRecorder, ShotRecorder, meta_from
from game.rules.events import AllAtRest, BodyOut, Contact, ShotStarted
from game.rules.layout import Layout, taw_id

RADIUS = 0.008


def _axis_angle(axis: np.ndarray, angle: np.ndarray) -> np.ndarray:
    half = angle / 2
    return np.concatenate([np.cos(half)[..., None], axis * np.sin(half)[..., None]], axis=-1)


def synthetic_frames(seed: int, duration: float = 3.0, rate: float = 60.0, movers: int = 3,
                     drop_one: bool = True):
    """(times, [(ids, poses)], events, inputs) for one made-up shot."""
    rng = np.random.default_rng(seed)
    homes = Layout().home_positions()
    ids = list(homes) + [taw_id("earth")]
    base = np.array([homes[b] for b in ids[:-1]] + [(0.3, -0.2)], dtype=np.float64)
    count = len(ids)
    frames_n = int(duration * rate) + 1
    times = np.arange(frames_n) / rate
    chosen = [count - 1] + list(rng.choice(count - 1, size=movers - 1, replace=False))
    starts = {b: (0.0 if i == 0 else float(rng.uniform(0.2, duration / 2))) for i, b in enumerate(chosen)}
    speeds = {b: float(rng.uniform(0.5, 3.0)) for b in chosen}
    headings = {b: float(rng.uniform(0, 2 * math.pi)) for b in chosen}
    decel = 0.6
    leaver = chosen[1] if drop_one and movers > 1 else None
    leave_frame = frames_n * 2 // 3
    frames = []
    for k, t in enumerate(times):
        poses = np.zeros((count, 7))
        poses[:, :2] = base
        poses[:, 2] = RADIUS
        poses[:, 3] = 1.0
        for b in chosen:
            dt = max(0.0, t - starts[b])
            v0 = speeds[b]
            t_stop = v0 / decel
            tt = min(dt, t_stop)
            dist = v0 * tt - 0.5 * decel * tt * tt
            direction = np.array([math.cos(headings[b]), math.sin(headings[b])])
            poses[b, :2] = base[b] + dist * direction
            axis = np.array([-direction[1], direction[0], 0.0])
            poses[b, 3:7] = _axis_angle(axis, np.array(dist / RADIUS))
        keep = np.ones(count, bool)
        if leaver is not None and k >= leave_frame:
            keep[leaver] = False
        frames.append(([i for i, kept in zip(ids, keep) if kept], poses[keep]))
    taw = ids[-1]
    events = [ShotStarted(0.0, taw, tuple(base[-1]), (speeds[count - 1], 0.0))]
    for b in chosen[1:]:
        events.append(Contact(starts[b], taw, ids[b], float(rng.uniform(0.001, 0.02)),
                              tuple(map(float, base[b]))))
    if leaver is not None:
        events.append(BodyOut(float(times[leave_frame]), ids[leaver], tuple(map(float, base[leaver]))))
    last = frames[-1]
    events.append(AllAtRest(float(times[-1]), {i: (float(p[0]), float(p[1])) for i, p in zip(last[0], last[1])}))
    inputs = ShotInputs.from_velocity("earth", taw, (speeds[count - 1] * math.cos(headings[count - 1]),
                                                     speeds[count - 1] * math.sin(headings[count - 1])),
                                      placement=(0.3, -0.2), placement_orbit="earth")
    return times, frames, events, inputs


def synthetic_shot(seed: int, **kwargs):
    times, frames, events, inputs = synthetic_frames(seed, **kwargs)
    recorder = ShotRecorder(inputs, rate=kwargs.get("rate", 60.0))
    for t, (ids, poses) in zip(times, frames):
        recorder.on_frame(float(t), ids, poses)
    for event in events:
        recorder.on_event(event)
    rulings = [{"rule": 8, "text": f"Earth drove the Sun into Mars's orbit ({seed})", "t": float(times[-1] / 2),
                "payer": "mars", "payee": "earth", "amount": 4}]
    return recorder.finish(rulings, {"purses": {"earth": 12 + seed % 5, "mars": 8}, "stakes": 2})


def synthetic_game(path, shots: int = 3, seed: int = 1):
    meta = meta_from(seed, ["earth", "mars"], {"jupiter_moons": 4}, title="synthetic")
    game = GameRecorder(path, meta)
    for i in range(shots):
        game.add_shot(synthetic_shot(seed * 100 + i))
    return game


def knock_shot() -> ShotRecord:
    """The taw rolls +x from 0.2, strikes Mars at t=1.0 and stops; Mars rolls on until t=2.5."""
    rec = ShotRecorder(ShotInputs("earth", "earth.taw", 0.0, 0.4), rate=60.0)
    for k in range(int(2.5 * 60.0) + 1):
        t = k / 60.0
        taw_x = 0.2 + 0.4 * min(t, 1.0)
        mars_x = 0.62 + (0.3 * (t - 1.0) if t > 1.0 else 0.0)
        poses = np.array([[0, 0, 0.008, 1, 0, 0, 0], [taw_x, 0, 0.008, 1, 0, 0, 0], [mars_x, 0, 0.008, 1, 0, 0, 0]])
        rec.on_frame(t, ["sun", "earth.taw", "mars"], poses)
    rec.on_event(ShotStarted(0.0, "earth.taw", (0.2, 0.0), (0.4, 0.0)))
    rec.on_event(Contact(1.0, "earth.taw", "mars", 0.01, (0.61, 0.0)))
    rec.on_event(AllAtRest(2.5, {"sun": (0, 0), "earth.taw": (0.6, 0), "mars": (1.07, 0)}))
    return rec.finish([{"rule": 11, "text": "Earth pays Mars", "t": 1.0}], {"stakes": 0})
