"""The designed map (towns, landmarks, the inventor's start, the build-cost cards) and both foundings."""

from __future__ import annotations

import pytest

import siedler
from siedler.core.errors import IllegalAction

from .positions import new

EXPECTED_TOWNS = (
    "Stuttgart", "Ebingen", "Biberach", "Sigmaringen", "Friedrichshafen", "Sinsheim", "Karlsruhe", "Mannheim",
    "Heidelberg", "Freiburg", "Ulm", "Heilbronn", "Pforzheim", "Reutlingen", "Tübingen", "Konstanz", "Baden-Baden",
)  # fmt: skip


def test_the_map_names_the_towns_and_has_twelve_landmarks_with_rewards() -> None:
    view = new().view(None)
    board = view["board"]
    towns = {f["town"] for f in board["fields"]}
    assert set(EXPECTED_TOWNS) <= towns
    landmarks = [f for f in board["fields"] if f["kind"] == "landmark"]
    assert len(landmarks) == 12 and len({f["landmark"] for f in landmarks}) == 12
    assert {f["reward"]["kind"] for f in landmarks} == {"road", "resources", "development"}
    assert next(f for f in landmarks if f["town"] == "Stuttgart")["landmark"] == "tv_tower"
    assert not any(f["built"] for f in landmarks)
    # Every hex is drawn with the base game's fields: label, axial coordinates, terrain, number.
    assert all({"id", "q", "r", "terrain", "number"} <= set(h) for h in board["hexes"])
    assert len(view["baden_wuerttemberg"]["outside"]) == 12


def test_no_two_fields_are_neighbours() -> None:
    game = new()
    topo = game.board.topology
    on_fields = {f["node"] for f in game.view(None)["board"]["fields"]}
    for n in on_fields:
        assert not on_fields & set(topo.node_nodes[n])


def test_the_inventor_starts_on_the_pasture_with_the_12_south_of_sinsheim() -> None:
    game = new()
    view = game.view(None)
    start = view["board"]["inventor_start"]
    assert view["baden_wuerttemberg"]["inventor"] == start
    hexes = {h["id"]: h for h in view["board"]["hexes"]}
    assert hexes[start]["terrain"] == "pasture" and hexes[start]["number"] == 12
    sinsheim = next(f["node"] for f in view["board"]["fields"] if f["town"] == "Sinsheim")
    x, y = view["board"]["nodes"][sinsheim]
    hx, hy = 2 * hexes[start]["q"] + hexes[start]["r"], 3 * hexes[start]["r"]
    assert (x, y) == (hx, hy - 2)  # Sinsheim is the hex's northern corner: the hex lies south of it


@pytest.mark.parametrize("players", [3, 4])
def test_build_cost_cards_place_three_town_halls_and_give_start_resources(players: int) -> None:
    game = new(players, seed=5)
    view = game.view(None)
    assert view["phase"] == "roll"
    dealt = view["baden_wuerttemberg"]["cost_cards"]
    assert len(dealt) == players and len({d["card"] for d in dealt}) == players
    towns = {f["node"]: f["town"] for f in view["board"]["fields"]}
    halls = {p: sorted(towns[x["at"]] for x in view["pieces"] if x["kind"] == "settlement" and x["owner"] == p)
             for p in range(players)}  # fmt: skip
    for entry in dealt:
        assert halls[entry["seat"]] == sorted(entry["towns"])
    assert not any(x["kind"] == "road" for x in view["pieces"])
    assert all(p["vp"] == 3 and p["cards"] >= 3 for p in view["players"])
    assert sum(view["bank"].values()) == 90 - sum(p["cards"] for p in view["players"])


def test_variable_founding_snakes_and_pays_the_last_town_hall() -> None:
    game = new(4, seed=2, founding="variable")
    start = game.view(None)["current"]
    order = [(start + i) % 4 for i in range(4)]
    expected = order + order[::-1] + order
    seen = []
    with pytest.raises(IllegalAction, match="only on a city field"):
        game.copy().apply("settle 56")  # a free intersection, not a city field
    while game.view(None)["phase"] == "setup_settlement":
        seat = game.to_act
        assert seat is not None
        seen.append(seat)
        before = sum(game.view(seat)["you"]["hand"].values())
        action = game.legal_actions()[0]
        node = action[1]
        game.apply(action)
        gained = sum(game.view(seat)["you"]["hand"].values()) - before
        if len(seen) > 8:
            assert gained == len(game.board.topology.node_hexes[node])  # one card per adjacent hex
        else:
            assert gained == 0
    assert seen == expected
    assert game.view(None)["phase"] == "roll" and game.to_act == start
    assert not any(x["kind"] == "road" for x in game.view(None)["pieces"])


def test_bad_founding_option_is_refused() -> None:
    with pytest.raises(siedler.OptionError):
        new(founding="free")
