"""Judging a recorded game again under other house rules, from its recorded events (no physics).

Each shot's event log is judged as it was played (``game.rules.judge``), from
the rule state the earlier re-judged shots left, and the table is kept as the
match keeps it: a taw laid down before its shot lies where it was laid, and
the referee's board changes are carried out (``game.match.match.carry_out``).
So under the house rules the game was played with, every shot comes out as
recorded, which ``rejudge`` checks first: a file whose start is not the
text's setup cannot be re-judged faithfully and is refused.

The events cannot change with the rules: where the new rules would have left
a body elsewhere (put back rather than taken, say), later shots still show
the bodies where the recorded game had them.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any, Mapping

from game.errors import UserError
from game.match.match import carry_out
from game.replay.model import Replay
from game.replay.shapes import ShapeError, layout_from
from game.rules import names
from game.rules.house import HouseRuleError, HouseRules
from game.rules.layout import PLANETS, Layout, taw_id
from game.rules.referee import judge
from game.rules.ruling_text import rule_label, ruling_to_json, ruling_to_text
from game.rules.state import RuleState, RuleStateError, new_game


class VerdictShapeError(ValueError):
    """A recorded ruling or ledger the re-judging cannot read; the message names the key."""


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _objects(ruling: Mapping[str, Any], key: str) -> list[Mapping[str, Any]]:
    items = ruling.get(key, [])
    if not isinstance(items, list) or not all(isinstance(i, Mapping) for i in items):
        raise VerdictShapeError(f"the ruling's '{key}' must be a list of objects")
    return items


def _whole(item: Mapping[str, Any], key: str, where: str) -> int:
    if not _is_whole(item.get(key)):
        raise VerdictShapeError(f"each of the ruling's '{where}' needs a whole number '{key}'")
    return item[key]


def _text(item: Mapping[str, Any], key: str, where: str) -> str:
    if not isinstance(item.get(key), str):
        raise VerdictShapeError(f"each of the ruling's '{where}' needs a player '{key}'")
    return item[key]


@dataclass(frozen=True)
class Verdict:
    """One shot's ruling in short: what moved, who was out or won, and the purses and stakes after it."""

    transfers: tuple[tuple[int, str, str, int], ...]  # (rule, from, to, marbles)
    fouls: tuple[tuple[int, str], ...]                 # (rule, player)
    out: tuple[str, ...]
    winner: str | None
    purses: Mapping[str, int]
    stakes: int
    text: str = ""  # the referee's words, for the report

    @classmethod
    def from_json(cls, ruling: Mapping[str, Any], ledger: Mapping[str, Any]) -> "Verdict":
        """From a ruling in ``ruling_to_json``'s shape and a ledger; ``VerdictShapeError`` names a key of
        another shape (a recorded file is checked here as strictly as the loader checks it)."""
        transfers = tuple((_whole(t, "rule", "transfers"), _text(t, "from", "transfers"), _text(t, "to", "transfers"),
                           _whole(t, "marbles", "transfers")) for t in _objects(ruling, "transfers"))
        fouls = tuple((_whole(f, "rule", "fouls"), _text(f, "player", "fouls")) for f in _objects(ruling, "fouls"))
        out = ruling.get("out", [])
        if not isinstance(out, list) or not all(isinstance(p, str) for p in out):
            raise VerdictShapeError("the ruling's 'out' must be a list of players")
        winner = ruling.get("winner")
        if winner is not None and not isinstance(winner, str):
            raise VerdictShapeError("the ruling's 'winner' must be a player or null")
        purses = ledger.get("purses", {})
        if not isinstance(purses, Mapping) or not all(_is_whole(v) for v in purses.values()):
            raise VerdictShapeError("the ledger's 'purses' must map players to whole numbers")
        stakes = ledger.get("stakes", 0)
        if not _is_whole(stakes):
            raise VerdictShapeError("the ledger's 'stakes' must be a whole number")
        text = ruling.get("text", "")
        return cls(transfers, fouls, tuple(out), winner if winner else None,
                   {str(k): int(v) for k, v in purses.items()}, int(stakes), text if isinstance(text, str) else "")

    def same_ruling(self, other: "Verdict") -> bool:
        return (sorted(self.transfers), sorted(self.fouls), self.out, self.winner) == \
            (sorted(other.transfers), sorted(other.fouls), other.out, other.winner)

    def to_json(self) -> dict[str, Any]:
        return {"transfers": [{"rule": r, "from": a, "to": b, "marbles": n} for r, a, b, n in self.transfers],
                "fouls": [{"rule": r, "player": p} for r, p in self.fouls], "out": list(self.out),
                "winner": self.winner, "purses": dict(self.purses), "stakes": self.stakes}


@dataclass(frozen=True)
class ShotJudgement:
    """A recorded shot and its ruling under the other house rules (None: it would not have been played)."""

    number: int  # from 1
    shooter: str
    recorded: Verdict
    rejudged: Verdict | None

    @property
    def rulings_differ(self) -> bool:
        return self.rejudged is None or not self.recorded.same_ruling(self.rejudged)

    @property
    def purses_differ(self) -> bool:
        return self.rejudged is None or (dict(self.recorded.purses), self.recorded.stakes) != \
            (dict(self.rejudged.purses), self.rejudged.stakes)

    @property
    def differs(self) -> bool:
        return self.rulings_differ or self.purses_differ


@dataclass(frozen=True)
class Rejudging:
    """Every recorded shot judged again; ``final`` is the rule state the new house rules end with."""

    house: HouseRules
    shots: tuple[ShotJudgement, ...]
    final: RuleState

    @property
    def differing(self) -> tuple[ShotJudgement, ...]:
        return tuple(s for s in self.shots if s.differs)


def rejudge(replay: Replay, house: HouseRules, source: str = "replay") -> Rejudging:
    """Judge every shot of ``replay`` under ``house``; ``UserError`` (one line) if it cannot be done faithfully."""
    played = _recorded_house(replay, source)
    layout = _layout(replay, source)
    if house.jupiter_moons != played.jupiter_moons:
        raise UserError(f"{source}: was played with {played.jupiter_moons} moons of Jupiter; house rules with "
                        f"{house.jupiter_moons} would need other marbles on the ground (keep jupiter_moons)")
    planets = _planets(replay, source)
    baseline = _judge_all(replay, played, layout, planets, source)
    for judgement in baseline.shots:
        if judgement.differs:
            raise UserError(f"{source}: shot {judgement.number} does not come out as recorded under its own house "
                            f"rules, so this file cannot be judged again (was it recorded from another setup?)")
    return _judge_all(replay, house, layout, planets, source)


def _judge_all(replay: Replay, house: HouseRules, layout: Layout, planets: list[str], source: str) -> Rejudging:
    layout = layout.with_jupiter_moons(house.jupiter_moons)
    state = new_game(planets, layout, house)
    laid = replay.meta.extra.get("laid_taws") if isinstance(replay.meta.extra, Mapping) else None
    if isinstance(laid, Mapping):  # the taws laid at the setup, before the first shot
        try:
            state = replace(state, positions={**state.positions, **{
                taw_id(str(p)): (float(s[0]), float(s[1])) for p, s in laid.items() if p in planets}})
        except (TypeError, ValueError, IndexError, KeyError):
            raise UserError(f"{source}: its header says where the taws were laid in a form that cannot be read") \
                from None
    shots: list[ShotJudgement] = []
    for number, record in enumerate(replay.shots, 1):
        inputs = record.inputs
        ruling_data = record.rulings[0] if record.rulings else {}
        try:
            recorded = Verdict.from_json(ruling_data, record.ledger)
        except VerdictShapeError as err:
            raise UserError(f"{source}: shot {number}: {err}, so it cannot be judged again") from None
        if state.finished or inputs.shooter not in state.active:
            shots.append(ShotJudgement(number, inputs.shooter, recorded, None))
            continue
        if inputs.placement is not None:  # the match lays the taw down before the shot, and the referee sees it
            state = replace(state, positions={**state.positions, taw_id(inputs.shooter): inputs.placement})
        try:
            ruling = judge(state, inputs.shooter, record.events, layout, house)
        except RuleStateError as err:
            raise UserError(f"{source}: shot {number} cannot be judged ({err})") from None
        state = carry_out(ruling, layout)
        data = {**ruling_to_json(ruling), "text": ruling_to_text(ruling)}
        shots.append(ShotJudgement(number, inputs.shooter, recorded,
                                   Verdict.from_json(data, {"purses": state.purses, "stakes": state.stakes})))
    return Rejudging(house, tuple(shots), state)


def _recorded_house(replay: Replay, source: str) -> HouseRules:
    try:
        return HouseRules.from_mapping(dict(replay.meta.house_rules), source=f"{source}: its house rules")
    except HouseRuleError as err:
        raise UserError(str(err)) from None


def _layout(replay: Replay, source: str) -> Layout:
    try:
        return layout_from(dict(replay.meta.layout))
    except ShapeError as err:
        raise UserError(f"{source}: {err}") from None


def _planets(replay: Replay, source: str) -> list[str]:
    """The planets held, from the header's players (each names a planet)."""
    planets = [p.get("planet") for p in replay.meta.players if isinstance(p, Mapping)]
    if not planets or not all(isinstance(p, str) and p in PLANETS for p in planets) or len(set(planets)) != len(planets):
        raise UserError(f"{source}: its header does not say which planets were held, so it cannot be judged again")
    return [p for p in planets if isinstance(p, str)]  # every one, as checked above


# -- the report ----------------------------------------------------------------------------------

def _payments(verdict: Verdict) -> list[str]:
    lines = [f"{rule_label(rule, 'to the winner')}: {names.pays(payer, payee, marbles)}"
             for rule, payer, payee, marbles in verdict.transfers]
    lines += [f"foul, {rule_label(rule).lower()}: {names.who(player)}" for rule, player in verdict.fouls]
    lines += [f"out: {names.who(p)}" for p in verdict.out]
    if verdict.winner:
        lines.append(f"{names.who(verdict.winner)} wins")
    return [names.sentence(line) for line in lines] or ["Nothing paid"]


def _purse_changes(shot: ShotJudgement) -> str:
    assert shot.rejudged is not None
    old, new = shot.recorded, shot.rejudged
    parts = [f"{names.who(p)} {old.purses.get(p, 0)} → {new.purses.get(p, 0)}"
             for p in sorted(set(old.purses) | set(new.purses), key=PLANETS.index)
             if old.purses.get(p, 0) != new.purses.get(p, 0)]
    if old.stakes != new.stakes:
        parts.append(f"the stakes {old.stakes} → {new.stakes}")
    return "; ".join(parts)


def _not_played(shot: ShotJudgement, final: RuleState) -> str:
    if final.finished and final.shots < shot.number:
        return "the game was already over under these house rules"
    return f"{names.who(shot.shooter)} was already out under these house rules"


def rejudging_to_text(result: Rejudging, source: str, house_source: str) -> str:
    """Shot by shot, where the rulings and the purses differ from the recorded game."""
    shots = result.shots
    differing = result.differing
    lines = [f"{source}: {len(shots)} shot{'s' if len(shots) != 1 else ''} judged again under {house_source}: "
             f"{len(differing)} judged differently."]
    for shot in differing:
        lines += ["", f"Shot {shot.number}, {names.who(shot.shooter)}:"]
        if shot.rejudged is None:
            lines.append(f"  not played: {_not_played(shot, result.final)}")
            continue
        if shot.rulings_differ:
            lines.append("  recorded:  " + "; ".join(_payments(shot.recorded)))
            lines.append("  re-judged: " + "; ".join(_payments(shot.rejudged)))
            lines += ["  the referee now: " + line for line in shot.rejudged.text.splitlines()[:8]]
        if shot.purses_differ:
            lines.append(f"  after the shot: {_purse_changes(shot)}")
    lines += ["", _ending(result)]
    return "\n".join(lines)


def _ending(result: Rejudging) -> str:
    final = result.final
    if final.finished:
        who = f"{names.who(final.winner)} wins" if final.winner else "nobody wins"
        return f"Under these house rules the game ends after shot {final.shots}: {who} ({final.termination})."
    return "Under these house rules the game goes on after the last recorded shot."


def rejudging_to_json(result: Rejudging, source: str, house_source: str) -> dict[str, Any]:
    """One JSON object: the shots judged differently, each with both verdicts, and how the game ends."""
    final = result.final
    return {
        "file": source,
        "house_rules": house_source,
        "shots": len(result.shots),
        "judged_differently": len(result.differing),
        "differences": [{
            "shot": s.number,
            "shooter": s.shooter,
            "played": s.rejudged is not None,
            "rulings_differ": s.rulings_differ,
            "purses_differ": s.purses_differ,
            "recorded": s.recorded.to_json(),
            "rejudged": None if s.rejudged is None else s.rejudged.to_json(),
            "referee": None if s.rejudged is None else s.rejudged.text,
        } for s in result.differing],
        "end": {"finished": final.finished, "winner": final.winner, "after_shot": final.shots,
                "termination": None if final.termination is None else final.termination.value},
    }
