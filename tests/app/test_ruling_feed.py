from dataclasses import dataclass

from game.app.hud.ruling_feed import ruling_lines
from game.rules.ruling import Foul as F
from game.rules.ruling import PutDown as P
from game.rules.ruling import NoPayment, Unpaid
from game.rules.ruling import Transfer as T
from tests.rules.rules_kit import beyond, game, play, region_spot


@dataclass
class R:
    transfers: tuple = ()
    fouls: tuple = ()
    comets: tuple = ()
    out: tuple = ()
    winner: str | None = None
    notes: tuple = ()
    put_down: tuple = ()
    unpaid: tuple = ()
    finished: bool = False


def test_each_payment_cites_its_rule_from_the_humans_side():
    ruling = R(transfers=(T("earth", "mars", 2, 7, "", cause="you knocked the Sun against Mars"),
                          T("venus", "earth", 5, 8, "", cause="the Sun stopped in the Earth's orbit"),
                          T("venus", "stakes", 1, 12, "", cause="Venus's taw fell into its own orbit")))
    lines = ruling_lines(ruling, human="earth")
    assert lines == [
        "Rule 7: you knocked the Sun against Mars: you pay Mars 2",
        "Rule 8: the Sun stopped in the Earth's orbit: Venus pays you 5",
        "Rule 12: Venus's taw fell into its own orbit: Venus pays the stakes 1",
    ]


def test_fouls_comets_out_winner_and_shortfall():
    ruling = R(transfers=(T("mars", "venus", 1, 11, "", owed=3, cause="why"),),
               fouls=(F(15, "mars", "shot at its own satellite"),), comets=("saturn",), out=("mars",),
               winner="venus")
    lines = ruling_lines(ruling, human=None)
    assert lines[0].startswith("Rule 15: foul")
    assert lines[1] == "Rule 11: why: Mars owes Venus 3, has only 1: pays 1"
    assert "Rule 14" in lines[2] and "Saturn" in lines[2]
    assert lines[3] == "Mars is out of the game"
    assert lines[4] == "Venus wins the game!"


def test_a_quiet_shot_still_says_so():
    assert ruling_lines(R()) == ["Nothing to pay on that shot."]
    assert ruling_lines(R(notes=("a", "b", "c"))) == ["a", "b"]
    assert ruling_lines(R(transfers=(T("mars", "venus", 1, 7, "", cause="r"),), notes=("a",))) == ["Rule 7: r: Mars pays Venus 1"]


def test_a_shot_that_moves_nothing_gives_the_referees_reason_and_the_stakes_agree_in_number():
    from game.rules.ruling import NoPayment, Unpaid

    reason = "Nobody holds Jupiter's orbit, so nobody pays (rule 8); the stakes are kept for the winner."
    assert ruling_lines(R(unpaid=(Unpaid(8, NoPayment.UNHELD_ORBIT, reason),), notes=("other", reason))) == [reason]
    pot = R(transfers=(T("stakes", "earth", 4, 0, "", cause="the Earth is the last player in"),))
    assert ruling_lines(pot, human="earth") == ["The Earth is the last player in: the stakes pay you 4"]


def test_a_body_laid_down_again_is_said_with_its_rule():
    ruling = R(put_down=(P("earth.taw", (0.2, 0.3), 17, "Earth's taw left the play area: it goes back on Earth's line",
                           may_move_along_line=True),
                         P("mars", (0.2, 0.4), 10, "Mars replaces Mars at its original place (rule 10)", "mars")),
               notes=("The Sun has not yet been struck beyond Mercury's orbit (rule 3).",))
    assert ruling_lines(ruling, human="earth") == [
        "Rule 17: Earth's taw left the play area: it goes back on Earth's line",
        "Rule 10: Mars replaces Mars at its original place",
    ]


def test_a_real_ruling_words_each_payment_once():
    """The referee's own transfers: the cause from the rules, the payment from the human's side, once."""
    from pathlib import Path

    from game.physics import PhysicsConfig
    from game.scenario.format import load_scenario
    from game.scenario.run import run_scenario

    scenario = Path(__file__).resolve().parents[1] / "scenarios" / "rule07_sun_against_planet.toml"
    result = run_scenario(load_scenario(scenario, max_speed=PhysicsConfig().max_shot_speed))
    ruling = result.shots[-1].ruling
    lines = ruling_lines(ruling, human="earth")
    # The reader is named once, one way: not "the Earth knocked ...: you pay" (the Earth is the reader).
    assert "Rule 7: you knocked the Sun against Venus: you pay Venus 2" in lines
    assert "Rule 8: you struck the Sun to rest in Venus's orbit, on Venus's line: Venus pays you 6" in lines
    assert ruling_lines(ruling, human=None)[0] == "Rule 7: the Earth knocked the Sun against Venus: the Earth pays Venus 2"
    assert not any("(rule" in line or "pays Venus 2" in line for line in lines), lines


def test_the_stakes_agree_with_their_verb():
    ruling = R(transfers=(T("stakes", "mercury", 1, 10, "", cause="Mercury knocked Saturn's fifth satellite beyond Herschel's orbit"),
                          T("stakes", "earth", 2, 10, "", cause="c")))
    lines = ruling_lines(ruling, human="earth")
    assert lines[0].endswith("the stakes pay Mercury 1")
    assert lines[1].endswith("the stakes pay you 2")


def test_a_quiet_shot_says_why_nothing_was_paid_before_its_notes():
    why = Unpaid(8, NoPayment.UNHELD_ORBIT, "Nobody holds Jupiter's orbit, so nobody pays (rule 8).")
    assert ruling_lines(R(unpaid=(why,), notes=("a note",))) == [why.text]


def test_the_seat_named_you_takes_a_plural_verb_wherever_it_is_the_subject():
    # The one person at the machine sits as "You": seen where nobody is "you" (a replay, the history of a
    # hot-seat game), he is named "You (Venus)", and every verb agrees with it.
    def who(planet):
        return {"venus": "You (Venus)", "earth": "Ann (Earth)", "stakes": "the stakes"}[planet]

    ruling = R(transfers=(T("venus", "earth", 2, 7, "", cause="why"),
                          T("venus", "stakes", 1, 12, "", owed=3, cause="short")),
               comets=("venus",), out=("venus",), winner="venus")
    lines = ruling_lines(ruling, human=None, who=who)
    assert "Rule 7: why: You (Venus) pay Ann (Earth) 2" in lines
    assert "Rule 12: short: You (Venus) owe the stakes 3, have only 1: pay 1" in lines
    assert "Rule 14: You (Venus) have lost every satellite and become a Comet" in lines
    assert "You (Venus) are out of the game" in lines and "You (Venus) win the game!" in lines
    other = ruling_lines(R(transfers=(T("earth", "venus", 2, 7, "", cause="why"),), winner="earth"), who=who)
    assert other == ["Rule 7: why: Ann (Earth) pays You (Venus) 2", "Ann (Earth) wins the game!"]


def test_the_feeds_title_names_a_seat_by_its_name_not_its_label():
    # "Ann (Mercury)'s shot" read badly; the lines below the title name the planet.
    from game.app.hud.naming import Naming
    from game.app.hud.ruling_feed import feed_title

    naming = Naming({"mercury": "Ann", "venus": "Medium AI"}, frozenset({"mercury"}))
    ann, ai = R(), R()
    ann.shooter, ai.shooter = "mercury", "venus"
    assert feed_title([ai], "mercury", "mercury", naming.label, naming.name, [ann, ai]) == "Medium AI's shot"
    assert feed_title([ann], "venus", None, naming.label, naming.name, [ann]) == "Ann's shot"
    assert feed_title([ann], "mercury", "mercury", naming.label, naming.name, [ann]) == "Your shot"
    plain = Naming({}, frozenset())
    assert feed_title([ai], None, "mercury", plain.label, plain.name, [ai]) == "Venus's shot"


def test_a_foul_and_a_ringed_taw_are_told_to_the_reader_as_his_own():
    from game.rules.phrase import Phrase

    foul = F(15, "venus", "Venus shot at his own planet", Phrase("{0} shot at {0:own} planet", ("venus",)))
    ringed = T("venus", "stakes", 1, 13, "", cause="Venus's taw lies within the inner ring",
               phrase=Phrase("{0:Poss} taw lies within the inner ring", ("venus",)))
    lines = ruling_lines(R(fouls=(foul,), transfers=(ringed,)), human="venus")
    assert lines[0] == "Rule 15: foul - you shot at your own planet"
    assert lines[1].startswith("Rule 13: Your taw lies within the inner ring")
    watched = ruling_lines(R(fouls=(foul,), transfers=(ringed,)), human="mars")
    assert watched[0] == "Rule 15: foul - Venus shot at his own planet"
    assert watched[1].startswith("Rule 13: Venus's taw lies within the inner ring")


def test_a_rule_that_paid_nothing_is_told_before_the_taw_put_down_after_the_shot():
    # Seen in the history: "Venus's taw left the play area ..." came before the strike it followed.
    from game.app.hud.ruling_feed import every_line

    strike = Unpaid(8, NoPayment.UNHELD_ORBIT, "Venus struck the Sun to rest in Jupiter's orbit; nobody holds it, "
                                               "so nobody pays (rule 8).")
    back = P("venus.taw", (0.0, 1.0), 0, "Venus's taw left the play area: he lays it again on his own line")
    lines = every_line(R(unpaid=(strike,), put_down=(back,)))
    assert lines == [strike.text, "Venus's taw left the play area: he lays it again on his own line"]
    paid = T("mars", "venus", 4, 8, "", cause="Venus struck the Sun to rest in Mars's orbit")
    assert every_line(R(transfers=(paid,), unpaid=(strike,), put_down=(back,)))[1] == strike.text


def test_the_feed_says_the_stakes_satellite_an_adversary_took_is_theirs_because_nobody_plays_its_planet():
    ruling = play(game(["mercury", "venus", "earth"]), "mercury", contacts=[("mercury.taw", "herschel.6")],
                  rest={"herschel.6": beyond(), "mercury.taw": region_spot("earth", 10)})
    lines = ruling_lines(ruling, human="earth")
    assert ("Rule 10: Mercury knocked Herschel's sixth satellite beyond Herschel's orbit: Mercury takes it from the "
            "stakes, which keep the marbles of Herschel, a planet nobody plays") in lines
    assert not any("the stakes' marbles off the ground" in line for line in lines)
