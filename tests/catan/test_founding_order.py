"""A founding position loaded with ``from_state`` goes on in the order of its own start player.

"Angefangen beim Startspieler platziert jeder Spieler im Uhrzeigersinn genau 1 Siedlung und 1 Straße. ...
Danach platzieren die übrigen Spieler - gegen den Uhrzeigersinn - ebenfalls ihre 2te Siedlung": the order
is a function of the start player, so a position built for any start player, at any step of the founding,
must continue in that start player's order, in every board rule set (Baden-Württemberg's variable founding
adds a third round: "Die Mitspieler folgen diesmal wieder im Uhrzeigersinn"). The exported state names the
start player and the step; the order is rebuilt from them, not kept from the fresh game the position is
loaded into.
"""

from __future__ import annotations

from typing import Any

import pytest

import siedler
from siedler.core.errors import RecordError
from siedler.core.game import Game
from siedler.games.catan import CatanGame

#: Every board rule set with a founding phase, at its fewest and most seats.
CASES = [
    (rs.name, {"founding": "variable"} if rs.name == "baden-wuerttemberg" else {}, players)
    for rs in siedler.rulesets()
    if issubclass(rs.game_class, CatanGame)
    for players in sorted({rs.min_players, rs.max_players})
]


def snake(start: int, players: int, rounds: int) -> list[int]:
    """Clockwise from ``start``, back, and (a third round) clockwise again."""
    order = [(start + i) % players for i in range(players)]
    return (order + order[::-1] + order)[: rounds * players]


def founding(ruleset: str, options: dict[str, Any], players: int, start: int, step: int, seat: int) -> Game:
    """A fresh game's founding position with another start player, at ``step``, ``seat`` to act."""
    state = siedler.new_game(ruleset, players=players, seed=0, options=options).state()
    g = state["game"]
    g.update(start_player=start, setup_step=step, current=seat, phase="setup_settlement")
    state["to_act"] = seat
    return siedler.from_state(state)


def found_all(game: Game) -> list[int]:
    """The seats that found a settlement (or city, or town hall), in order, until the first roll."""
    seats = []
    while game.view(None)["phase"] in ("setup_settlement", "setup_city", "setup_road"):
        action = game.legal_actions()[0]
        if action[0] == "settle":
            assert game.to_act is not None
            seats.append(game.to_act)
        game.apply(action)
    return seats


@pytest.mark.parametrize(("ruleset", "options", "players"), CASES, ids=[f"{r}-{n}p" for r, _, n in CASES])
def test_a_founding_position_continues_in_its_start_players_order(
    ruleset: str, options: dict[str, Any], players: int
) -> None:
    rounds = 3 if options else 2
    for start in range(players):
        order = snake(start, players, rounds)
        for step in range(len(order)):
            game = founding(ruleset, options, players, start, step, order[step])
            assert found_all(game) == order[step:], f"start player {start}, step {step}"
            assert game.view(None)["phase"] == "roll" and game.to_act == start, "the start player rolls first"


@pytest.mark.parametrize(("ruleset", "options", "players"), CASES[:1], ids=["base"])
def test_a_founding_position_with_the_wrong_seat_to_act_is_refused(
    ruleset: str, options: dict[str, Any], players: int
) -> None:
    with pytest.raises(RecordError, match="founding step 1 from start player seat 3 is not seat 3"):
        founding(ruleset, options, players, start=2, step=1, seat=2)  # step 1 is index 0's
