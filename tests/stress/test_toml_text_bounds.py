"""A TOML file whose shape would make the parser's cost explode is refused on its raw text, before parsing."""

import tomllib

import pytest

from game.errors import UserError
from game.fileio import TOML_MAX_KEY_PARTS, check_toml_text, parse_toml


@pytest.fixture
def parser_never_runs(monkeypatch):
    def refuse(*_a, **_k):
        raise AssertionError("the TOML parser ran on a file the raw-text check should have refused")

    monkeypatch.setattr(tomllib, "loads", refuse)


@pytest.mark.parametrize("text, words", [
    ("a" + ".a" * 20_000 + " = 1\n", "dotted key of 20001 parts"),              # the 40 KB scenario
    ("[t" + " . t" * 40 + "]\nx = 1\n", "dotted key of 41 parts"),              # a table header, spaced out
    ('"a"' + '."a"' * 40 + " = 1\n", "dotted key of 41 parts"),                 # quoted parts
    ("x = " + "[" * 15_000, "nested more than"),                                # unclosed brackets
    ("x = " + "{a = " * 100 + "1" + "}" * 100, "nested more than"),            # inline tables
    ("x = " + "1, " * 4000 + "\n", "a line of 12004 characters"),
])
def test_a_costly_shape_is_refused_before_parsing(parser_never_runs, text, words):
    with pytest.raises(UserError, match=words) as caught:
        parse_toml(text.encode(), "s.toml")
    assert str(caught.value).startswith("s.toml: ") and "\n" not in str(caught.value)


def test_dots_and_brackets_inside_strings_and_comments_count_for_nothing():
    dots = ".".join(["a"] * (TOML_MAX_KEY_PARTS * 3))
    text = (f'name = "{dots} [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["  # {dots} {{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{{\n'
            f"lit = '{dots}'\n"
            f'long = """\n{dots}\n[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\n"""\n'
            f"[a.b.c]\nnumbers = [1.5, 2.5, [3.25, 4.0e3]]\n")
    data = parse_toml(text, "ok.toml")
    assert data["name"].startswith(dots) and data["a"]["b"]["c"]["numbers"][2] == [3.25, 4000.0]


def test_an_unclosed_string_is_not_rescanned_for_every_quote():
    # 250,000 escaped quotes on one line, never closed: each quote once, then the line bound refuses it
    with pytest.raises(UserError, match="a line of"):
        check_toml_text('x = "' + '\\"' * 250_000, "q.toml")


def test_every_shipped_toml_file_passes_the_raw_text_check():
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    files = [p for folder in ("game", "tests/scenarios") for p in (root / folder).rglob("*.toml")]
    assert len(files) > 20
    for path in files:
        check_toml_text(path.read_text(encoding="utf-8"), str(path))
