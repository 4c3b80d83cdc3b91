"""Fixed-seed games stay exactly what they were (see ``fingerprint.py``)."""

from __future__ import annotations

import json

import pytest

from .fingerprint import CONFIGS, GOLDEN, fingerprint


@pytest.mark.parametrize(("name", "ruleset", "options", "players"), CONFIGS, ids=[c[0] for c in CONFIGS])
def test_fixed_seed_games_are_unchanged(name: str, ruleset: str, options: dict[str, object], players: int) -> None:
    golden = json.loads(GOLDEN.read_text())[name]
    assert fingerprint(ruleset, dict(options), players) == golden
