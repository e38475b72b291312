"""docs/stress.md: every claim of "What holds" names the tests that prove it, and they exist."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DOC = ROOT / "docs" / "stress.md"
TEST_PATH = re.compile(r"`(tests/[\w/]+\.py)`")


def _claims() -> list[tuple[str, str]]:
    section = DOC.read_text().split("## What holds, and the test that proves it", 1)[1].split("\n## ", 1)[0]
    rows = [line.strip().strip("|").rsplit("|", 1) for line in section.splitlines() if line.startswith("|")]
    return [(claim.strip(), proof.strip()) for claim, proof in rows[2:]]  # past the header and its rule


def test_every_claim_names_a_test_file_that_exists():
    claims = _claims()
    assert len(claims) >= 20
    for claim, proof in claims:
        named = TEST_PATH.findall(proof)
        assert named, f"names no test: {claim[:80]}"
        for path in named:
            assert (ROOT / path).is_file(), f"{path} (for: {claim[:60]}) does not exist"


def test_every_test_file_the_page_names_exists_and_every_stress_test_is_named():
    text = DOC.read_text()
    for path in TEST_PATH.findall(text):
        assert (ROOT / path).is_file(), path
    named = set(TEST_PATH.findall(text))
    for test in sorted((ROOT / "tests" / "stress").glob("test_*.py")):
        assert str(test.relative_to(ROOT)) in named, f"{test.name} proves nothing docs/stress.md names"
