"""What a learner observes of Soldiers & Armies beyond the family's fields (docs/rl.md): the battle under way,
the card trade waiting for its answer, the armies' dice and moves, the buildings turned over and the nukes,
each seat's from its own chair, read from the state as from the view."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from siedler.core.game import Game
from siedler.envs.observe import Observer
from tests.catan.positions import cards

from .positions import position
from .test_combat import V_ROADS, example

pytest.importorskip("gymnasium")


def observed(game: Game, seat: int) -> dict[str, Any]:
    """``seat``'s observation by field, after checking that the state and the view give the same numbers."""
    observer = Observer(game, "dict")
    observer.start(game)
    encoder = observer.encoder
    assert encoder.reads_state(game)
    vector = encoder.observe(game, seat)
    assert np.array_equal(vector, encoder.encode(game.view(seat), seat))
    fields: dict[str, Any] = encoder.layout.split(vector)
    return fields


def test_a_battle_under_way_is_seen_by_every_seat_from_its_chair() -> None:
    """ "Spieler A greift mit 1 Artillerie und 2 Kavallerien die Stadt von Spieler V an": seat 0 attacks the
    city at 20 from 21 and seat 1 resists; seat 0's cavalry at 19, next to the city, has yet to choose a
    side. Each seat sees the attacker and the defender relative to itself, the target and its kind, the
    armies on the attacking side, the army still to choose, each side's die (the artillery's d12 against the
    city's d12, no walls) and the attacker's chance to win the round. Once 19 has joined (and the round is
    fought) it is on the attacking side."""
    game = example(armies={21: (0, (0, 2, 1)), 19: (0, (0, 1, 0))})
    before = observed(game, 0)
    assert not before["battle_seats"].any() and not before["battle_target"].any()
    assert before["army_die"][21] == 12 and before["army_die"][19] == 10
    game.apply("attack 21>20")
    game.apply("resist")
    for seat in range(3):
        fields = observed(game, seat)
        attacker, defender = (0 - seat) % 3, (1 - seat) % 3
        assert np.flatnonzero(fields["battle_seats"][0]).tolist() == [attacker]
        assert np.flatnonzero(fields["battle_seats"][1]).tolist() == [defender]
        assert np.argwhere(fields["battle_target"]).tolist() == [[20, 1]]  # a building
        assert np.argwhere(fields["battle_sides"]).tolist() == [[21, 0]]
        assert np.flatnonzero(fields["battle_waiting"]).tolist() == [19]
        assert fields["battle_dice"].tolist() == [[12, 0], [12, 0]]
        assert fields["battle_odds"][0] == pytest.approx(game.view(seat)["soldiers"]["battle"]["odds"]["percent"] / 100)
        assert 0 < fields["battle_odds"][0] < 1
    game.apply("ally 19 @0")
    fields = observed(game, 1)
    assert np.argwhere(fields["battle_sides"]).tolist() == [[19, 0], [21, 0]] and not fields["battle_waiting"].any()


def test_a_card_offer_is_seen_with_its_card_and_price() -> None:
    """ "Es kann grundsätzlich alles mit den Mitspielern gehandelt werden, inklusive Entwicklungskarten":
    seat 0 offers seat 1 a knight for 2 ore; while seat 1 decides, every seat sees who offers to whom, the
    kind of trade, the card and the price."""
    game = position(
        cities={0: [13], 1: [42]}, dev_cards={0: {"knight": 1}}, hands={1: cards(ore=2)}, options={"max_offers": 3}
    )
    game.apply("sellcard knight 2ore @1")
    for seat in range(3):
        fields = observed(game, seat)
        assert np.flatnonzero(fields["card_offer_seats"][0]).tolist() == [(0 - seat) % 3]
        assert np.flatnonzero(fields["card_offer_seats"][1]).tolist() == [(1 - seat) % 3]
        assert np.flatnonzero(fields["card_offer_kind"]).tolist() == [0]  # sellcard
        assert np.flatnonzero(fields["card_offer_card"]).tolist() == [0]  # the knight
        assert fields["card_offer_bundle"].tolist() == [0, 0, 0, 0, 2]
        assert not fields["card_offer_at"].any()
    game.apply("agree")
    assert not observed(game, 2)["card_offer_seats"].any()


def test_turned_buildings_nukes_and_moved_armies_are_seen() -> None:
    """A building turned upside down ("halb abgewertet"), a nuke standing on a city and the steps an army
    moved this turn are in the observation, the nuke's owner relative to the viewer."""
    game = position(
        cities={0: [13, 42], 1: [20]},
        roads={1: V_ROADS},
        turned=[20],
        nukes={0: 42},
        armies={21: (0, (1, 0, 0))},
        phase="movement",
    )
    game.apply(next(str(a) for a in game.legal_actions() if str(a).startswith("move 21>")))
    moved = int(np.flatnonzero(observed(game, 0)["army_moved"])[0])
    for seat in range(3):
        fields = observed(game, seat)
        assert np.flatnonzero(fields["turned"]).tolist() == [20]
        assert np.argwhere(fields["nuke_at"]).tolist() == [[42, (0 - seat) % 3]]
        assert fields["army_moved"][moved] >= 1 and fields["army_die"][moved] == 6
