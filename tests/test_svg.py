"""``siedler.svg``: a well-formed picture of every board rule set, every hex and piece drawn, from the view
alone (hidden hands change nothing)."""

from __future__ import annotations

import copy
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import siedler
from siedler.core.registry import rulesets
from siedler.games.catan import CatanGame
from siedler.svg import board_svg

from .random_games import played

NS = "{http://www.w3.org/2000/svg}"
BOARD_RULESETS = [rs.name for rs in rulesets() if rs.name != "deck-building" and rs.family == "catan"]


def _parse(svg: str) -> ET.Element:
    root = ET.fromstring(svg)
    assert root.tag == f"{NS}svg"
    return root


def test_the_board_rule_sets_are_found() -> None:
    assert {"base", "fishermen", "harbormaster", "soldiers-and-armies", "resource-realms"} <= set(BOARD_RULESETS)


@pytest.mark.parametrize("ruleset", BOARD_RULESETS)
def test_every_hex_harbour_and_piece_is_drawn(ruleset: str) -> None:
    game = played(ruleset, 3, 120, players=3)
    view = game.view(0)
    root = _parse(board_svg(view, "de"))
    hexes = [e for e in root.iter(f"{NS}polygon") if e.get("class") == "hex"]
    assert sorted(str(e.get("data-hex")) for e in hexes) == sorted(h["id"] for h in view["board"]["hexes"])
    for e in hexes:  # each hex in its terrain's colour, with its name as the tooltip
        assert e.get("fill", "").startswith("#") and e.find(f"{NS}title") is not None
    harbors = [e for e in root.iter(f"{NS}g") if e.get("class") == "harbor"]
    assert len(harbors) == len(view["board"]["harbors"])
    drawn = sorted((e.get("data-kind"), e.get("data-at")) for e in root.iter(f"{NS}g") if e.get("class") == "piece")
    assert drawn == sorted((p["kind"], str(p["at"])) for p in view["pieces"])
    assert any(kind == "road" for kind, _ in drawn)  # a played position, not an empty board


def test_numbers_are_on_their_hexes() -> None:
    view = siedler.new_game("base", players=3, seed=5).view(None)
    texts = [e.text for e in _parse(board_svg(view)).iter(f"{NS}text")]
    for hx in view["board"]["hexes"]:
        if hx["number"]:
            assert str(hx["number"]) in texts


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(0, 300), seat=st.sampled_from([None, 0, 1, 2]))
def test_hidden_hands_change_nothing_drawn(seed: int, moves: int, seat: int | None) -> None:
    """Another seat's resource and development cards, rotated, give the same picture."""
    game = cast(CatanGame, played("base", seed, moves, players=3))
    before = board_svg(game.view(seat))
    changed = game.copy()
    for other in range(3):
        if other != seat:
            hand = changed.hands[other * 5 : other * 5 + 5]
            changed.hands[other * 5 : other * 5 + 5] = hand[1:] + hand[:1]
            dev = changed.dev_hand[other * 5 : other * 5 + 5]
            changed.dev_hand[other * 5 : other * 5 + 5] = dev[1:] + dev[:1]
    assert board_svg(changed.view(seat)) == before


def test_the_picture_reads_only_the_view() -> None:
    """Drawn from a plain copy of the view, with no game anywhere: the same picture."""
    game = played("fishermen", 2, 80, players=3)
    view = game.view(1)
    assert board_svg(copy.deepcopy(view)) == board_svg(view)


def test_a_rule_sets_own_pieces_are_drawn_from_the_legend() -> None:
    view: dict[str, Any] = siedler.new_game("base", players=3, seed=1).view(None)
    view["legend"] = {"pieces": {"beacon": {"shape": "star", "color": "owner", "text": "B", "label": {"en": "Beacon"}}}}
    view["pieces"] = [{"kind": "beacon", "at": {"q": 0, "r": 0}, "owner": 1}, {"kind": "mystery", "at": 12}]
    root = _parse(board_svg(view))
    groups = {e.get("data-kind"): e for e in root.iter(f"{NS}g") if e.get("class") == "piece"}
    beacon = groups["beacon"]
    assert beacon.findtext(f"{NS}title") == "Beacon (Player 2)"
    assert beacon.find(f"{NS}polygon") is not None and beacon.findtext(f"{NS}text") == "B"
    assert groups["mystery"].findtext(f"{NS}text") == "my"  # no legend entry: its first letters


def test_a_card_game_has_no_board_to_draw() -> None:
    with pytest.raises(ValueError, match="no hex board"):
        board_svg(siedler.new_game("deck-building", players=2, seed=1).view(0))


def test_the_robber_goes_by_the_views_name() -> None:
    view = siedler.new_game("resource-realms", players=3, seed=1).view(None)
    root = _parse(board_svg(view, "de"))
    [robber] = [e for e in root.iter(f"{NS}g") if e.get("data-kind") == "robber"]
    assert robber.findtext(f"{NS}title") == "Wächter"


def _marks(root: ET.Element, layer: str, *kinds: str) -> list[ET.Element]:
    """The picture's marks of a rule set's layer (siedler.games.catan.layout), of the kinds asked for."""
    return [
        e
        for e in root.iter(f"{NS}g")
        if e.get("class") == "mark" and e.get("data-layer") == layer and e.get("data-kind") in kinds
    ]


def test_the_views_fields_are_drawn_with_their_names() -> None:
    """Baden-Württemberg's towns and landmark fields: one marker each, and the town's name beside it, named
    by the view, in its language."""
    view = siedler.new_game("baden-wuerttemberg", players=3, seed=1).view(None)
    fields = view["board"]["fields"]
    root = _parse(board_svg(view, "de"))
    towns = _marks(root, "fields", "town")
    assert sorted((int(str(g.get("data-node"))), g.findtext(f"{NS}text")) for g in towns) == sorted(
        (f["node"], f["town"]) for f in fields
    )
    markers = _marks(root, "fields", "field", "landmark")
    assert sorted(int(str(g.get("data-node"))) for g in markers) == sorted(f["node"] for f in fields)
    kinds = {int(str(g.get("data-node"))): g.get("data-kind") for g in markers}
    assert all(kinds[f["node"]] == ("landmark" if f["kind"] == "landmark" else "field") for f in fields)
    titles = {g.findtext(f"{NS}title") for g in markers}
    assert "Stuttgart: Fernsehturm" in titles and "Sinsheim" in titles
    assert len(fields) == 33
    assert _marks(_parse(board_svg(siedler.new_game("base", players=3, seed=1).view(None))), "fields", "town") == []


def test_a_built_field_is_filled_and_says_so() -> None:
    view: dict[str, Any] = siedler.new_game("base", players=3, seed=1).view(None)
    view["board"]["fields"] = [
        {"node": 3, "kind": "shrine", "town": "Athens", "name": {"en": "Temple"}, "built": True},
        {"node": 7, "kind": "village", "town": "Sparta"},
    ]
    root = _parse(board_svg(view))
    [shrine] = _marks(root, "fields", "landmark")
    [village] = _marks(root, "fields", "field")
    assert shrine.findtext(f"{NS}title") == "Athens: Temple (built)"
    assert cast(ET.Element, shrine.find(f"{NS}polygon")).get("fill") == "#ffffff"
    assert village.findtext(f"{NS}title") == "Sparta"
    assert cast(ET.Element, village.find(f"{NS}circle")).get("fill") == "none"
    assert [g.findtext(f"{NS}text") for g in _marks(root, "fields", "town")] == ["Athens", "Sparta"]


def test_the_rules_page_map_is_current() -> None:
    """docs/rules/baden-wuerttemberg-map.svg is what the command quoted on that page draws."""
    stored = Path(__file__).resolve().parent.parent / "docs" / "rules" / "baden-wuerttemberg-map.svg"
    view = siedler.new_game("baden-wuerttemberg", players=3, seed=1).view(None)
    assert stored.read_text(encoding="utf-8") == board_svg(view)
