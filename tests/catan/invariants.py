"""Invariants every Catan position must satisfy, shared by the property tests of all Catan rule sets."""

from __future__ import annotations

import json
from typing import Any

from siedler.games.catan import CatanGame
from siedler.games.catan.longest_road import longest_trail


def check_conservation(g: CatanGame) -> None:
    n = g.num_players
    for r in range(5):
        held = g.bank[r] + sum(g.hands[p * 5 + r] for p in range(n))
        assert held == g.rules.bank_per_resource, f"resource {r}: {held} cards in bank and hands"
        assert g.bank[r] >= 0 and min(g.hands) >= 0
    for c in range(5):
        held = g.dev_deck[c] + g.dev_spent[c] + sum(g.dev_hand[p * 5 + c] for p in range(n))
        assert held == g.rules.deck[c], f"development card {c}: {held} in deck, hands and played"
    assert sum(g.knights) == g.dev_spent[0]


def recomputed_vp(g: CatanGame, seat: int) -> int:
    """Victory points from the board and the cards, without the engine's running tallies."""
    buildings = sum(g.node_level[n] for n, o in enumerate(g.node_owner) if o == seat)
    awards = g.rules.award_points * ((g.longest_road == seat) + (g.largest_army == seat))
    return buildings + awards + g.dev_hand[seat * 5 + 1] + g.extra_vp(seat)


def check_scores_and_awards(g: CatanGame) -> None:
    topo = g.board.topology
    lengths = [
        longest_trail(p, [e for e, o in enumerate(g.edge_owner) if o == p], topo.edge_nodes, g.node_owner)
        for p in range(g.num_players)
    ]
    assert lengths == g.road_len
    best = max(lengths)
    if g.longest_road >= 0:
        assert lengths[g.longest_road] >= g.rules.longest_road_min
        assert lengths[g.longest_road] == best
    else:
        assert not (best >= g.rules.longest_road_min and lengths.count(best) == 1)
    if g.largest_army >= 0:
        assert g.knights[g.largest_army] >= g.rules.largest_army_min
        assert g.knights[g.largest_army] == max(g.knights)
    else:
        assert max(g.knights) < g.rules.largest_army_min
    assert g.scores() == [recomputed_vp(g, p) for p in range(g.num_players)]
    pieces_on_board = [0] * (3 * g.num_players)
    for n, o in enumerate(g.node_owner):
        if o >= 0:
            pieces_on_board[o * 3 + g.node_level[n]] += 1
    for o in g.edge_owner:
        if o >= 0:
            pieces_on_board[o * 3] += 1
    limits = (g.rules.max_roads, g.rules.max_settlements, g.rules.max_cities)
    for p in range(g.num_players):
        for k in range(3):
            assert g.pieces[p * 3 + k] + pieces_on_board[p * 3 + k] == limits[k]


def check_distance_rule(g: CatanGame) -> None:
    topo = g.board.topology
    for n, o in enumerate(g.node_owner):
        if o >= 0:
            assert all(g.node_owner[m] < 0 for m in topo.node_nodes[n]), f"distance rule broken at {n}"


def _exchange(a: dict[str, int], a_gives: str, b: dict[str, int], b_gives: str) -> None:
    """One card of kind ``a_gives`` from ``a`` to ``b`` and one of ``b_gives`` back: counts stay put."""
    a[a_gives] -= 1
    b[a_gives] += 1
    b[b_gives] -= 1
    a[b_gives] += 1


def with_hidden_changed(g: CatanGame, seat: int) -> dict[str, Any]:
    """The same position with what ``seat`` may not know changed: always the generator state, and cards
    wherever the position allows.

    Two opponents swap one card type each (counts and bank unchanged), an opponent's unplayed development
    card is swapped with another kind from the deck, and the generator state differs.
    """
    state: dict[str, Any] = json.loads(json.dumps(g.state()))
    game = state["game"]
    players = game["players"]
    others = [p for p in range(g.num_players) if p != seat]
    changed = False
    for i, a in enumerate(others):
        for b in others[i + 1 :]:
            ha, hb = players[a]["hand"], players[b]["hand"]
            ra = next((r for r, k in ha.items() if k > 0 and hb[r] == 0), None)
            rb = next((r for r, k in hb.items() if k > 0 and ha[r] == 0), None)
            if ra and rb:
                _exchange(ha, ra, hb, rb)
                changed = True
                break
        if changed:
            break
    deck, new = game["dev_deck"], game["dev_new"]
    for p in others if not g.is_over else ():  # at the end, victory-point cards are revealed
        cards = players[p]["dev_cards"]
        held = next((c for c, k in cards.items() if k > (new[c] if p == game["current"] else 0)), None)
        spare = next((c for c, k in deck.items() if k > 0 and c != held), None)
        if held and spare:
            _exchange(cards, held, deck, spare)
            break
    state["rng"] = (state["rng"] * 6364136223846793005 + 1) % (1 << 64)
    return state
