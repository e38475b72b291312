"""The referee: one shot's event log in, a ``Ruling`` out.

``judge(state, shooter, events, layout, house)`` is a pure function: the
same log under the same state and house rules always gives the same ruling,
and a recorded log can be judged again under other house rules.  Each rule
is a small function that reads the shot's facts and adds debts; the debts
are then settled against the purses in rule-number order (the winner's
collection under rule 9 last), and the ledger is checked.

Reading of each rule, and every switch: ``docs/rules.md``.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field, replace
from typing import Callable, Iterable

from game.rules import names
from game.rules.events import AllAtRest, Event, EventBus, ShotStarted
from game.rules.house import HouseRules
from game.rules.layout import (
    PLANETS,
    SUN,
    Layout,
    body_planet,
    is_planet,
    is_satellite,
    is_taw,
    satellite_ids,
    taw_id,
)
from game.rules.ruling import Foul, PutDown, Ruling, TakeOff, Transfer
from game.rules.shot import ShotFacts, digest
from game.rules.state import STAKES, LedgerError, RuleState, RuleStateError

Point = tuple[float, float]
SUN_HOME: Point = (0.0, 0.0)

# Rule 8: what the striker receives for the orbit the Sun stops in.
RULE8_SCHEDULE = {
    "herschel": 1,
    "saturn": 2,
    "jupiter": 3,
    "mars": 4,
    "earth": 5,
    "venus": 6,
    "mercury": 7,
}

WINNER_LAST = 100  # settlement key: the winner collects after every other debt


@dataclass
class _Debt:
    """Something owed.  ``bodies``: marbles off the board; ``replace``: a rule 10 put-down."""

    rule: int
    payer: str
    payee: str
    owed: int
    reason: str
    bodies: tuple[str, ...] = ()
    replace_at: Point | None = None
    replace_body: str = ""
    everything: bool = False  # the whole pot (rule 9's stakes)
    order: int = 0

    @property
    def key(self) -> tuple[int, int]:
        return (WINNER_LAST if self.rule == 9 else self.rule, self.order)


@dataclass
class _Shot:
    """The working sheet for one ruling."""

    state: RuleState
    layout: Layout
    house: HouseRules
    facts: ShotFacts
    shooter: str
    debts: list[_Debt] = field(default_factory=list)
    fouls: list[Foul] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    take_off: list[TakeOff] = field(default_factory=list)
    put_down: list[PutDown] = field(default_factory=list)
    left_as_stakes: list[str] = field(default_factory=list)
    out: dict[str, str] = field(default_factory=dict)  # player -> why
    winner: str | None = None
    handled: set[str] = field(default_factory=set)  # bodies already disposed of this shot

    # -- helpers ------------------------------------------------------------

    def owe(self, rule: int, payer: str, payee: str, owed: int, reason: str, *,
            bodies: tuple[str, ...] = (), replace_at: Point | None = None, replace_body: str = "",
            everything: bool = False) -> None:
        """Note a debt; nobody pays himself, and nothing is owed for nothing."""
        if payer == payee or (owed <= 0 and not everything):
            return
        self.debts.append(_Debt(rule, payer, payee, owed, reason, bodies, replace_at, replace_body, everything,
                                order=len(self.debts)))

    def region(self, point: Point) -> str:
        return self.layout.region_at_radius(math.hypot(point[0], point[1]))

    def body_region(self, body: str) -> str | None:
        """Where a body rests; None if it left the play area."""
        return self.facts.regions.get(body)

    def put_home(self, body: str, rule: int, reason: str) -> None:
        spot = SUN_HOME if body == SUN else self.state.homes.get(body)
        if spot is None:
            self.notes.append(f"{names.sentence(names.body(body))} has no home to go back to.")
            return
        self.put_down.append(PutDown(body, spot, rule, reason))
        self.handled.add(body)

    @property
    def name(self) -> str:
        return names.who(self.shooter)


@dataclass(frozen=True)
class _Gates:
    """Rule 3: what is live for this shot."""

    released_before: bool
    release_now: bool
    scoring: bool     # payments between players (6, 7, 8, 11)
    taking: bool      # marbles taken (10, 14, 16 second half)

    @property
    def released_after(self) -> bool:
        return self.released_before or self.release_now


# Rule 3's gate: the rules that wait for the Sun's release, under each setting.
WAITING_FOR_RELEASE = {
    "scoring": frozenset({6, 7, 8, 10, 11, 14, 16}),
    "taking": frozenset({10, 14, 16}),
    "off": frozenset(),
}


def live_rules(sun_released: bool, house: HouseRules | None = None) -> frozenset[int]:
    """Rule numbers that can apply to the next shot (for a rules screen or the AI).

    Before the release, rule 16 keeps only its first half (the forfeit); the
    releasing shot itself is judged as if the gate were already open.
    """
    house = house or HouseRules()
    everything = frozenset(range(1, 18))
    if sun_released:
        return everything
    waiting = WAITING_FOR_RELEASE[house.rule3_gate]
    return (everything - waiting) | ({16} if 16 in waiting else frozenset())


def judge(
    state: RuleState,
    shooter: str,
    events: Iterable[Event],
    layout: Layout,
    house: HouseRules | None = None,
) -> Ruling:
    """Rule on one shot by ``shooter`` (a planet held) from its event log."""
    house = house or HouseRules()
    if state.finished:
        raise RuleStateError("the game is over; there is nothing left to judge")
    if shooter not in state.active:
        raise RuleStateError(f"{shooter!r} is not a player still in")
    state.check_ledger()
    facts = digest(state, shooter, events, layout)
    shot = _Shot(state, layout, house, facts, shooter)

    _rule17_start(shot)
    _rule15_own_planet(shot)
    void = bool(shot.fouls) and house.foul_voids_gains
    if void:
        shot.notes.append(f"The foul voids {shot.name}'s gains from this shot.")
    sun_struck = _sun_struck(shot)
    gates = _gates(shot, sun_struck, void)
    if not gates.released_before:
        if gates.release_now:
            shot.notes.append("The Sun has been struck beyond Mercury's orbit: planets may now be taken (rule 3).")
        elif house.rule3_gate != "off":
            shot.notes.append("The Sun has not yet been struck beyond Mercury's orbit (rule 3).")

    if gates.scoring:
        _rule6_toll(shot)
        _rule7_sun_against_planet(shot, sun_struck)
        _rule11_planet_in_other_orbit(shot)
    _rules4_8_sun_rewards(shot, sun_struck, gates, void)
    _rule9_sun_beyond_herschel(shot, sun_struck, void)
    _rule10_bodies_beyond_herschel(shot, gates, void)
    _rule12_taw_falls_home(shot)
    _rule13_taws_in_inner_ring(shot)
    _rule16_saturn_ring(shot, sun_struck, gates, void)
    _taws_out_of_play(shot)

    return _settle(shot, sun_struck, gates, void)


# -- rule 3 and "striking the Sun" -----------------------------------------------

def _sun_struck(shot: _Shot) -> bool:
    if shot.house.indirect_sun_strikes:
        return SUN in shot.facts.moved
    return any(c.involves(shot.facts.taw) for c in shot.facts.sun_contacts())


def _gates(shot: _Shot, sun_struck: bool, void: bool) -> _Gates:
    before = shot.state.sun_released
    region = shot.body_region(SUN)
    beyond_mercury = SUN in shot.facts.gone or (region is not None and region != "mercury")
    release_now = not before and sun_struck and beyond_mercury and not void
    after = before or release_now
    mode = shot.house.rule3_gate
    if mode == "off":
        return _Gates(before, release_now, True, True)
    if mode == "taking":
        return _Gates(before, release_now, True, after)
    return _Gates(before, release_now, after, after)


# -- rule 17 (where the shot starts) and rule 15 (own planet) --------------------

def _rule17_start(shot: _Shot) -> None:
    start = shot.facts.start
    if start is None:
        return
    state, layout, house = shot.state, shot.layout, shot.house
    forfeit = house.rule17_forfeit
    if start.body != shot.facts.taw:
        _foul(shot, 17, f"{shot.name} shot {names.body(start.body)}, not his own taw",
              forfeit)
        return
    r = math.hypot(*start.position)
    on_line = layout.line_touched(r, layout.marble_radius)
    region = layout.region_at_radius(r)
    if shot.shooter in state.first_shot_pending:
        ok = on_line == shot.shooter if house.first_taw_on == "line" else region == shot.shooter
        if not ok:
            where = "line" if house.first_taw_on == "line" else "orbit"
            _foul(shot, 17, f"{possessive_cap(shot.shooter)} first shot must start on his own {where}",
                  forfeit)
        return
    rested = state.positions.get(shot.facts.taw)
    where_it_rests = rested is None or math.dist(rested, start.position) <= house.start_tolerance
    if shot.shooter in state.comets and shot.shooter in state.comet_free_start:
        # A comet may lay his taw on any orbit, or shoot from where it lies.
        ok = on_line is not None if house.comet_start_on == "line" else region != "beyond"
        if not (ok or where_it_rests):
            _foul(shot, 14, f"{shot.name}, a comet, must start from one of the orbits or where his taw rests",
                  forfeit)
        return
    if not where_it_rests:
        _foul(shot, 17, f"{shot.name} must shoot from where his taw rests", forfeit)


def _rule15_own_planet(shot: _Shot) -> None:
    first = shot.facts.first_taw_contact()
    if first is None or body_planet(first) != shot.shooter:
        return
    if is_planet(first) or is_satellite(first):
        _foul(shot, 15, f"{shot.name} shot at his own "
                        f"{'planet' if is_planet(first) else 'satellite'}", shot.house.rule15_forfeit)


def _foul(shot: _Shot, rule: int, reason: str, forfeit: int) -> None:
    shot.fouls.append(Foul(rule, shot.shooter, reason))
    shot.owe(rule, shot.shooter, STAKES, forfeit,
             f"{reason}: {shot.name} forfeits {forfeit} to the stakes (rule {rule})")


# -- rules 6, 7, 11: payments between players --------------------------------------

def _rule6_toll(shot: _Shot) -> None:
    holder = shot.state.sun_line_holder
    if holder is None or holder == shot.shooter or holder not in shot.state.active:
        return
    if shot.house.rule6_toll == "once" and shot.shooter in shot.state.toll_paid:
        return
    shot.owe(6, shot.shooter, holder, 1,
             f"the Sun lies on {names.possessive(holder)} line: {shot.name} pays {names.who(holder)} 1 (rule 6)")


def _rule7_sun_against_planet(shot: _Shot, sun_struck: bool) -> None:
    if not sun_struck:
        return
    seen: set[str] = set()
    for contact in shot.facts.sun_contacts():
        planet = contact.other(SUN)
        if not is_planet(planet) or planet not in shot.state.board:
            continue
        if planet in seen and not shot.house.rule7_each_contact:
            continue
        seen.add(planet)
        owner = shot.state.board[planet]
        held = "" if owner == planet else ", held by the stakes"
        shot.owe(7, shot.shooter, owner, 2,
                 f"{shot.name} knocked the Sun against {names.who(planet)}{held}: "
                 f"{shot.name} pays {names.who(owner)} 2 (rule 7)")


def _rule11_planet_in_other_orbit(shot: _Shot) -> None:
    layout, state = shot.layout, shot.state
    for planet in PLANETS:
        if planet not in state.board or planet not in shot.facts.moved:
            continue
        point = shot.facts.final.get(planet)
        if point is None:
            continue
        r = math.hypot(*point)
        orbit = layout.region_at_radius(r)
        # A planet still touching its own line has not left its orbit.
        if orbit in (planet, "beyond") or layout.line_touched(r, layout.marble_radius) == planet:
            continue
        payee = state.holder(orbit)
        if payee == shot.shooter:
            continue
        count = _rule11_count(shot, planet, orbit)
        if count == 0:
            shot.notes.append(f"{names.sentence(names.who(planet))} was struck into {names.orbit(orbit)}; "
                              f"no satellites to count, nothing to pay (rule 11).")
            continue
        shot.owe(11, shot.shooter, payee, count,
                 f"{shot.name} struck {names.who(planet)} into {names.orbit(orbit)}: "
                 f"{shot.name} pays {names.who(payee)} {count} (rule 11)")


def _rule11_count(shot: _Shot, planet: str, orbit: str) -> int:
    mode = shot.house.rule11_counts
    n = shot.layout.satellites.get(planet, 0)
    if mode == "struck_planet_all":
        return n
    if mode == "struck_planet_remaining":
        return sum(1 for s in satellite_ids(planet, n) if s in shot.state.board)
    return sum(1 for b, p in shot.facts.final.items()
               if is_satellite(b) and b in shot.state.board and shot.region(p) == orbit)


# -- rules 4, 8, 9: the Sun --------------------------------------------------------

def _rules4_8_sun_rewards(shot: _Shot, sun_struck: bool, gates: _Gates, void: bool) -> None:
    region = shot.body_region(SUN)
    if not sun_struck or region is None or region == "beyond":
        return
    beyond_mercury = region != "mercury"
    mode = shot.house.sun_payment
    if mode == "rule4_then_rule8":
        r4, r8 = gates.release_now, gates.released_before
    elif mode == "both":
        r4, r8 = beyond_mercury, True
    elif mode == "rule4_always":
        r4, r8 = beyond_mercury, False
    else:
        r4, r8 = False, True
    r4 = r4 and (gates.release_now or gates.released_before)
    r8 = r8 and gates.scoring
    if void and (r4 or r8):
        shot.notes.append(f"{shot.name} struck the Sun into {names.orbit(region)} on a foul; no reward.")
        return
    payer = shot.state.holder(region)
    if r4:
        count = sum(1 for b in shot.state.board
                    if (is_planet(b) or is_satellite(b)) and shot.body_region(b) == region)
        if payer == shot.shooter or count == 0:
            shot.notes.append(f"The Sun stopped in {names.orbit(region)} with {count} planets and "
                              f"satellites there; nothing to pay (rule 4).")
        else:
            shot.owe(4, payer, shot.shooter, count,
                     f"{shot.name} struck the Sun beyond Mercury's orbit into {names.orbit(region)}, where "
                     f"{count} planets and satellites lie: {names.who(payer)} pays {shot.name} {count} (rule 4)")
    if r8:
        amount = RULE8_SCHEDULE[region]
        if payer != shot.shooter:
            shot.owe(8, payer, shot.shooter, amount,
                     f"{shot.name} struck the Sun within {names.orbit(region)}: "
                     f"{names.who(payer)} pays {shot.name} {amount} (rule 8)")


def _rule9_sun_beyond_herschel(shot: _Shot, sun_struck: bool, void: bool) -> None:
    gone = SUN in shot.facts.gone
    if not (gone or shot.body_region(SUN) == "beyond"):
        return
    if gone and not shot.house.sun_out_of_play_wins:
        shot.put_home(SUN, 9, "the Sun left the play area; it goes back to the centre")
        return
    if void or not sun_struck:
        why = "on a foul" if void else "without being struck"
        shot.put_home(SUN, 9, f"the Sun went beyond Herschel {why}; it goes back to the centre")
        shot.notes.append(f"The Sun went beyond Herschel's orbit {why}: no win (rule 9).")
        return
    shot.winner = shot.shooter
    for player in shot.state.active:
        shot.owe(9, player, shot.shooter, 1,
                 f"{shot.name} knocked the Sun beyond Herschel's orbit and wins: "
                 f"{names.who(player)} pays {shot.name} 1 (rule 9)")
    shot.owe(9, STAKES, shot.shooter, 0, f"{shot.name} wins and takes all the stakes (rule 9)", everything=True)


# -- rule 10: bodies beyond Herschel -------------------------------------------------

def _rule10_bodies_beyond_herschel(shot: _Shot, gates: _Gates, void: bool) -> None:
    state, house = shot.state, shot.house
    beyond = [b for b in state.board if b in shot.facts.gone or shot.facts.regions.get(b) == "beyond"]
    for body in beyond:
        if is_taw(body):
            continue
        planet_body = is_planet(body)
        owner = state.board[body]
        taken = planet_body or house.rule10_satellites in ("taken", "replaced")
        if not taken or not gates.taking or void or owner == shot.shooter:
            why = ("satellites are not taken" if not taken else
                   "planets cannot be taken yet (rule 3)" if not gates.taking else
                   "the shot was a foul" if void else f"it is {names.possessive(shot.shooter)}")
            shot.put_home(body, 10, f"{names.body(body)} went beyond Herschel's orbit, but {why}: "
                                    f"it goes back to its place")
            continue
        shot.owe(10, owner, shot.shooter, 1,
                 f"{shot.name} knocked {names.body(body)} beyond Herschel's orbit: "
                 f"it belongs to {shot.name} (rule 10)", bodies=(body,))
        shot.take_off.append(TakeOff(body, shot.shooter, 10, f"{names.body(body)} goes to {shot.name}"))
        shot.handled.add(body)
        if planet_body or house.rule10_satellites == "replaced":
            spot = state.homes.get(body)
            if spot is not None:
                shot.owe(10, owner, "", 1,
                         f"{names.who(owner)} replaces {names.body(body)} at its original place (rule 10)",
                         replace_at=spot, replace_body=body)


# -- rules 12, 13: taws --------------------------------------------------------------

def _rule12_taw_falls_home(shot: _Shot) -> None:
    taw = shot.facts.taw
    struck = [c.other(taw) for c in shot.facts.taw_contacts()]
    if not any(is_taw(b) or is_planet(b) or is_satellite(b) for b in struck):
        return
    if shot.body_region(taw) != shot.shooter:
        return
    stake = shot.house.rule12_stake
    shot.owe(12, shot.shooter, STAKES, stake,
             f"{possessive_cap(shot.shooter)} taw struck and fell into its own orbit: "
             f"{shot.name} puts {stake} in the inner ring (rule 12)")


def _rule13_taws_in_inner_ring(shot: _Shot) -> None:
    for player in shot.state.active:
        taw = taw_id(player)
        point = shot.facts.final.get(taw)
        if point is None or taw not in shot.state.board:
            continue
        if math.hypot(*point) > shot.layout.inner_ring_radius:
            continue
        shot.owe(13, player, STAKES, 1,
                 f"{possessive_cap(player)} taw lies within the inner ring: it stays there for the winner "
                 f"and {names.who(player)} can play no more (rule 13)", bodies=(taw,))
        shot.left_as_stakes.append(taw)
        shot.handled.add(taw)
        shot.out[player] = "taw in the inner ring (rule 13)"


def possessive_cap(player: str) -> str:
    return names.sentence(names.possessive(player))


# -- rule 16: Saturn's ring -----------------------------------------------------------

def _rule16_saturn_ring(shot: _Shot, sun_struck: bool, gates: _Gates, void: bool) -> None:
    layout, house, state = shot.layout, shot.house, shot.state
    taw = shot.facts.taw
    for contact in shot.facts.contacts:
        if house.rule16_direct_only and not contact.involves(taw):
            continue
        struck = [b for b in (contact.a, contact.b) if b != taw and (is_planet(b) or is_satellite(b))]
        if struck and layout.in_saturn_ring(contact.position):
            forfeit = house.rule16_forfeit
            shot.owe(16, shot.shooter, STAKES, forfeit,
                     f"{shot.name} struck {names.body(struck[0])} within Saturn's ring: "
                     f"{shot.name} forfeits {forfeit} to the inner circle (rule 16)")
            break
    if not sun_struck or not gates.taking or void:
        return
    if house.rule16_sun == "struck_in_ring":
        hit = any(layout.in_saturn_ring(c.position) for c in shot.facts.sun_contacts())
    else:
        point = shot.facts.final.get(SUN)
        hit = point is not None and layout.in_saturn_ring(point)
    if not hit:
        return
    holder = state.holder("saturn")
    if holder == shot.shooter:
        shot.notes.append(f"{shot.name} struck the Sun within his own ring; nothing to take up (rule 16).")
        return
    n = layout.satellites.get("saturn", 0)
    # Saturn wherever he lies on the ground; his satellites only if within his orbit.
    bodies = [b for b in ["saturn", *satellite_ids("saturn", n)]
              if b in state.board and b not in shot.handled
              and shot.body_region(b) in (("saturn",) if b != "saturn" else PLANETS)]
    if not bodies:
        return
    for owner in sorted({state.board[b] for b in bodies}):
        mine = tuple(b for b in bodies if state.board[b] == owner)
        shot.owe(16, owner, shot.shooter, len(mine),
                 f"{shot.name} struck the Sun within Saturn's ring and takes up Saturn's system "
                 f"remaining in his orbit: {len(mine)} marbles from {names.who(owner)} (rule 16)", bodies=mine)
    for b in bodies:
        shot.take_off.append(TakeOff(b, shot.shooter, 16, f"{names.body(b)} is taken up by {shot.name}"))
        shot.handled.add(b)
    if "saturn" in bodies and house.rule16_replace_saturn:
        owner = state.board["saturn"]
        shot.owe(16, owner, "", 1, f"{names.who(owner)} puts Saturn down again at home (rule 16)",
                 replace_at=state.homes["saturn"], replace_body="saturn")


# -- taws that left the play area ---------------------------------------------------

def _taws_out_of_play(shot: _Shot) -> None:
    for player in shot.state.active:
        taw = taw_id(player)
        if taw in shot.facts.gone and taw in shot.state.board and taw not in shot.handled:
            spot = shot.state.homes[taw]
            shot.put_down.append(PutDown(taw, spot, 17, f"{possessive_cap(player)} taw left the play area: "
                                         f"it goes back on {names.possessive(player)} line",
                                         may_move_along_line=True))
            shot.handled.add(taw)


# -- settling -------------------------------------------------------------------------

class _Ledger:
    """Purses, pot and board while a shot's debts are settled."""

    def __init__(self, state: RuleState) -> None:
        self.purses = dict(state.purses)
        self.stakes = state.stakes
        self.board = dict(state.board)
        self.transfers: list[Transfer] = []
        self.short: set[str] = set()

    def balance(self, who: str) -> int:
        return self.stakes if who == STAKES else self.purses.get(who, 0)

    def _move(self, payer: str, payee: str, count: int) -> None:
        """Marbles out of a purse or the pot (payer "" : off the board) into another."""
        if payer == STAKES:
            self.stakes -= count
        elif payer:
            self.purses[payer] -= count
        if payee == STAKES:
            self.stakes += count
        elif payee:
            self.purses[payee] += count

    def settle(self, shot: _Shot) -> None:
        """Every debt in rule order (the winner's collection last), as far as purses go."""
        for debt in sorted(shot.debts, key=lambda d: d.key):
            if debt.bodies:
                self._bodies_off_the_board(debt)
            elif debt.replace_at is not None:
                self._replacement(shot, debt)
            else:
                self._payment(shot, debt)

    def _bodies_off_the_board(self, debt: _Debt) -> None:
        present = tuple(b for b in debt.bodies if b in self.board)
        for body in present:
            del self.board[body]
        self._move("", debt.payee, len(present))
        if present:
            self.transfers.append(Transfer(debt.payer, debt.payee, len(present), debt.rule, debt.reason,
                                           len(present), present))

    def _replacement(self, shot: _Shot, debt: _Debt) -> None:
        body = debt.replace_body
        if self.balance(debt.payer) >= 1:
            self._move(debt.payer, "", 1)
            self.board[body] = debt.payer
            shot.put_down.append(PutDown(body, debt.replace_at or SUN_HOME, debt.rule, debt.reason,
                                         from_purse=debt.payer))
            return
        shot.notes.append(f"{names.sentence(names.who(debt.payer))} has no marble to replace "
                          f"{names.body(body)}; its orbit stays empty (rule {debt.rule}).")
        if debt.payer != STAKES:
            self.short.add(debt.payer)

    def _payment(self, shot: _Shot, debt: _Debt) -> None:
        owed = self.balance(debt.payer) if debt.everything else debt.owed
        paid = min(owed, self.balance(debt.payer))
        if paid > 0:
            self._move(debt.payer, debt.payee, paid)
            reason = debt.reason if paid == owed else f"{debt.reason}; owed {owed}, had only {paid}"
            self.transfers.append(Transfer(debt.payer, debt.payee, paid, debt.rule, reason, owed))
        if paid < owed and debt.payer != STAKES:
            self.short.add(debt.payer)
            if paid == 0:
                shot.notes.append(f"{names.sentence(names.who(debt.payer))} owed {owed} under rule {debt.rule} "
                                  f"but had nothing to pay.")

    def winner_takes_the_pot(self, winner: str) -> None:
        if self.stakes > 0:
            self.transfers.append(Transfer(STAKES, winner, self.stakes, 9,
                                           f"{names.who(winner)} wins and takes all the stakes (rule 9)",
                                           self.stakes))
            self._move(STAKES, winner, self.stakes)


def _put_out(shot: _Shot, ledger: _Ledger) -> list[str]:
    """Running out, then everyone out this shot: their marbles pass to the stakes, taws picked up."""
    if shot.house.out_when_short:
        for player in sorted(ledger.short, key=PLANETS.index):
            if player in shot.state.active and player not in shot.out:
                shot.out[player] = "could not pay (running out)"
    shot.out.pop(shot.winner or "", None)  # the winner of the shot is never out by it
    out_now = [p for p in shot.state.players if p in shot.out]
    shot.put_down = [p for p in shot.put_down if not (is_taw(p.body) and body_planet(p.body) in shot.out)]
    for player in out_now:
        for body, owner in list(ledger.board.items()):
            if owner != player:
                continue
            if is_taw(body):
                del ledger.board[body]
                ledger.purses[player] += 1
                shot.take_off.append(TakeOff(body, player, 0, f"{names.who(player)} is out and picks up the taw"))
            else:
                ledger.board[body] = STAKES
        shot.notes.append(f"{names.sentence(names.who(player))} is out: {shot.out[player]}; "
                          f"{names.possessive(player)} marbles on the ground now belong to the stakes.")
    return out_now


def _rule6_holder(shot: _Shot, gates: _Gates, void: bool, active: tuple[str, ...]) -> tuple[str | None, frozenset]:
    """Who holds the Sun on his own line after this shot, and who has paid the toll (``once``)."""
    state = shot.state
    holder = state.sun_line_holder
    paid = set(state.toll_paid)
    if any(d.rule == 6 and d.payer == shot.shooter for d in shot.debts):
        paid.add(shot.shooter)
    if SUN in shot.facts.moved or SUN in shot.facts.gone:
        point = shot.facts.final.get(SUN)
        touched = None
        if point is not None and SUN not in shot.handled:
            touched = shot.layout.line_touched(math.hypot(*point), shot.layout.sun_radius)
        if touched == shot.shooter and not void and gates.scoring and shot.winner is None:
            if holder != shot.shooter:
                shot.notes.append(f"{shot.name} knocked the Sun onto his own line: "
                                  f"every other shooter pays 1 while it stays there (rule 6).")
                paid = set()
            holder = shot.shooter
        elif touched != holder:
            holder = None
    if holder not in active:
        holder = None
    return holder, frozenset(paid) if holder else frozenset()


def _positions_after(shot: _Shot, ledger: _Ledger) -> dict[str, Point]:
    """Resting positions with the ruling's take-offs and put-downs carried out."""
    positions = dict(shot.facts.final)
    for change in shot.take_off:
        positions.pop(change.body, None)
    for put in shot.put_down:
        positions[put.body] = put.position
    if SUN not in positions:
        # Only a winning shot leaves the Sun off the ground; the state still
        # says where it went, so a table check always finds it.
        positions[SUN] = shot.facts.gone_at.get(SUN, shot.state.positions.get(SUN, SUN_HOME))
    keep = set(ledger.board) | {SUN} | shot.state.stakes_taws | set(shot.left_as_stakes)
    return {b: p for b, p in positions.items() if b in keep}


def _rule14_comets(shot: _Shot, ledger: _Ledger, gates: _Gates, sun_struck: bool,
                   active: tuple[str, ...]) -> tuple[set[str], list[str], set[str]]:
    """Comets after the shot, those made by it, and who may lay the taw on any orbit next."""
    comets = set(shot.state.comets) & set(active)
    made: list[str] = []
    if gates.taking:
        for player in active:
            n = shot.layout.satellites.get(player, 0)
            if player in comets or (n == 0 and shot.house.comets_need_satellites):
                continue
            if not any(ledger.board.get(s) == player for s in satellite_ids(player, n)):
                comets.add(player)
                made.append(player)
                shot.notes.append(f"{names.sentence(names.who(player))} has lost every satellite and becomes "
                                  f"a Comet: may shoot from any orbit each time the Sun is struck (rule 14).")
    free = set(shot.state.comet_free_start) - {shot.shooter}
    if sun_struck:
        free |= comets
    return comets, made, free & comets


def _endings(shot: _Shot, ledger: _Ledger, active: tuple[str, ...]) -> tuple[str | None, bool, int, int]:
    """Winner, finished, next turn index and completed rounds."""
    state, house = shot.state, shot.house
    winner, finished = shot.winner, shot.winner is not None
    if not finished and len(state.players) >= 2 and len(active) == 1 and house.last_player_wins:
        winner, finished = active[0], True
        shot.notes.append(f"{names.sentence(names.who(winner))} is the last player in and wins.")
    if not finished and not active:
        finished = True
        shot.notes.append("No player is left in: the game ends without a winner.")
    turn, rounds = state.turn, state.round
    if not finished:
        n = len(state.players)
        index = state.players.index(shot.shooter)
        turn = next((index + k) % n for k in range(1, n + 1) if state.players[(index + k) % n] in active)
        if turn <= index:
            rounds += 1
        if house.round_limit and rounds >= house.round_limit:
            worth = {p: ledger.purses[p] + sum(1 for o in ledger.board.values() if o == p) for p in active}
            winner, finished = max(active, key=lambda p: (worth[p], ledger.purses[p], -PLANETS.index(p))), True
            shot.notes.append(f"The round limit of {house.round_limit} is reached: {names.who(winner)} "
                              f"has the most marbles ({worth[winner]}) and wins.")
    if winner is not None and winner != shot.winner:
        ledger.winner_takes_the_pot(winner)  # rule 9's winner collected among the debts
    return winner, finished, turn, rounds


def _settle(shot: _Shot, sun_struck: bool, gates: _Gates, void: bool) -> Ruling:
    state = shot.state
    ledger = _Ledger(state)
    ledger.settle(shot)
    out_now = _put_out(shot, ledger)
    out_all = state.out + tuple(out_now)
    active = tuple(p for p in state.players if p not in out_all)
    line_holder, toll_paid = _rule6_holder(shot, gates, void, active)
    positions = _positions_after(shot, ledger)
    comets, made, free = _rule14_comets(shot, ledger, gates, sun_struck, active)
    first_pending = (set(state.first_shot_pending) - {shot.shooter}) | {
        body_planet(p.body) or "" for p in shot.put_down if is_taw(p.body) and p.may_move_along_line}
    winner, finished, turn, rounds = _endings(shot, ledger, active)

    new_state = replace(
        state,
        purses=ledger.purses,
        stakes=ledger.stakes,
        board=ledger.board,
        positions=positions,
        sun_released=gates.released_after,
        sun_line_holder=None if finished else line_holder,
        comets=frozenset(comets),
        comet_free_start=frozenset(free),
        out=out_all,
        first_shot_pending=frozenset(first_pending & set(active)),
        stakes_taws=state.stakes_taws | frozenset(shot.left_as_stakes),
        turn=turn,
        round=rounds,
        shots=state.shots + 1,
        winner=winner,
        finished=finished,
        toll_paid=toll_paid,
    )
    new_state.check_ledger()
    if new_state.marbles_in_game != state.marbles_in_game:
        raise LedgerError("the number of marbles in the game changed")
    return Ruling(
        shooter=shot.shooter,
        transfers=tuple(ledger.transfers),
        fouls=tuple(shot.fouls),
        out=tuple(out_now),
        comets=tuple(made),
        winner=winner,
        finished=finished,
        take_off=tuple(shot.take_off),
        put_down=tuple(shot.put_down),
        left_as_stakes=tuple(shot.left_as_stakes),
        notes=tuple(shot.notes),
        state=new_state,
    )


# -- the listener ---------------------------------------------------------------------

class ShotReferee:
    """Listens to a physics world's ``EventBus`` and rules when all is at rest.

    The shooter is the player whose taw ``ShotStarted`` names.  After each
    ruling ``state`` is the next rule state, ``last_ruling`` and
    ``last_events`` hold the ruling and the shot's log (for a replay), and
    ``on_ruling`` (if given) is called with the ruling.  The match may set
    ``state`` between shots (after a scenario set-up, for instance).
    """

    def __init__(
        self,
        state: RuleState,
        layout: Layout,
        house: HouseRules | None = None,
        on_ruling: Callable[[Ruling], None] | None = None,
    ) -> None:
        self.state = state
        self.layout = layout
        self.house = house or HouseRules()
        self.on_ruling = on_ruling
        self.last_ruling: Ruling | None = None
        self.last_events: tuple[Event, ...] = ()
        self._events: list[Event] = []
        self._shooter: str | None = None
        self._unsubscribe: Callable[[], None] | None = None

    def attach(self, bus: EventBus) -> None:
        self.detach()
        self._unsubscribe = bus.subscribe(self)

    def detach(self) -> None:
        if self._unsubscribe is not None:
            self._unsubscribe()
            self._unsubscribe = None

    def __call__(self, event: Event) -> None:
        if isinstance(event, ShotStarted):
            self._events = [event]
            planet = body_planet(event.body) if is_taw(event.body) else None
            # A shot with anything but a live player's taw is judged as the next
            # shooter's (and called a foul under rule 17).
            self._shooter = planet if planet in self.state.active else self.state.next_shooter()
            return
        if self._shooter is None:
            return  # not inside a shot: a body placed by hand, say
        self._events.append(event)
        if isinstance(event, AllAtRest):
            events, shooter = tuple(self._events), self._shooter
            self._events, self._shooter = [], None
            ruling = judge(self.state, shooter, events, self.layout, self.house)
            self.state = ruling.state
            self.last_ruling, self.last_events = ruling, events
            if self.on_ruling is not None:
                self.on_ruling(ruling)


def judge_log(
    state: RuleState,
    shots: Iterable[tuple[str, Iterable[Event]]],
    layout: Layout,
    house: HouseRules | None = None,
) -> list[Ruling]:
    """Judge a recorded game again (perhaps under other house rules).

    A shot by a player who is out under these rules, or after the game has
    ended under them, is skipped.
    """
    rulings: list[Ruling] = []
    for shooter, events in shots:
        if state.finished or shooter not in state.active:
            continue
        ruling = judge(state, shooter, events, layout, house)
        rulings.append(ruling)
        state = ruling.state
    return rulings
