"""The catalogue in docs/reliability.md names its tests: each must exist (a renamed test fails here, not silently)."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
CATALOGUE = ROOT / "docs" / "reliability.md"


def named_tests() -> list[tuple[str, str]]:
    text = CATALOGUE.read_text(encoding="utf-8")
    section = text[text.index("## The catalogue"):]
    return re.findall(r"`(tests/[\w/]+\.py)::(\w+)`", section)


def test_the_catalogue_names_tests():
    assert len(named_tests()) >= 40


def test_every_test_the_catalogue_names_exists():
    missing = []
    for path, name in named_tests():
        source = ROOT / path
        if not source.exists() or not re.search(rf"^(async )?def {name}\(", source.read_text(), re.MULTILINE):
            missing.append(f"{path}::{name}")
    assert not missing, missing
