"""Events recorded as fields alone (``Game._note``): their data is made when the log is read, the secret
fields only for the seats in the audience, and the log keeps nothing the garbage collector must walk."""

from __future__ import annotations

import gc
import random

import siedler
from siedler.core.game import _walk, named


def test_a_reader_names_the_fields_and_reads_tuples_as_lists() -> None:
    read = named("seat", "dice", secret=("card",))
    assert read((2, (3, 4)), None) == {"seat": 2, "dice": [3, 4]}
    assert read((2, (3, 4)), ((1, 1),)) == {"seat": 2, "dice": [3, 4], "card": [1, 1]}


def test_a_steal_tells_its_resource_to_the_thief_and_the_victim_alone() -> None:
    """A random base game until its first steal: the stolen resource is in the data of the two seats only."""
    for seed in range(40):
        game = siedler.new_game("base", players=4, seed=seed, options={"max_offers": 0})
        rng = random.Random(seed)
        while not game.is_over and game.num_actions < 3000:
            game.apply(rng.choice(game.legal_actions()))
            steals = [e for e in game.events() if e["kind"] == "steal"]
            if steals:
                number, data = steals[0]["n"], steals[0]["data"]
                for seat in [None, *range(4)]:
                    seen = game.events(seat, since=number)[0]["data"]
                    told = seat in (data["seat"], data["victim"])
                    assert ("resource" in seen) == told and seen["seat"] == data["seat"]
                return
    raise AssertionError("no steal in 40 random games")


def _play(ruleset: str, players: int, seed: int) -> siedler.Game:
    game = siedler.new_game(ruleset, players=players, seed=seed)
    rng = random.Random(seed)
    while not game.is_over:
        game.apply(rng.choice(game.legal_actions()))
    return game


def test_a_finished_game_s_log_holds_nothing_the_collector_tracks() -> None:
    """Every event of a base and a Deck Building game holds only ints, strings and tuples of them, so the
    collector untracks each (the ``over`` event, with its list of scores, is the last and the only one
    left). An event holding a dict of lists would stay tracked, and so would the chunk holding it."""
    for ruleset, players in (("base", 4), ("deck-building", 2)):
        for seed in range(3):
            game = _play(ruleset, players, seed)
            for _ in range(6):  # a collection may untrack one level of nested tuples only (a secret is 5 deep)
                gc.collect()
            tracked = [item[1] for item in _walk(game._events_shared, game._events) if gc.is_tracked(item)]
            assert tracked == ["over"], (ruleset, seed, sorted(set(tracked)))


def test_the_collector_untracks_the_log_s_shared_chunks_too() -> None:
    """What a game shares with its copies is a chain of a link per copy that found new events, each holding
    a tuple of them: once those are untracked, so are the chunks, and the links one per collection from
    the oldest on, so a game copied ten times is untracked in a dozen. The log until issue 45, a cons list
    of a link per event, needed as many collections as the game had events: a long game's links stayed
    tracked for the collector to walk at every collection of their generation."""
    game = siedler.new_game("base", players=4, seed=0)
    rng = random.Random(0)
    while not game.is_over:
        if game.num_actions % 300 == 0:
            game.copy()
        game.apply(rng.choice(game.legal_actions()))
    links, chain = [], game._events_shared
    while chain is not None:
        links.append(chain)
        chain = chain[0]
    assert 3 <= len(links) <= 12
    for _ in range(len(links) + 2):
        gc.collect()
    assert not [link for link in links if gc.is_tracked(link) or gc.is_tracked(link[1])]


def test_a_copy_shares_the_log_and_the_history_and_each_goes_on_alone() -> None:
    """A copy holds what the game logged and played so far as one shared chunk; what either does after it
    is its own: the original's events and history do not change when its copy plays on, nor the copy's."""
    game = siedler.new_game("base", players=4, seed=3, options={"max_offers": 0})
    rng = random.Random(3)
    for _ in range(200):
        game.apply(rng.choice(game.legal_actions()))
    events, history = game.events(), game.history
    copy = game.copy()
    assert copy.events() == events and copy.history == history
    for _ in range(100):
        copy.apply(rng.choice(copy.legal_actions()))
    assert game.events() == events and game.history == history
    copied_events, copied_history = copy.events(), copy.history
    again = game.copy()
    for _ in range(100):
        game.apply(rng.choice(game.legal_actions()))
    assert copy.events() == copied_events and copy.history == copied_history
    assert again.events() == events and again.history == history
    assert game.events()[: len(events)] == events and game.history[: len(history)] == history
    for since in (0, 1, len(events) - 1, len(events), game.num_events - 3, game.num_events):
        assert game.events(since=since) == game.events()[since:]
