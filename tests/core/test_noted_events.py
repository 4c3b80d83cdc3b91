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


def test_a_finished_game_s_log_holds_nothing_the_collector_tracks() -> None:
    """Every event of a base and a Deck Building game holds only ints, strings and tuples of them, so the
    collector untracks each and, link by link, the log (the ``over`` event, with its list of scores, is the
    last and the only one left). An event holding a dict of lists would keep every later link tracked."""
    for ruleset, players in (("base", 4), ("deck-building", 2)):
        for seed in range(3):
            game = siedler.new_game(ruleset, players=players, seed=seed)
            rng = random.Random(seed)
            while not game.is_over:
                game.apply(rng.choice(game.legal_actions()))
            for _ in range(6):  # a collection may untrack one level of nested tuples only (a secret is 5 deep)
                gc.collect()
            tracked = [item[1] for item in _walk(game._events) if gc.is_tracked(item)]
            assert tracked == ["over"], (ruleset, seed, sorted(set(tracked)))
