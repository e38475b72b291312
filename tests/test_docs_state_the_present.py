"""Reference pages say what is true now; what was measured before a change, and why, lives in docs/decisions.md."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
HISTORY_PAGES = {"decisions.md"}  # the one page whose job is the past
REFERENCE_PAGES = (sorted(p for p in (ROOT / "docs").glob("*.md") if p.name not in HISTORY_PAGES)
                   + sorted((ROOT / "docs" / "recipes").glob("*.md")) + [ROOT / "README.md"])

UNIT = r"(?:ms|µs|s|%|MiB|MB|GB|KB|x|×)"
DATED = [
    ("a figure that became another", re.compile(rf"\d[\d.,]*\s*{UNIT}?\s*(?:→|->)\s*[−-]?\d[\d.,]*\s*{UNIT}")),
    ("'was N ms'", re.compile(rf"\bwas (?:about |only )?[\d.,]+\s?{UNIT}")),
    ("'(was ...)'", re.compile(r"\(was\b")),
    ("'Before,'", re.compile(r"\bBefore,")),
    ("'it was N'", re.compile(r"\bit was \d")),
    ("'used to'", re.compile(r"\bused to\b")),
]


def dated_phrases(text: str) -> list[str]:
    found = []
    for number, line in enumerate(text.splitlines(), 1):
        for what, pattern in DATED:
            if pattern.search(line):
                found.append(f"line {number}: {what}: {line.strip()[:100]}")
    return found


def test_the_check_finds_each_kind_of_dated_phrase():
    history = ["saturn 5.26 → 3.10 ms", "it was 5 ms before", "the taw (was 44.5 ms)",
               "Before, the taw arrived rolling", "it used to glide"]
    assert all(dated_phrases(line) for line in history)
    present = ["aim changed → preview drawn 20 ms", "← → slides the taw", "the cap is 3.8 m/s",
               "where it was placed"]
    assert not any(dated_phrases(line) for line in present)


@pytest.mark.parametrize("page", REFERENCE_PAGES, ids=lambda p: p.name)
def test_reference_pages_carry_no_history(page):
    assert dated_phrases(page.read_text(encoding="utf-8")) == []


def out_of_order(text: str) -> list[str]:
    """The headings of a decisions log that are undated or stand above an older entry's date: the log is newest
    first, so a reader meets what holds now before what it replaced."""
    found, newer = [], "9999-99-99"
    for heading in re.findall(r"(?m)^## .*$", text):
        dated = re.match(r"## (\d{4}-\d\d-\d\d) — ", heading)
        if dated is None:
            found.append(f"undated: {heading[:80]}")
        elif dated.group(1) > newer:
            found.append(f"newer than the entry above it: {heading[:80]}")
        else:
            newer = dated.group(1)
    return found


def test_the_order_check_finds_an_undated_entry_and_one_out_of_order():
    assert out_of_order("## 2026-12-02 — b\n\n## 2026-12-02 — c\n\n## 2026-12-01 — a\n") == []
    assert out_of_order("## 2026-12-01 — a\n\n## 2026-12-02 — b\n") == ["newer than the entry above it: ## 2026-12-02 — b"]
    assert out_of_order("## Bullet rolls the marbles\n") == ["undated: ## Bullet rolls the marbles"]


def test_decisions_are_dated_and_newest_first():
    assert out_of_order((ROOT / "docs" / "decisions.md").read_text(encoding="utf-8")) == []
