"""The game-over chart: two players with the same purse still show two lines."""

from game.app.hud.purse_chart import LANE, chart_lines, chart_points

HISTORY = [{"mercury": 10, "venus": 10, "earth": 10}, {"mercury": 8, "venus": 12, "earth": 8},
           {"mercury": 8, "venus": 13, "earth": 6}]


def test_a_line_tied_with_one_drawn_before_it_is_lifted_only_where_they_tie():
    lines = chart_lines(HISTORY, ["mercury", "venus", "earth"], (1.0, 0.5), 4, 15)
    assert lines["mercury"] == chart_points(HISTORY, "mercury", (1.0, 0.5), 4, 15)
    venus = chart_points(HISTORY, "venus", (1.0, 0.5), 4, 15)
    earth = chart_points(HISTORY, "earth", (1.0, 0.5), 4, 15)
    assert lines["venus"] == [(venus[0][0], venus[0][1] + LANE), venus[1], venus[2]]  # tied with Mercury at the start
    # The Earth ties with both at the start (two lanes up) and with Mercury after the first turn (one).
    assert lines["earth"] == [(earth[0][0], earth[0][1] + 2 * LANE), (earth[1][0], earth[1][1] + LANE), earth[2]]


def test_no_two_lines_share_a_point():
    lines = chart_lines(HISTORY, ["mercury", "venus", "earth"], (1.0, 0.5), 4, 15)
    for i in range(len(HISTORY)):
        assert len({lines[p][i] for p in lines}) == 3
