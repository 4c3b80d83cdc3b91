"""Invariants over random games: conservation, hidden information, determinism, the legal list."""

from __future__ import annotations

import json
import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import siedler
from siedler.games.deck_building import DeckBuildingGame
from siedler.games.deck_building.actions import action_set
from siedler.games.deck_building.cards import CARDS
from siedler.games.deck_building.payment import can_pay

EDITIONS = st.sampled_from(
    [
        {},
        {"edition": "later"},
        {"supply": {"road": 6, "city": 6}, "deck": {"sea": 1}},
        {"costs": {"harbor": {"brick": 1, "desert": 1}, "road": {"wood": 1, "show": ["sea", "sea"]}}},
    ]
)
SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
MANY = settings(SETTINGS, max_examples=150)


def random_game(seed: int, options: dict[str, object], steps: int) -> DeckBuildingGame:
    game = siedler.new_game("deck-building", players=2, seed=seed, options=options)
    rng = random.Random(seed)
    for _ in range(steps):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    assert isinstance(game, DeckBuildingGame)
    return game


def all_cards(game: DeckBuildingGame) -> Counter[str]:
    g = game.state()["game"]
    total = Counter({k: v for k, v in g["supply"].items() if v})
    for p in g["players"]:
        total += Counter(p["hand"]) + Counter(p["draw"]) + Counter(p["discard"]) + Counter(p["laid_out"])
    if g["taken"]:
        total[g["taken"]] += 1
    return total


@SETTINGS
@given(seed=st.integers(0, 10**6), options=EDITIONS)
def test_cards_are_conserved_and_the_legal_list_is_sound(seed: int, options: dict[str, object]) -> None:
    game = siedler.new_game("deck-building", players=2, seed=seed, options=options)
    assert isinstance(game, DeckBuildingGame)
    expected = Counter({CARDS[k]: n for k, n in enumerate(game.rules.totals()) if n})
    table = action_set(game.action_set.max_roads)
    rng = random.Random(seed)
    for step in range(400):
        if game.is_over:
            break
        legal = game.legal_actions()
        assert legal and len(set(legal)) == len(legal), "complete and without duplicates"
        fresh = game.copy()
        fresh._buys = None  # the purchase cache must never be stale
        fresh._legal = None
        assert set(fresh.legal_actions()) == set(legal)
        if game.phase == 0:  # purchases agree with the plain payment check
            for k, cost in enumerate(game.rules.costs):
                affordable = (
                    cost is not None
                    and game.supply[k] > 0
                    and can_pay(cost, game.pool, game.wild, game.hands, game.current * len(CARDS))
                )
                assert (table.BUY[k] in legal) == affordable
        for action in legal:
            assert game.parse_action(str(action)) == action
        if step % 20 == 0:
            for action in legal:  # every legal action applies
                game.copy().apply(action)
            others = [a for a in table.canon.values() if a not in legal]
            before = game.state()
            for action in rng.sample(others, min(15, len(others))):  # and others are refused
                try:
                    game.apply(action)
                except siedler.IllegalAction:
                    pass
                else:
                    raise AssertionError(f"{action} was accepted")
            assert game.state() == before
        game.apply(rng.choice(legal))
        assert all_cards(game) == expected


@MANY
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 1500), options=EDITIONS)
def test_replay_and_state_reproduce_the_game(seed: int, steps: int, options: dict[str, object]) -> None:
    game = random_game(seed, options, steps)
    record = json.loads(json.dumps(game.record()))
    assert siedler.replay(record).state() == game.state()
    state = json.loads(json.dumps(game.state()))
    loaded = siedler.from_state(state)
    assert loaded.state() == state
    assert loaded.legal_actions() == game.legal_actions()
    assert [loaded.view(s) for s in (0, 1, None)] == [game.view(s) for s in (0, 1, None)]


def _edited(game: DeckBuildingGame, change: object) -> DeckBuildingGame:
    state = game.state()
    change(state["game"])  # type: ignore[operator]
    state["actions"] = []  # a puzzle position: the edited state is the start
    loaded = siedler.from_state(state)
    assert isinstance(loaded, DeckBuildingGame)
    return loaded


@MANY
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 1500))
def test_views_hide_hands_deck_order_and_the_generator(seed: int, steps: int) -> None:
    game = random_game(seed, {}, steps)
    if game.is_over or game.phase == 2:  # the card taken is shown to both players
        return
    watcher = 0 if game.to_act != 0 or game.phase != 0 else 1  # a seat whose options do not depend on it
    other = 1 - watcher

    def swap_hand_with_draw(g: dict[str, object]) -> None:
        """The other seat's hand exchanged with cards from his draw pile: same sizes, other contents."""
        player = g["players"][other]  # type: ignore[index]
        held = [c for c, n in player["hand"].items() for _ in range(n)]
        pile = player["draw"]
        k = min(len(held), len(pile))
        new_hand, new_pile = pile[len(pile) - k :] + held[k:], pile[: len(pile) - k] + held[:k]
        player["hand"], player["draw"] = dict(Counter(new_hand)), new_pile

    def shuffle_piles(g: dict[str, object]) -> None:
        for player in g["players"]:  # type: ignore[attr-defined]
            random.Random(seed).shuffle(player["draw"])

    base = _edited(game, lambda g: None)
    for change in (swap_hand_with_draw, shuffle_piles):
        changed = _edited(game, change)
        changed.rng.resume(changed.rng.drawn ^ 0x5DEECE66D)
        assert changed.view(watcher) == base.view(watcher)
        assert changed.view(None) == base.view(None)
    text = json.dumps(game.view(watcher))
    upcoming = game.rng.copy()
    assert "rng" not in text and str(upcoming.next64()) not in text  # the next word the generator gives
