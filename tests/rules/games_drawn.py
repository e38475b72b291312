"""Hypothesis strategies for whole rule games: house rules, players, random but possible event streams."""

import math
from dataclasses import replace

from hypothesis import strategies as st

from game.rules.events import AllAtRest, BodyOut, Contact, ShotStarted
from game.rules.house import (
    GATES, RULE11_COUNTS, RULE16_SUN, SATELLITE_OUT, START_ON, SUN_PAYMENTS, TOLLS, HouseRules,
)
from game.rules.layout import PLANETS, SUN, taw_id
from game.rules.referee import judge
from game.rules.state import new_game
from tests.rules.rules_kit import LAYOUT

angles = st.floats(0.0, 360.0)


def _odd_spots() -> st.SearchStrategy:
    """Places a body can really come to rest, favouring the awkward ones."""
    planets = st.sampled_from(PLANETS)
    return st.one_of(
        st.builds(LAYOUT.home_on_line, planets, angles),                               # exactly on a line
        st.builds(LAYOUT.point_in_region, planets, angles, st.floats(0.0, 1.0)),
        st.builds(lambda a, f: (f * LAYOUT.inner_ring_radius * math.cos(a), f * LAYOUT.inner_ring_radius
                                * math.sin(a)), angles, st.floats(0.0, 1.0)),          # the inner ring
        st.builds(lambda a, f: (LAYOUT.saturn_home()[0] + f * LAYOUT.saturn_ring_radius * math.cos(a),
                                LAYOUT.saturn_home()[1] + f * LAYOUT.saturn_ring_radius * math.sin(a)),
                  angles, st.floats(0.0, 1.0)),                                         # Saturn's ring
        st.builds(lambda a, by: LAYOUT.point_beyond("herschel", a, by), angles, st.floats(0.0, 1.6)),
        st.just((0.0, 0.0)),
        st.builds(lambda a: (LAYOUT.play_radius * math.cos(math.radians(a)),
                             LAYOUT.play_radius * math.sin(math.radians(a))), angles),  # the very edge
    )


def house_rules(purse: st.SearchStrategy[int] = st.integers(0, 30)) -> st.SearchStrategy[HouseRules]:
    return st.builds(
        HouseRules,
        starting_purse=purse,
        round_limit=st.integers(0, 4),
        out_when_short=st.booleans(),
        last_player_wins=st.booleans(),
        rule3_gate=st.sampled_from(GATES),
        sun_payment=st.sampled_from(SUN_PAYMENTS),
        indirect_sun_strikes=st.booleans(),
        sun_out_of_play_wins=st.booleans(),
        rule6_toll=st.sampled_from(TOLLS),
        rule7_each_contact=st.booleans(),
        rule10_satellites=st.sampled_from(SATELLITE_OUT),
        rule11_counts=st.sampled_from(RULE11_COUNTS),
        rule15_tie_foul=st.booleans(),
        rule16_direct_only=st.booleans(),
        rule16_sun=st.sampled_from(RULE16_SUN),
        rule16_replace_saturn=st.booleans(),
        foul_voids_gains=st.booleans(),
        first_taw_on=st.sampled_from(START_ON),
        comet_start_on=st.sampled_from(START_ON),
        comets_need_satellites=st.booleans(),
    )


def random_game(data: st.DataObject, house: HouseRules, players: list[str], shots: int = 40):
    """Yield (state before, ruling) for each shot of a game of random but possible event streams."""
    state = new_game(players, LAYOUT, house)
    spots = _odd_spots()
    for _ in range(shots):
        shooter = state.next_shooter()
        if shooter is None:
            return
        taw = taw_id(shooter)
        pool = sorted(set(state.positions) | {SUN, taw, "jupiter.9"})
        start = state.positions.get(taw, (0.5, 0.0))
        if data.draw(st.booleans(), "start elsewhere"):
            start = data.draw(spots, "start")
        events = [ShotStarted(0.0, taw, start, (1.0, 0.0))]
        chain = [taw]
        for i in range(data.draw(st.integers(0, 6), "contacts")):
            a = data.draw(st.sampled_from(chain), "a")
            b = SUN if i == 0 and data.draw(st.booleans(), "at the Sun") else data.draw(st.sampled_from(pool), "b")
            events.append(Contact(0.01 * (i + 1), a, b, 0.02, data.draw(spots, "at")))
            chain.append(b)
        out = data.draw(st.lists(st.sampled_from(chain), max_size=3, unique=True), "out")
        events += [BodyOut(0.5, body, (3.0, 0.0)) for body in out]
        moved = {b: data.draw(spots, "rest") for b in chain if b not in out}
        if data.draw(st.integers(0, 9), "rest?") > 0:
            positions = {b: p for b, p in state.positions.items() if b not in out}
            positions.update(moved)
            events.append(AllAtRest(1.0, positions))
        ruling = judge(state, shooter, events, LAYOUT, house)
        yield state, ruling
        if ruling.finished:
            return
        state = ruling.state


players_drawn = st.lists(st.sampled_from(PLANETS), min_size=1, max_size=7, unique=True)


def debt_heavy_game(data: st.DataObject, house: HouseRules, players: list[str], shots: int = 30):
    """Yield (state before, ruling): every shot strikes the Sun into planets (rules 7, 8, 11), from thin purses."""
    state = replace(new_game(players, LAYOUT, house), sun_released=True, first_shot_pending=frozenset())
    for _ in range(shots):
        shooter = state.next_shooter()
        if shooter is None:
            return
        taw = taw_id(shooter)
        events = [ShotStarted(0.0, taw, state.positions[taw], (1.0, 0.0)), Contact(0.01, taw, SUN, 0.02, (0.0, 0.0))]
        struck = data.draw(st.lists(st.sampled_from(PLANETS), max_size=3), "planets the Sun strikes")
        events += [Contact(0.02 + 0.01 * i, SUN, p, 0.02, state.positions.get(p, (0.3, 0.0)))
                   for i, p in enumerate(struck)]
        rest = {SUN: data.draw(st.builds(LAYOUT.point_in_region, st.sampled_from(PLANETS), angles,
                                         st.floats(0.05, 0.95)), "the Sun's rest")}
        rest.update({p: data.draw(st.builds(LAYOUT.point_in_region, st.sampled_from(PLANETS), angles,
                                            st.floats(0.05, 0.95)), "a planet's rest") for p in struck})
        rest[taw] = LAYOUT.point_in_region("herschel", 10.0 * PLANETS.index(shooter), 0.5)
        events.append(AllAtRest(1.0, {**state.positions, **rest}))
        ruling = judge(state, shooter, events, LAYOUT, house)
        yield state, ruling
        if ruling.finished:
            return
        state = ruling.state
