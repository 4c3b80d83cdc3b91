"""A game resumed from a snapshot plays on exactly as the original (issue 39): every rule set and every
combination of its extensions, snapshots taken at a point hypothesis chooses, through JSON as a server
stores them."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import siedler
from siedler.core.errors import RecordError
from siedler.core.snapshot import resume, snapshot

from .combos import CONFIGURATIONS, IDS, play, start

#: Events a snapshot keeps in these tests: fewer than the games have, so the kept tail is what is checked.
EVENTS = 30


def _texts(game: siedler.Game) -> list[str]:
    return [str(a) for a in game.history]


@pytest.mark.parametrize(("name", "ruleset", "options"), CONFIGURATIONS, ids=IDS)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32), cut=st.integers(0, 400), after=st.integers(0, 200))
def test_a_resumed_game_plays_on_as_the_original(
    name: str, ruleset: str, options: dict[str, Any], seed: int, cut: int, after: int
) -> None:
    game = start(ruleset, options, seed=seed)
    play(game, random.Random(seed), cut)
    twin = resume(json.loads(json.dumps(snapshot(game, EVENTS))))
    before = _texts(game)
    assert twin.num_actions == game.num_actions and twin.num_events == game.num_events
    assert twin.position() == game.position() and twin.state(before) == game.state()
    play(game, random.Random(seed + 1), after)
    play(twin, random.Random(seed + 1), after)
    texts = _texts(game)
    assert twin.state(texts) == game.state() and twin.record(texts) == game.record()
    assert twin.legal_actions() == game.legal_actions()
    since = max(0, game.num_events - EVENTS)
    for seat in (None, *range(game.num_players)):
        assert twin.view(seat) == game.view(seat)
        assert json.dumps(twin.events(seat, since, "de")) == json.dumps(game.events(seat, since, "de"))


def test_a_resumed_game_asks_for_every_action_text_and_checks_the_ones_it_holds() -> None:
    game = start("base", {}, seed=1)
    play(game, random.Random(1), 50)
    twin = resume(snapshot(game, EVENTS))
    play(game, random.Random(2), 5)
    play(twin, random.Random(2), 5)
    texts = _texts(game)
    with pytest.raises(RecordError, match="give every action's text"):
        twin.record()
    with pytest.raises(RecordError, match="not this game's"):
        twin.state([*texts[:-1], "no such action"])
    with pytest.raises(RecordError, match="not this game's"):
        twin.state(texts[:-1])
    assert twin.record(texts) == game.record()


@pytest.mark.parametrize(
    "damage",
    [
        lambda s: s.update(format="siedler-state"),
        lambda s: s.update(version=99),
        lambda s: s.update(actions=-1),
        lambda s: s.update(events=[[0, "roll"]]),
        lambda s: s["position"].update(ruleset="no such rule set"),
        lambda s: s["position"].update(format="siedler-record"),
        lambda s: s["position"]["game"].clear(),
    ],
)
def test_a_malformed_snapshot_is_refused_as_a_record_error(damage: Any) -> None:
    game = start("base", {}, seed=1)
    play(game, random.Random(1), 40)
    data = json.loads(json.dumps(snapshot(game, EVENTS)))
    damage(data)
    with pytest.raises(RecordError):
        resume(data)
