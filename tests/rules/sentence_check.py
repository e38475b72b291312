"""A small grammar check of what the referee says: capitals, no body ids, numbers that agree, reasons cited."""

from __future__ import annotations

import re

from game.rules.ruling_text import ruling_to_json, ruling_to_text
from game.rules.ruling import Ruling
from game.rules.termination import Termination

BODY_ID = re.compile(r"\b(?:sun|mercury|venus|earth|mars|jupiter|saturn|herschel)(?:\.(?:\d+|taw))?\b")
ONE_MANY = re.compile(r"(?<![\d.])1 (?:marbles|planets|satellites|rounds)\b")
MANY_ONE = re.compile(r"(?<![\d.])(?!1\b)\d+ (?:marble|planet|satellite|round)\b(?!s)")
STAKES_SINGULAR = re.compile(r"\b[Tt]he stakes (?:pays|has|owes|puts|forfeits|is|was)\b")
SELF_REPLACES = re.compile(r"\b(\w+) (?:replaces|puts a marble down for) \1\b")


def problems(sentence: str) -> list[str]:
    """What the grammar check finds wrong with one sentence a player reads."""
    found = []
    if not sentence[:1].isupper():
        found.append("does not start with a capital")
    for pattern, what in ((BODY_ID, "a body id or a planet in lower case"), (ONE_MANY, "1 with a plural"),
                          (MANY_ONE, "a plural number with a singular"), (STAKES_SINGULAR, "'the stakes' singular"),
                          (SELF_REPLACES, "someone replacing himself")):
        match = pattern.search(sentence)
        if match:
            found.append(f"{what}: {match.group(0)!r}")
    return found


def sentences(ruling: Ruling) -> list[str]:
    """Every sentence of the ruling a player may read: the spoken text and each reason the JSON and HUD carry."""
    data = ruling_to_json(ruling)
    said = ruling_to_text(ruling).splitlines()
    said += [t["reason"] for t in data["transfers"]] + [f["reason"] for f in data["fouls"]]
    said += data["notes"] + [u["text"] for u in data["unpaid"]] + [p["reason"] for p in data["board"]["put_down"]]
    said += [c.reason for c in ruling.take_off] + ([ruling.ending] if ruling.ending else [])
    return said


def check_ruling(ruling: Ruling) -> list[str]:
    bad = [f"{s!r}: {p}" for s in sentences(ruling) for p in problems(s)]
    if not ruling.transfers and not (ruling.unpaid or ruling.fouls):
        bad.append("a ruling that moves no marbles does not say why")
    if "Nothing to pay" in ruling_to_text(ruling):
        bad.append("a ruling hides its reasons behind 'Nothing to pay'")
    for t in ruling.transfers:
        if not t.cause:
            bad.append(f"a rule {t.rule} payment with no cause: {t.reason!r}")
        if t.rule and not t.reason.endswith(f"(rule {t.rule})"):
            bad.append(f"a rule {t.rule} payment that cites no rule or another: {t.reason!r}")
    if ruling.termination not in (None, Termination.SUN_BEYOND_HERSCHEL):
        bad += [f"a {ruling.termination} pot labelled rule 9" for t in ruling.transfers
                if t.rule == 9 and t.payer == "stakes"]
    return bad
