"""One candidate shot played out in a fresh physics world and judged by the referee.

This runs in the planning workers.  It mirrors what the match does with a
real shot (lay the taw down if the rules allow, build a world from the
resting table, shoot, run to rest, hand the events to the referee) so that a
noise-free rollout is the real outcome of that shot, bit for bit.  Each
rollout has its own world and its own event bus: nothing reaches the live
game's listeners.

A *screening* rollout (``coarse``) plays the same shot in the same Bullet
world stepped more coarsely (``physics_for``): about half the cost, and
close enough to rank candidates; the planner replays the best of them in the
match's own physics before choosing (``docs/ai.md``, "The screen").
"""

from __future__ import annotations

import math
from dataclasses import dataclass, replace
from typing import Any, Mapping

from game.ai.candidates import Candidate
from game.ai.hand_noise import jitter
from game.ai.situation import Situation
from game.ai.value import (ValueWeights, drive_chance, drive_prospect, going_on, position_value,
                           rivals_out_value)
from game.rules.layout import SUN, Point, body_planet


# What winning the game is worth beyond the marbles it pays (rule 9, or the
# most marbles at the round limit), and what an adversary's win costs.
WIN_BONUS = 12.0
# Rule 13 is a cliff: the nearer one's taw rests to the inner ring, the likelier
# an imperfect shot (ours, or an adversary's knock) puts it in.
RING_MARGIN = 0.06
# The chance we reckon the next player strikes a Sun left in our orbit and keeps it there.
EXPOSURE = 0.6
FOUL_PENALTY = 6.0
RING_RISK = 4.0
# The screen's physics: Bullet's substep at 240 Hz (a ball at the 3.8 m/s cap moves 16 mm a substep, one
# marble's width: coarser, and fast balls pass through each other), the control tick every 8 substeps
# (30 Hz), and a ball stopped below 2 cm/s.  Measured in benchmarks/bench_ai.py --screen (docs/ai.md).
SCREEN_SUBSTEP_HZ = 240
SCREEN_SUBSTEPS_PER_CALL = 8
SCREEN_REST_SPEED = 0.02
# m: a Sun moved less than this was not driven, a third of a drive (a stand-off goes on: ``stands_off``).
SUN_STILL = 0.05


@dataclass(frozen=True)
class EvalJob:
    situation: int                 # index into the plan's situations
    candidate: Candidate
    noise: tuple[float, float, int] | None = None  # (angle deg, speed fraction, seed)
    want_next: bool = False        # return the situation the next player faces
    coarse: bool = False           # the screen's coarser physics (``physics_for``), not the match's own


@dataclass(frozen=True)
class EvalResult:
    gain: float        # marbles won by the shooter relative to the others, plus the end of the game
    value: float       # the position left behind, without the next player's threat
    threat: float      # the heuristic cost of the next player's chance to win from here
    summary: str
    sun: Point | None
    finished: bool
    next_situation: Situation | None = None
    safe: bool = True  # the shooter is still in (rule 13, running out) and committed no foul
    out: tuple[str, ...] = ()     # the players this shot put out (rule 13, or running out), the shooter too
    ringed: tuple[str, ...] = ()  # ... of them, those whose taws it left in the inner ring (rule 13)

    def score(self, position_weight: float, use_threat: bool = True) -> float:
        return self.gain + position_weight * (self.value - (self.threat if use_threat else 0.0))


def sun_orbit(layout: Any, sun: Point) -> str:
    """The orbit the Sun lies in as the referee reads it (``Layout.body_region``): on a painted line, that
    line's orbit whichever side of it its centre is; rule 8 pays by this, so the AI prices by it too."""
    return str(layout.body_region(math.hypot(*sun), layout.sun_radius))


def _rule8_amount(region: str) -> int:
    from game.rules.referee import RULE8_SCHEDULE

    return int(RULE8_SCHEDULE.get(region, 0))


def _judge() -> Any:
    from game.rules.referee import judge

    return judge


def ground_pool() -> Any:
    """Spare ground bodies for the worlds of one plan's rollouts (``physics_for``; rough earth only)."""
    from game.physics.ground_contact import GroundPool

    return GroundPool()


def physics_for(sit: Situation, coarse: bool = False, pool: Any = None) -> Any:
    """The physics a rollout plays in: the match's own, or (``coarse``) the screen's.

    The one place the planner's worlds are configured.  The screen's is the
    same Bullet world (bodies, ground, materials, rolling resistance) with a
    coarser substep and rest threshold: touches are found up to a substep
    late and balls stop a little sooner, so its outcomes are near the real
    ones, not equal to them; it only ranks.  ``pool`` (``ground_pool``):
    the spare ground bodies the caller's worlds share; it changes no bit.
    """
    from game.physics import PhysicsConfig

    config = PhysicsConfig.for_game(sit.layout, sit.house, ground_pool=pool)   # the ground the house rules name
    if coarse:
        config = replace(config, substep_hz=SCREEN_SUBSTEP_HZ, substeps_per_call=SCREEN_SUBSTEPS_PER_CALL,
                         rest_speed=SCREEN_REST_SPEED)
    return config


def play(sit: Situation, shot: Candidate, coarse: bool = False, pool: Any = None) -> tuple[Any, Mapping[str, Point]]:
    """Play ``shot`` from ``sit`` as the match would: the ruling and the table left behind.

    The same steps as ``Match.play_shot``: the taw laid down (already on a
    free spot) or where it rests, a fresh world from the resting table, the
    referee's ruling, and the match's ``carry_out`` of its instructions.
    ``coarse``: in the screen's physics (``physics_for``), an estimate;
    ``pool``: spare ground bodies (``ground_pool``).
    """
    from game.match.match import carry_out, play_physics

    state = sit.state
    table = dict(state.positions)
    if shot.placement is not None:
        table[sit.taw] = shot.placement
        state = replace(state, positions=table)
    speed = min(shot.speed, sit.max_speed)
    events = play_physics(table, sit.taw, math.degrees(shot.angle) % 360.0, speed, sit.layout,
                          physics_for(sit, coarse, pool), spin=shot.spin)
    ruling = _judge()(state, sit.shooter, events, sit.layout, sit.house)
    after = carry_out(ruling, sit.layout)
    return replace(ruling, state=after), after.positions


def worth_change(before: Any, after: Any) -> dict[str, int]:
    return {p: after.worth(p) - before.worth(p) for p in before.players}


def ringed_rivals(ruling: Any, me: str) -> list[str]:
    """Adversaries this shot put out under rule 13 (their taws left in the inner ring as stakes)."""
    from game.rules.layout import body_planet

    left = {body_planet(b) for b in ruling.left_as_stakes}
    return [p for p in ruling.out if p != me and p in left]


def ringed_out(ruling: Any) -> tuple[str, ...]:
    """Every player this shot put out under rule 13 (his taw left in the inner ring), the shooter too."""
    return tuple(p for p in ruling.out if p in {body_planet(b) for b in ruling.left_as_stakes})


def next_shots(sit: Situation, after: Any, table: Mapping[str, Point], sun: Point, rivals: list[str],
               weights: ValueWeights) -> float:
    """The heuristic worth of the next shots to us, as a cost: the next player's chance to win from
    where his taw lies, less our own chance from where ours lies (rule 9), each times what a win takes.

    The hard level's lookahead plays these shots out instead.
    """
    from game.rules.state import start_options

    win_takes = WIN_BONUS + after.stakes + len(rivals)  # the winner's bonus, the stakes, one from each
    nxt = after.next_shooter()
    threat = 0.0
    if nxt in rivals:
        free = start_options(after, nxt, sit.house) is not None
        taw = None if free else table.get(f"{nxt}.taw")
        threat = weights.threat * drive_chance(sit.layout, sun, taw, weights) * win_takes
    own = table.get(sit.taw)
    if own is None:
        return threat
    mine = drive_chance(sit.layout, sun, own, weights) * weights.own_chance / len(rivals)
    return threat - mine * win_takes


def shooters_before(after: Any, me: str) -> list[str]:
    """The adversaries still in who shoot after this shot and before ``me`` shoots again, in turn order."""
    order: list[str] = []
    n = len(after.players)
    for step in range(n):
        planet = after.players[(after.turn + step) % n]
        if planet == me:
            break
        if planet not in after.out:
            order.append(planet)
    return order


def win_values(after: Any, me: str, going: float = 0.0) -> tuple[float, float]:
    """What a win by rule 9 is worth to ``me`` in the score's unit: (ours, an adversary's, as a loss).

    The score is our change in worth less the mean change of the other
    seats, plus ``WIN_BONUS`` for the game.  Our win takes the stakes and one
    from every other player in; an adversary's takes one from us and his
    share of the stakes shows only as his gain, spread over the other seats.
    With two players the two are equal; with four, an adversary's win costs
    us far less than the stakes.  ``going`` is what the game going on is
    worth to us in the win term (``game.ai.value.going_on``, by the
    standings): a win ends that, ours gaining less of it, theirs costing more.
    """
    seats = max(1, len(after.players) - 1)
    others_in = max(0, len(after.active) - 1)
    ours = WIN_BONUS + after.stakes + others_in * (1.0 + 1.0 / seats) - going
    theirs = WIN_BONUS + 1.0 + (after.stakes + 1.0) / seats + going
    return ours, theirs


def drive_plan_shots(sit: Situation, after: Any, table: Mapping[str, Point], sun: Point,
                     weights: ValueWeights, going: float = 0.0, own_road: bool = True) -> tuple[float, float]:
    """The next shots under the drive plan, as costs: (the next player's, the later adversaries').

    Every adversary who shoots before our next turn may carry the Sun out
    (``drive_prospect`` from where his taw lies, or from where he may lay it)
    if none before him has; then we may, from where our taw lies.  Each win
    is worth what ``win_values`` says.  The first part is what hard's
    lookahead plays out instead; the second it keeps.  ``own_road`` False: our
    own road is not counted (a shot in a stand-off that leaves the Sun where
    it lay: ``standoff_cost``).
    """
    from game.rules.state import start_options

    ours, theirs = win_values(after, sit.shooter, going)
    still = 1.0   # the chance nobody before has carried the Sun out
    costs: list[float] = []
    for player in shooters_before(after, sit.shooter):
        free = start_options(after, player, sit.house) is not None
        chance = drive_prospect(sit.layout, sun, None if free else table.get(f"{player}.taw"), weights)
        costs.append(weights.threat * still * chance * theirs)
        still *= 1.0 - chance
    own = table.get(sit.taw) if own_road else None
    mine = drive_prospect(sit.layout, sun, own, weights) * weights.plan_own * still * ours if own is not None else 0.0
    first = costs[0] if costs else 0.0
    return first - mine, sum(costs[1:])


def sun_moved(before: Point | None, after: Point | None) -> bool:
    """Whether the Sun went from ``before`` to ``after`` ``SUN_STILL`` or more (``after`` None: it left the
    ground, the game is over): what breaks a stand-off (``stands_off``)."""
    if before is None or after is None:
        return after is None
    return math.dist(before, after) >= SUN_STILL


def sun_gained(before: Point | None, after: Point | None) -> bool:
    """Whether the Sun went ``SUN_STILL`` or more farther from the centre, or off the ground (rule 9's way)."""
    if before is None or after is None:
        return after is None
    return math.hypot(*after) - math.hypot(*before) >= SUN_STILL


def drive_progress(before: Point | None, after: Point | None, weights: ValueWeights) -> float:
    """The share of one drive (``plan_reach``) the Sun went outward from ``before`` to ``after``, 0 to 1.

    The road out is counted in drives: a full drive carries the lead Sun
    about ``plan_reach``; a nudge of 5 cm is a third of one, a tap or a Sun
    knocked back or round its orbit none.  ``after`` None: it left the
    ground (rule 9), the whole way.
    """
    if before is None or after is None:
        return 1.0 if after is None else 0.0
    gained = math.hypot(*after) - math.hypot(*before)
    return min(1.0, max(0.0, gained / weights.plan_reach))


def end_price(state: Any, me: str, going: float = 0.0) -> float:
    """What a turn that brings the end no nearer costs ``me``: the end's worth, by its share of what is left.

    Two kinds of marbles are still to be had: the end, which the winner
    takes once (``win_values``: rule 9's one from each player in, the
    stakes, the game itself, less what the game going on is worth to us),
    and the money, the adversaries' purses that Sun money (rules 4 and 8)
    draws on a turn at a time.  A turn spent on the money gives up the end's
    share of what is left, ``E / (E + R)``, of its worth ``E``.  With full
    purses that is about 6 marbles (two or four level players at the
    start); as the purses drain or the stakes fatten ("till such time as the
    inner ring gets fat") the end is most of what is left, and a turn not
    spent on it costs nearly its whole worth.  The leader of a long game,
    likely to win it anyway (``going`` high), values the end less.
    """
    ends, _ = win_values(state, me, going)
    money = sum(int(state.purses.get(p, 0)) for p in state.active if p != me)
    return ends * ends / (ends + money) if ends > 0.0 else 0.0


def tempo_cost(sit: Situation, ruling: Any, table: Mapping[str, Point], weights: ValueWeights,
               going: float = 0.0) -> float:
    """What this shot's turn costs a player who plays to finish, unless it brought the end nearer.

    A game ends by rule 9 or with the last player in.  A Sun tapped in a
    held orbit pays its four to seven marbles a turn for as long as its
    holder has them; every such turn is a round more before anybody can
    win.  The drive plan's levels price that round at the end's price
    (``end_price``), less the share of a drive the Sun went outward
    (``drive_progress``), so a nudge saves a third of it and a full drive
    all.  (``weights.end_price`` False: the flat ``tempo`` it replaced,
    saved whole by a Sun 5 cm farther out, ``sun_gained``.)  An adversary
    put out (rule 13, or his purse emptied) saves it.  A shot that fouls
    saves nothing: rule 15 forbids it, and the tempo must not buy what
    ``FOUL_PENALTY`` prices.
    """
    me = sit.shooter
    before = sit.positions.get(SUN)
    if not weights.drive_plan or before is None:
        return 0.0
    fouled = any(f.player == me for f in ruling.fouls)
    rival_out = any(p != me for p in ruling.out)
    if not weights.end_price:
        nearer = sun_gained(before, table.get(SUN)) or rival_out
        return 0.0 if nearer and not fouled else weights.tempo
    price = end_price(sit.state, me, going)
    if fouled:
        return price
    return 0.0 if rival_out else price * (1.0 - drive_progress(before, table.get(SUN), weights))


def stands_off(sit: Situation, ruling: Any, table: Mapping[str, Point], weights: ValueWeights) -> int:
    """How many turns of a stand-off this shot prolongs: 0 unless it leaves the Sun where it lay, in a stand-off.

    The Sun has lain still (``sun_moved``: within ``SUN_STILL``) through
    ``sit.standoff`` of the shooter's turns in a row (the AI player
    remembers); from ``standoff_turns`` on, a shot that leaves it still adds
    one more, unless it takes Sun money (rules 4 and 8: a tap into a held
    orbit drains its holder, and a game drained ends).
    """
    if not (weights.drive_plan or weights.standoff_everyone) or sit.standoff < weights.standoff_turns:
        return 0
    if any(t.payee == sit.shooter and t.rule in (4, 8) for t in ruling.transfers):
        return 0
    before = sit.positions.get(SUN)
    if before is None or sun_moved(before, table.get(SUN)):
        return 0
    return sit.standoff - weights.standoff_turns + 1


def rounds_left(sit: Situation, after: Any, weights: ValueWeights) -> int:
    """The rounds still to play: to the house's round limit, or ``rounds_ahead`` when there is none."""
    limit = sit.house.round_limit
    return limit - after.round if limit else weights.rounds_ahead


def score_outcome(sit: Situation, ruling: Any, table: Mapping[str, Point],
                  weights: ValueWeights = ValueWeights()) -> EvalResult:
    me = sit.shooter
    before, after = sit.state, ruling.state
    delta = worth_change(before, after)
    others = [p for p in before.players if p != me]
    rivals = [p for p in after.active if p != me]
    gain = float(delta[me]) - (sum(delta[p] for p in others) / len(others) if others else 0.0)
    finished = bool(ruling.finished or after.finished)
    left = rounds_left(sit, after, weights)
    standings = {p: before.worth(p) for p in before.active}
    # The drive plan prices every win against the game going on (by the standings); easy does not.
    going = going_on(standings, me, left, weights) if weights.drive_plan else 0.0
    # Rule 15 says a player *cannot* shoot at his own planet: a prohibition,
    # not a price.  The forfeit is in the ledger already; this keeps the AI
    # from buying a foul when the forfeit happens to be cheap.
    gain -= FOUL_PENALTY * sum(1 for f in ruling.fouls if f.player == me)
    still = 0 if finished else stands_off(sit, ruling, table, weights)
    gain -= weights.standoff_cost * still
    if not finished:
        gain -= tempo_cost(sit, ruling, table, weights, going)
    if ruling.winner == me:
        gain += WIN_BONUS - going
    elif ruling.winner is not None:
        gain -= WIN_BONUS + going
    elif me in ruling.out:
        gain -= WIN_BONUS / 2  # out of the game (rule 13 or running out): no more shots
    value = 0.0
    threat = 0.0
    own = table.get(sit.taw)
    if own is not None and not finished and me not in ruling.out:
        # A taw resting near the inner ring is one slip of the hand from rule 13.
        gap = math.hypot(*own) - sit.layout.inner_ring_radius
        if gap < RING_MARGIN:
            gain -= RING_RISK * (1.0 - max(0.0, gap) / RING_MARGIN)
    if not finished:
        value = position_value(layout=sit.layout, positions=table, shooter=me, others=rivals,
                               stakes=after.stakes, weights=replace(weights, threat=0.0))
        # Rule 13 for an adversary: once out he is no longer in ``rivals``, so the
        # position alone cannot see him gone; count it from the ruling.
        value += rivals_out_value(ringed_rivals(ruling, me), standings, me, left, weights)
        sun = table.get(SUN)
        if sun is not None and rivals and after.sun_released:
            # Rule 8 (and 4): whoever strikes the Sun next is paid by the holder of the
            # orbit it stops in.  Left in one's own orbit, a tap collects from us.
            region = sun_orbit(sit.layout, sun)
            if region != "beyond" and after.holder(region) == me:
                value -= EXPOSURE * _rule8_amount(region)
        if sun is not None and rivals and weights.drive_plan:
            threat, later = drive_plan_shots(sit, after, table, sun, weights, going, own_road=not still)
            value -= later
        elif sun is not None and rivals:
            threat = next_shots(sit, after, table, sun, rivals, weights)
    paid = [f"{t.payer}->{t.payee} {t.marbles} (r{t.rule})" for t in ruling.transfers]
    summary = ", ".join(paid) if paid else "no payments"
    if ruling.winner:
        summary += f"; {ruling.winner} wins"
    safe = me not in ruling.out and not any(f.player == me for f in ruling.fouls)
    return EvalResult(gain, value, threat, summary, table.get(SUN), finished, safe=safe, out=tuple(ruling.out),
                      ringed=ringed_out(ruling))


def next_situation(sit: Situation, ruling: Any, table: Mapping[str, Point]) -> Situation | None:
    from game.rules.state import start_options

    after = ruling.state
    player = after.next_shooter()
    if player is None or after.finished:
        return None
    options = start_options(after, player, sit.house)
    orbits = tuple(options.orbits) if options is not None else ()
    return Situation(sit.layout, sit.house, after, player, dict(table), orbits, sit.max_speed)


def evaluate(shared: tuple[Any, ...], job: EvalJob) -> EvalResult:
    """The worker's unit of work: one (possibly noisy) rollout, scored for its shooter.

    ``shared``: the plan's situations, its weights and, optionally, its
    ``ground_pool`` (which reaches each worker's chunk of jobs empty, and
    fills there).
    """
    situations, weights, *pool = shared
    sit = situations[job.situation]
    shot = job.candidate
    if job.noise is not None:
        angle_sd, speed_sd, seed = job.noise
        shot = jitter(shot, angle_sd, speed_sd, seed, sit.max_speed)
    ruling, table = play(sit, shot, job.coarse, pool[0] if pool else None)
    result = score_outcome(sit, ruling, table, weights)
    if job.want_next:
        result = replace(result, next_situation=next_situation(sit, ruling, table))
    return result
