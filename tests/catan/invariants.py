"""Invariants every Catan position must satisfy, shared by the property tests of all Catan rule sets."""

from __future__ import annotations

from siedler.games.baden_wuerttemberg import BWGame
from siedler.games.catan import CatanGame
from siedler.games.catan.longest_road import longest_trail
from siedler.games.soldiers_and_armies import SoldiersGame


def deck_size(g: CatanGame, card: int) -> int:
    """Cards of a kind in the game: the rules' deck, and Soldiers & Armies' Variante keeps the
    victory-point cards its rules take out."""
    if isinstance(g, SoldiersGame) and g.variant and card == 1:
        return g.rules.deck[card] + g.army_rules.variant_victory_point_cards
    return g.rules.deck[card]


def check_conservation(g: CatanGame) -> None:
    n = g.num_players
    for r in range(5):
        held = g.bank[r] + sum(g.hands[p * 5 + r] for p in range(n))
        assert held == g.rules.bank_per_resource, f"resource {r}: {held} cards in bank and hands"
        assert g.bank[r] >= 0 and min(g.hands) >= 0
    for c in range(5):
        held = g.dev_deck[c] + g.dev_spent[c] + sum(g.dev_hand[p * 5 + c] for p in range(n))
        assert held == deck_size(g, c), f"development card {c}: {held} in deck, hands and played"
    if isinstance(g, SoldiersGame):
        # A handover's cards the receiver has no room for leave the game among the played ones, unplayed.
        assert sum(g.knights) <= g.dev_spent[0]
    else:
        assert sum(g.knights) == g.dev_spent[0]


def recomputed_vp(g: CatanGame, seat: int) -> int:
    """Victory points from the board and the cards, without the engine's running tallies; in Soldiers &
    Armies victory-point cards score nothing, and a player who left keeps the score he left with."""
    cards = g.dev_hand[seat * 5 + 1]
    if isinstance(g, SoldiersGame):
        if g.out[seat]:
            return g.final_vp[seat]
        cards = 0
    buildings = sum(g.node_level[n] for n, o in enumerate(g.node_owner) if o == seat)
    awards = g.rules.award_points * ((g.longest_road == seat) + (g.largest_army == seat))
    return buildings + awards + cards + g.extra_vp(seat) + len(landmarks_of(g, seat))


def landmarks_of(g: CatanGame, seat: int) -> list[int]:
    """Baden-Württemberg: the landmarks ``seat`` built (a town hall of his on each one's picture)."""
    return [i for i, p in enumerate(g.landmark_owner) if p == seat] if isinstance(g, BWGame) else []


def halls_off_board(g: CatanGame, seat: int) -> int:
    """Baden-Württemberg: town halls of ``seat`` outside the map, on landmark pictures and award fields."""
    if not isinstance(g, BWGame):
        return 0
    return len(landmarks_of(g, seat)) + (g.longest_road == seat) + (g.largest_army == seat)


def check_scores_and_awards(g: CatanGame) -> None:
    topo = g.board.topology
    lengths = [
        longest_trail(p, tuple([e for e, o in enumerate(g.edge_owner) if o == p]), topo.edge_nodes, g.node_owner)
        for p in range(g.num_players)
    ]
    assert lengths == g.road_len
    best = max(lengths)
    if g.longest_road >= 0:
        assert lengths[g.longest_road] >= g.rules.longest_road_min
        assert lengths[g.longest_road] == best
    else:
        # Baden-Württemberg: a player without a town hall left cannot take an award.
        assert not (best >= g.rules.longest_road_min and lengths.count(best) == 1) or (
            isinstance(g, BWGame) and not g.pieces[lengths.index(best) * 3 + 1]
        )
    if g.largest_army >= 0:
        assert g.knights[g.largest_army] >= g.rules.largest_army_min
        assert g.knights[g.largest_army] == max(g.knights)
    else:
        qualified = [p for p, k in enumerate(g.knights) if k >= g.rules.largest_army_min]
        assert not qualified or (isinstance(g, BWGame) and not all(g.pieces[p * 3 + 1] for p in qualified))
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
        pieces_on_board[p * 3 + 1] += halls_off_board(g, p)
        for k in range(3):
            assert g.pieces[p * 3 + k] + pieces_on_board[p * 3 + k] == limits[k]


def check_distance_rule(g: CatanGame) -> None:
    topo = g.board.topology
    for n, o in enumerate(g.node_owner):
        if o >= 0:
            assert all(g.node_owner[m] < 0 for m in topo.node_nodes[n]), f"distance rule broken at {n}"
