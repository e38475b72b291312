"""What the physics tells its listeners about a shot.

The referee sees nothing but these.  They are plain frozen dataclasses so an
event log can be recorded, written as JSON, read back and judged again.
Times are simulated seconds since the shot started.  Body ids follow
``game.rules.layout``.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any, Callable, Mapping

from game.rules.layout import Point


class EventKind(StrEnum):
    """An event's ``kind``, as its JSON spells it."""

    SHOT_STARTED = "shot_started"
    CONTACT = "contact"
    BODY_OUT = "body_out"
    ALL_AT_REST = "all_at_rest"


@dataclass(frozen=True)
class ShotStarted:
    """A taw was given its initial velocity."""

    t: float
    body: str
    position: Point
    velocity: Point
    kind: EventKind = field(default=EventKind.SHOT_STARTED, init=False)


@dataclass(frozen=True)
class Contact:
    """Two bodies struck each other; ``impulse`` is in newton-seconds, > 0."""

    t: float
    a: str
    b: str
    impulse: float
    position: Point
    kind: EventKind = field(default=EventKind.CONTACT, init=False)

    def involves(self, body: str) -> bool:
        return body in (self.a, self.b)

    def other(self, body: str) -> str:
        return self.b if self.a == body else self.a


@dataclass(frozen=True)
class BodyOut:
    """A body left the play area and was taken off the ground."""

    t: float
    body: str
    position: Point
    kind: EventKind = field(default=EventKind.BODY_OUT, init=False)


@dataclass(frozen=True)
class AllAtRest:
    """Every body has stopped; ``positions`` holds each one still on the ground."""

    t: float
    positions: Mapping[str, Point]
    kind: EventKind = field(default=EventKind.ALL_AT_REST, init=False)


Event = ShotStarted | Contact | BodyOut | AllAtRest
Listener = Callable[[Event], None]

_KINDS: dict[EventKind, type] = {
    EventKind.SHOT_STARTED: ShotStarted,
    EventKind.CONTACT: Contact,
    EventKind.BODY_OUT: BodyOut,
    EventKind.ALL_AT_REST: AllAtRest,
}


def event_to_dict(event: Event) -> dict[str, Any]:
    data = asdict(event)
    data["kind"] = event.kind.value  # plain JSON, as recorded files spell it
    if isinstance(event, AllAtRest):
        data["positions"] = {k: list(v) for k, v in event.positions.items()}
    return data


class EventFormatError(ValueError):
    """A recorded event that is not one of ours."""


def _point(value: Any, what: str) -> Point:
    if (
        not isinstance(value, (list, tuple))
        or len(value) != 2
        or not all(isinstance(c, (int, float)) and not isinstance(c, bool) for c in value)
    ):
        raise EventFormatError(f"{what} must be a pair of numbers")
    return (float(value[0]), float(value[1]))


def event_from_dict(data: Mapping[str, Any]) -> Event:
    """Rebuild an event from ``event_to_dict`` output, validating every field."""
    if not isinstance(data, Mapping):
        raise EventFormatError("an event must be an object")
    raw = data.get("kind")
    if not isinstance(raw, str) or raw not in _KINDS:
        raise EventFormatError(f"unknown event kind {raw!r}")
    kind = EventKind(raw)
    t = data.get("t")
    if not isinstance(t, (int, float)) or isinstance(t, bool):
        raise EventFormatError(f"{kind}: 't' must be a number")
    t = float(t)
    try:
        if kind is EventKind.SHOT_STARTED:
            return ShotStarted(t, str(data["body"]), _point(data["position"], "position"),
                               _point(data["velocity"], "velocity"))
        if kind is EventKind.CONTACT:
            impulse = data["impulse"]
            if not isinstance(impulse, (int, float)) or isinstance(impulse, bool):
                raise EventFormatError("contact: 'impulse' must be a number")
            return Contact(t, str(data["a"]), str(data["b"]), float(impulse),
                           _point(data["position"], "position"))
        if kind is EventKind.BODY_OUT:
            return BodyOut(t, str(data["body"]), _point(data["position"], "position"))
        positions = data["positions"]
        if not isinstance(positions, Mapping):
            raise EventFormatError("all_at_rest: 'positions' must be an object")
        return AllAtRest(t, {str(k): _point(v, f"position of {k}") for k, v in positions.items()})
    except KeyError as missing:
        raise EventFormatError(f"{kind}: missing field {missing}") from None


class EventBus:
    """Delivers events to subscribers in the order they subscribed.

    Each physics world owns its own bus, so a planning simulation never
    reaches the live game's listeners.
    """

    def __init__(self) -> None:
        self._listeners: list[Listener] = []

    def subscribe(self, listener: Listener) -> Callable[[], None]:
        self._listeners.append(listener)

        def unsubscribe() -> None:
            if listener in self._listeners:
                self._listeners.remove(listener)

        return unsubscribe

    def publish(self, event: Event) -> None:
        for listener in list(self._listeners):
            listener(event)
