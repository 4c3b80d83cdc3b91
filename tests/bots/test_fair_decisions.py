"""Every bot decides alike in two games its seat cannot tell apart, whichever hidden part differs.

tests/hidden.py names the parts each rule set's views hide (``hidden_parts``); here each part is changed
alone, and then all of them together, in random positions of every rule set and combination, and every
registered bot, the search with a fixed number of iterations included, must make the same decision with
the same seed. A part changed alone pins a leak to that part; the search is given iterations and depth
enough to draw through a reshuffle, where the order of a discard pile once leaked into its decisions.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

import siedler.learn  # noqa: F401  registers the net bot, checked below with an untrained network of its seed
from siedler.bots import BOTS, make_bot
from siedler.core.game import Game

from ..deck_building.positions import position
from ..hidden import SPECTATOR_ONLY, _loaded, hidden_parts, twin_state
from ..test_hidden_information import CASES, IDS, mid_game

#: Every registered bot, by name, as it is checked: a budget where it has one (fixed, so reproducible).
SPECS = {
    "random": "random",
    "greedy": "greedy",
    "value": "value",
    "mcts": "mcts:iterations=12,depth=8",
    "mcts, turn": "mcts:iterations=12,depth=8,turn=3",  # Catan's Hard: the founding searched, then value:turn
    "mcts, network": "mcts:iterations=12,depth=8,model=init",  # Hard with a network (siedler.bots.leaves)
    "mcts, turn, network": "mcts:iterations=12,depth=8,turn=3,model=init",  # and its look-ahead over the turn
    "net": "net:model=init",  # a value network (siedler.learn): its decision reads the copy's views alone
    "net, samples": "net:model=init,samples=2",  # and on a second determinization of the copy
}
#: Random actions played at most, past the position asked for, until the seat to act has a choice.
TO_A_CHOICE = 40


def test_every_registered_bot_is_checked() -> None:
    assert set(BOTS) <= set(SPECS), f"give tests/bots/test_fair_decisions.py a spec for {set(BOTS) - set(SPECS)}"


def at_a_choice(game: Game, rng: random.Random) -> Game:
    """The game played on at random until the seat to act has two legal actions or more (a forced move
    tells nothing about fairness), or until it ends."""
    for _ in range(TO_A_CHOICE):
        if game.to_act is None or len(game.legal_actions()) > 1:
            break
        game.apply(rng.choice(game.legal_actions()))
    return game


def _changed(game: Game, state: dict[str, Any]) -> bool:
    return bool(state != game.state())


@pytest.mark.parametrize(("ruleset", "options", "players"), CASES, ids=IDS)
@pytest.mark.parametrize("bot", sorted(SPECS))
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), steps=st.integers(0, 150) | st.integers(0, 600), key=st.integers(0, 99))
def test_a_bots_decision_never_depends_on_any_part_of_what_its_seat_cannot_see(
    ruleset: str, options: dict[str, Any], players: int, bot: str, seed: int, steps: int, key: int
) -> None:
    game = at_a_choice(mid_game(ruleset, options, players, seed, ["random", "greedy"], steps), random.Random(seed))
    seat = game.to_act
    if seat is None:
        return
    spec = SPECS[bot]
    decision = make_bot(spec, key).decide(game, seat)
    for part in [*((p,) for p in hidden_parts(game) if p not in SPECTATOR_ONLY), None]:
        state = twin_state(game, seat, random.Random(key), part)
        if not _changed(game, state):
            continue
        event(f"changed: {part[0] if part else 'all'}")
        twin = _loaded(state)
        assert make_bot(spec, key).decide(twin, seat) == decision, (
            f"{spec} at seat {seat} decides otherwise when {'everything' if part is None else part[0]} it cannot "
            "see changes"
        )


@pytest.mark.parametrize(("ruleset", "options", "players"), CASES, ids=IDS)
def test_every_hidden_part_is_perturbed_somewhere(ruleset: str, options: dict[str, Any], players: int) -> None:
    """The check above is not empty: in a few positions of each rule set, every part a seat cannot see
    (and, for a spectator, the Bandit's card too) changes the state when changed alone."""
    parts: set[str] = set()
    changed: set[str] = set()
    for (seed, steps), bots in itertools.product(
        ((1, 120), (2, 300), (3, 500), (4, 800)), (["greedy"], ["random", "greedy"])
    ):
        game = mid_game(ruleset, options, players, seed, bots, steps)
        for hidden_from in (0, None):
            for part in hidden_parts(game):
                if part in SPECTATOR_ONLY and hidden_from is not None:
                    continue
                parts.add(part)
                if _changed(game, twin_state(game, hidden_from, random.Random(seed), [part])):
                    changed.add(part)
    assert changed >= parts - SPECTATOR_ONLY, f"never changed: {sorted(parts - SPECTATOR_ONLY - changed)}"


@pytest.mark.parametrize("bot", sorted(SPECS))
def test_the_order_below_a_discard_piles_top_is_not_known(bot: str) -> None:
    """Deck Building: seat 0's draw pile is empty, so ending the turn reshuffles its discard pile, whose
    order below the top card no view shows. Twins that differ only in that order determinize alike (the
    reshuffle of the copy starts from an order dealt anew) and every bot decides alike on them."""
    below = ["wood", "brick", "knight", "wool", "grain", "ore", "bandit", "road", "harbor", "settlement"]
    hands = (["wood", "brick", "grain", "wool", "ore"], ["wood", "wood", "ore", "ore", "grain"])
    game = position(hands=hands, draw={0: []}, discard={0: [*below, "city"]})
    twin = position(hands=hands, draw={0: []}, discard={0: [*below[::-1], "city"]})
    assert twin.view(0) == game.view(0) and twin.state() != game.state()
    for key in range(5):
        assert game.determinize(0, random.Random(key)).state() == twin.determinize(0, random.Random(key)).state()
        assert make_bot(SPECS[bot], key).decide(game, 0) == make_bot(SPECS[bot], key).decide(twin, 0)
