"""The seating model and the --seats words: who sits, and every way a seat list is refused."""

from __future__ import annotations

import pytest

from game.match.seating import (AI_LEVELS, HAT, MAX_NAME, Seat, SeatKind, Seating, SeatingError, ai_names,
                                clean_name, parse_seats)


def test_parse_seats_reads_level_words_as_ais_and_other_words_as_names():
    seating = parse_seats("Ann,Bob,hard,easy")
    assert [s.kind for s in seating.seats] == [SeatKind.PERSON, SeatKind.PERSON, SeatKind.AI, SeatKind.AI]
    assert seating.names == ("Ann", "Bob", "Hard AI", "Easy AI")
    assert [s.level for s in seating.seats] == [None, None, "hard", "easy"]
    assert all(s.planet == HAT for s in seating.seats)
    assert seating.is_hot_seat()


def test_parse_seats_level_words_ignore_case_and_spaces_and_two_alike_get_numbers():
    seating = parse_seats(" Ann , HARD,hard ,Medium")
    assert seating.names == ("Ann", "Hard AI", "Hard AI 2", "Medium AI")
    assert not seating.is_hot_seat()


def test_an_ai_name_steps_round_a_person_already_called_that():
    assert parse_seats("Hard AI,hard").names == ("Hard AI", "Hard AI 2")


@pytest.mark.parametrize("text, words", [
    ("Ann", "at least 2"),
    ("", "empty"),
    ("   ", "empty"),
    ("Ann,Bob,Cy,Di,Ed,Flo,Gus,Hal", "at most 7"),
    ("Ann,,Bob", "seat 2 in --seats is empty"),
    ("Ann, ,Bob", "seat 2 in --seats is empty"),
    ("Ann,Bob,", "seat 3 in --seats is empty"),
    ("Ann,ann", "two seats are named"),
    ("Ann,  ANN ", "two seats are named"),
    ("Ann,B\x07ob", "control character"),
    ("Ann," + "x" * (MAX_NAME + 1), "longer than"),
])
def test_a_bad_seat_list_is_one_line_naming_the_problem(text, words):
    with pytest.raises(SeatingError) as caught:
        parse_seats(text)
    message = str(caught.value)
    assert words in message and "\n" not in message
    assert caught.value.exit_code == 2


def test_seven_seats_are_allowed_and_two_are_enough():
    assert len(parse_seats("a,b,c,d,e,f,g").seats) == 7
    assert len(parse_seats("easy,hard").seats) == 2


def test_a_name_is_tidied_of_inner_spaces_and_a_level_word_is_no_name():
    assert clean_name("  Ann   Marie ") == "Ann Marie"
    with pytest.raises(SeatingError):
        clean_name("Medium")


def test_two_people_cannot_pick_one_planet_and_an_ai_cannot_pick():
    with pytest.raises(SeatingError, match="picked by two"):
        Seating((Seat.person("Ann", "venus"), Seat.person("Bob", "venus")))
    with pytest.raises(SeatingError, match="dealt by the hat"):
        Seat(SeatKind.AI, "Hard AI", "hard", "venus")
    with pytest.raises(SeatingError, match="unknown planet"):
        Seat.person("Ann", "pluto")
    with pytest.raises(SeatingError, match="unknown AI level"):
        Seat.ai("godlike", "Godlike AI")


def test_the_plain_form_round_trips_and_refuses_what_it_cannot_be():
    seating = Seating((Seat.person("Ann", "saturn"), Seat.ai("hard", "Hard AI"), Seat.person("Bob")))
    plain = seating.to_plain()
    assert Seating.from_plain(plain) == seating
    assert plain[0] == {"name": "Ann", "kind": "person", "level": None, "planet": "saturn"}
    for bad in ({"seats": plain}, plain[:1], plain * 3, [dict(plain[0], kind="robot"), plain[1]],
                [dict(plain[0], extra=1), plain[1]], [dict(plain[0], name=7), plain[1]],
                [dict(plain[0], level="hard"), plain[1]], [plain[0], plain[0]]):
        with pytest.raises(SeatingError):
            Seating.from_plain(bad)


def test_seat_lookup_ignores_case():
    seating = parse_seats("Ann,Bob")
    assert seating.seat(" ann").name == "Ann"
    with pytest.raises(KeyError):
        seating.seat("Cy")


def test_the_seatable_ai_levels_are_the_ai_layers_less_the_novice_benchmark_player():
    from game.ai.levels import LEVELS

    # The novice (the coach's advice shot with a person's hands) measures the game for tournaments;
    # it is no opponent a person seats (issue 45).
    assert set(AI_LEVELS) == {name for name, level in LEVELS.items() if level.coached_by is None}
    assert "novice" in LEVELS and "novice" not in AI_LEVELS


def test_ai_names_of_one_level_are_numbered_apart():
    assert ai_names(["easy", "easy", "easy"]) == ["Easy AI", "Easy AI 2", "Easy AI 3"]
