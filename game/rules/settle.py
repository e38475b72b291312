"""After every rule has spoken: pay the debts, put out who ran out, find comets and endings, build the next state.

The order here is part of the reading (``docs/rules.md``, "Running out" and
"Endings"): debts first (rule order, the winner's collection last), then
who is out, then the Sun's holder on his line, the board as it lies,
comets, and last whether and how the game ends.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from game.rules import names
from game.rules.gates import Gates
from game.rules.house import TawsLaid
from game.rules.layout import PLANETS, SUN, Point, body_planet, is_taw, satellite_ids
from game.rules.ledger import Ledger
from game.rules.phrase import Phrase
from game.rules.ruling import NoPayment, Ruling, TakeOff
from game.rules.sheet import SUN_HOME, ShotSheet
from game.rules.state import STAKES, LedgerError
from game.rules.termination import Termination
from game.rules.sun import rule6_line_holder_after


def settle(sheet: ShotSheet, gates: Gates) -> Ruling:
    """Settle the sheet's debts and hand back the ruling with the next rule state."""
    state = sheet.state
    ledger = Ledger(state)
    ledger.settle(sheet)
    out_now = put_out(sheet, ledger)
    if not (ledger.transfers or sheet.unpaid or sheet.fouls):
        say_why_nothing_moved(sheet)
    out_all = state.out + tuple(out_now)
    active = tuple(p for p in state.players if p not in out_all)
    line_holder, toll_paid = rule6_line_holder_after(sheet, gates, active)
    positions = positions_after(sheet, ledger)
    comets, made, free = rule14_comets(sheet, ledger, gates, active)
    first_pending = first_shots_after(sheet)
    ending = endings(sheet, ledger, active)
    winner, finished = ending.winner, ending.finished

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
        stakes_taws=state.stakes_taws | frozenset(sheet.left_as_stakes),
        turn=ending.turn,
        round=ending.rounds,
        shots=state.shots + 1,
        winner=winner,
        finished=finished,
        termination=ending.termination,
        toll_paid=toll_paid,
    )
    new_state.check_ledger()
    if new_state.marbles_in_game != state.marbles_in_game:
        raise LedgerError("the number of marbles in the game changed")
    return Ruling(
        shooter=sheet.shooter,
        transfers=tuple(ledger.transfers),
        fouls=tuple(sheet.fouls),
        out=tuple(out_now),
        comets=tuple(made),
        winner=winner,
        finished=finished,
        take_off=tuple(sheet.take_off),
        put_down=tuple(sheet.put_down),
        left_as_stakes=tuple(sheet.left_as_stakes),
        notes=tuple(sheet.notes),
        state=new_state,
        unpaid=tuple(sheet.unpaid),
        termination=ending.termination,
        ending=ending.sentence,
        ending_phrase=ending.phrase,
    )


def first_shots_after(sheet: ShotSheet) -> set[str]:
    """Who may still lay his taw on his line before shooting (rule 17's "after the first shot").

    House rule ``taws_laid``: ``setup`` (the text) makes the game's first
    shot everyone's first shot, so from then on every player shoots from where
    his taw rests; ``own_first_shot`` waits for each player's own.  A taw put
    back on its line (it left the play area, ``taw_off_table = own_line``)
    starts afresh either way, and that right is its owner's until he uses it:
    other players' shots in between do not take it away.
    """
    state = sheet.state
    if sheet.house.taws_laid is TawsLaid.SETUP and state.shots == 0:
        pending: set[str] = set()  # the game's first shot: every player's laying is over
    else:
        pending = set(state.first_shot_pending) - {sheet.shooter}
    return pending | {body_planet(p.body) or "" for p in sheet.put_down if is_taw(p.body) and p.may_move_along_line}


def put_out(sheet: ShotSheet, ledger: Ledger) -> list[str]:
    """Running out, then everyone out this shot: their marbles pass to the stakes, taws picked up."""
    if sheet.house.out_when_short:
        for player in sorted(ledger.short, key=PLANETS.index):
            if player in sheet.state.active and player not in sheet.out:
                sheet.out[player] = "he could not pay what he owed"
    sheet.out.pop(sheet.winner or "", None)  # the winner of the shot is never out by it
    out_now = [p for p in sheet.state.players if p in sheet.out]
    sheet.put_down = [p for p in sheet.put_down if not (is_taw(p.body) and body_planet(p.body) in sheet.out)]
    for player in out_now:
        picked_up = False
        for body, owner in list(ledger.board.items()):
            if owner != player:
                continue
            if is_taw(body):
                del ledger.board[body]
                ledger.purses[player] += 1
                picked_up = True
                sheet.take_off.append(TakeOff(body, player, 0, f"{names.sentence(names.who(player))} is out and "
                                                               f"picks up his taw"))
            else:
                ledger.board[body] = STAKES
        taw = (f"; he picks up his taw, so he ends with {names.count(ledger.purses[player], 'marble')} in hand"
               if picked_up else "")
        sheet.note(f"{names.who(player)} is out, as {sheet.out[player]}; the marbles he had on the ground now "
                   f"belong to the stakes{taw}.")
    return out_now


def say_why_nothing_moved(sheet: ShotSheet) -> None:
    """A ruling that moves no marbles says why, even when no rule had anything to say."""
    struck = list(dict.fromkeys(c.other(sheet.facts.taw) for c in sheet.facts.taw_contacts()))
    if not struck:
        text = sheet.said("{0:Poss} taw struck nothing, so nobody pays.")
    else:
        text = sheet.said(f"{{0}} struck {names.join([names.body(b) for b in struck])}, and no rule makes "
                          f"anyone pay for that.")
    sheet.nothing(0, NoPayment.NO_RULE, text)


def positions_after(sheet: ShotSheet, ledger: Ledger) -> dict[str, Point]:
    """Resting positions with the ruling's take-offs and put-downs carried out."""
    positions = dict(sheet.facts.final)
    for change in sheet.take_off:
        positions.pop(change.body, None)
    for put in sheet.put_down:
        positions[put.body] = put.position
    if SUN not in positions:
        # Only a winning shot leaves the Sun off the ground; the state still
        # says where it went, so a table check always finds it.
        positions[SUN] = sheet.facts.gone_at.get(SUN, sheet.state.positions.get(SUN, SUN_HOME))
    keep = set(ledger.board) | {SUN} | sheet.state.stakes_taws | set(sheet.left_as_stakes)
    return {b: p for b, p in positions.items() if b in keep}


def rule14_comets(sheet: ShotSheet, ledger: Ledger, gates: Gates,
                  active: tuple[str, ...]) -> tuple[set[str], list[str], set[str]]:
    """Comets after the shot, those made by it, and who may lay the taw on any orbit next."""
    comets = set(sheet.state.comets) & set(active)
    made: list[str] = []
    if gates.taking:
        for player in active:
            n = sheet.layout.satellites.get(player, 0)
            if player in comets or (n == 0 and sheet.house.comets_need_satellites):
                continue
            if not any(ledger.board.get(s) == player for s in satellite_ids(player, n)):
                comets.add(player)
                made.append(player)
                sheet.note(f"{names.who(player)} has lost every satellite and becomes a Comet: he may shoot from "
                           f"any orbit each time the Sun is struck (rule 14).")
    free = set(sheet.state.comet_free_start) - {sheet.shooter}
    if gates.sun_struck:
        free |= comets
    return comets, made, free & comets


@dataclass(frozen=True)
class Ending:
    """How the shot leaves the game: its winner and why it ended (if it did), and whose turn is next."""

    winner: str | None
    termination: Termination | None
    phrase: Phrase | None  # the referee's sentence, kept with the players it names, so the winner reads "you"
    turn: int
    rounds: int

    @property
    def sentence(self) -> str:
        return names.sentence(str(self.phrase)) if self.phrase else ""

    @property
    def finished(self) -> bool:
        return self.termination is not None


def endings(sheet: ShotSheet, ledger: Ledger, active: tuple[str, ...]) -> Ending:
    """Rule 9, the last player in, nobody left, the round limit; else the next turn (rule 2)."""
    state, house = sheet.state, sheet.house
    turn, rounds = state.turn, state.round
    if sheet.winner is not None:
        return Ending(sheet.winner, Termination.SUN_BEYOND_HERSCHEL,
                      Phrase("{0} knocked the Sun beyond Herschel's orbit and {0:wins} the game (rule 9).",
                             (sheet.winner,)), turn, rounds)
    if len(state.players) >= 2 and len(active) == 1 and house.last_player_wins:
        winner = active[0]
        ledger.winner_takes_the_pot(winner, Phrase("{0} {0:is} the last player in", (winner,)))
        return Ending(winner, Termination.LAST_PLAYER_IN,
                      Phrase("{0} {0:is} the last player in and {0:wins} the game.", (winner,)), turn, rounds)
    if not active:
        return Ending(None, Termination.NO_PLAYER_LEFT,
                      Phrase("No player is left in: the game ends without a winner."), turn, rounds)
    n = len(state.players)
    index = state.players.index(sheet.shooter)
    turn = next((index + k) % n for k in range(1, n + 1) if state.players[(index + k) % n] in active)
    if turn <= index:
        rounds += 1
    if not (house.round_limit and rounds >= house.round_limit):
        return Ending(None, None, None, turn, rounds)
    return round_limit_ending(sheet, ledger, active, turn, rounds)


def round_limit_ending(sheet: ShotSheet, ledger: Ledger, active: tuple[str, ...], turn: int, rounds: int) -> Ending:
    """The most marbles (purse and board) wins; level players go by the larger purse, then nearer the Sun."""
    limit = sheet.house.round_limit
    worth = {p: ledger.worth(p) for p in active}
    winner = max(active, key=lambda p: (worth[p], ledger.purses[p], -PLANETS.index(p)))
    head = f"The round limit of {names.count(limit, 'round')} is reached"
    level = [p for p in active if worth[p] == worth[winner]]
    richer = [p for p in level if ledger.purses[p] == ledger.purses[winner]]
    pot = ledger.stakes
    ledger.winner_takes_the_pot(winner, Phrase("{0} {0:wins} at the round limit", (winner,)))
    # The count that decided is the one at the limit; the pot comes after, so the sentence names both.
    after = f"; with the stakes' {pot} {{0}} {{0:ends}} with {ledger.worth(winner)}" if pot else ""
    if len(level) == 1:
        return Ending(winner, Termination.ROUND_LIMIT,
                      Phrase(f"{head}: {{0}} {{0:has}} the most marbles at the limit ({worth[winner]}) and "
                             f"{{0:wins}} the game{after}.", (winner,)), turn, rounds)
    why = ("the larger purse" if len(richer) == 1 else "the orbit nearer the Sun")
    tied = names.join([f"{{{i}}}" for i in range(1, len(level) + 1)])
    return Ending(winner, Termination.ROUND_LIMIT_TIE,
                  Phrase(f"{head}: {tied} have {worth[winner]} marbles each; {{0}} {{0:wins}} the game on "
                         f"{why}{after}.", (winner, *level)), turn, rounds)
