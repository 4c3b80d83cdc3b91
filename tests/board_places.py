"""Where the board's layout (``siedler.games.catan.layout``) puts each thing, by name, and views that hold
every kind of thing a board draws: for the tests that check that every renderer draws at those places
(``tests/test_layout.py`` for the SVG picture and the terminal boards, ``tests/e2e/test_board_layout.py``
for the table)."""

from __future__ import annotations

from typing import Any

import siedler
from siedler.core.registry import rulesets
from siedler.games.catan.layout import Mark, board_layout, board_placed, has_board

from . import random_games

Place = tuple[float, float]


def board_rulesets() -> list[str]:
    return [
        rs.name for rs in rulesets() if has_board(siedler.new_game(rs.name, players=rs.min_players, seed=1).view(0))
    ]


def played(ruleset: str, seed: int, moves: int, players: int = 4, **options: Any) -> dict[str, Any]:
    """Seat 0's view after ``moves`` random moves."""
    return random_games.played(ruleset, seed, moves, players, options).view(0)


def mark_key(mark: Mark) -> str:
    return f"mark:{mark['layer']}:{mark['kind']}:{mark.get('node', '')}"


def layout_places(view: dict[str, Any]) -> dict[str, Place]:
    """Every place the layout lists: ``label:<hex>``, ``token:<hex>`` (numbered hexes), ``harbor:<i>``,
    ``piece:<i>`` (``piece:<i>:0`` and ``:1``: a road's ends), ``mark:<layer>:<kind>:<node>``."""
    layout, placed = board_layout(view), board_placed(view)
    places: dict[str, Place] = {}
    for hx, spot in zip(view["board"]["hexes"], layout["hexes"], strict=True):
        places[f"label:{hx['id']}"] = tuple(spot["label"])
        if hx.get("number"):
            places[f"token:{hx['id']}"] = tuple(spot["token"])
    for i, spot in enumerate(layout["harbors"]):
        if spot is not None:
            places[f"harbor:{i}"] = tuple(spot["at"])
    for i, place in enumerate(placed["pieces"]):
        if place is not None and "ends" in place:
            places[f"piece:{i}:0"], places[f"piece:{i}:1"] = (tuple(end) for end in place["ends"])
        elif place is not None:
            places[f"piece:{i}"] = tuple(place["at"])
    for mark in layout["marks"] + placed["marks"]:
        places[mark_key(mark)] = tuple(mark["at"])
    return places


def same_places(drawn: dict[str, Place], listed: dict[str, Place], within: float = 0.01) -> list[str]:
    """What the drawing misses, adds, or draws elsewhere than the layout (in hex sizes)."""
    wrong = [f"missing {k}" for k in listed if k not in drawn] + [f"unlisted {k}" for k in drawn if k not in listed]
    for key in listed.keys() & drawn.keys():
        (x, y), (u, v) = listed[key], drawn[key]
        if abs(x - u) > within or abs(y - v) > within:
            wrong.append(f"{key} drawn at ({u:.3f}, {v:.3f}), not ({x:.3f}, {y:.3f})")
    return wrong


#: A pointy-topped hex's corners in the board's node grid, from the top clockwise.
CORNERS = [(0, -2), (1, -1), (1, 1), (0, 2), (-1, 1), (-1, -1)]


def flower() -> tuple[dict[str, Any], list[int]]:
    """A hex and its six neighbours, all numbered: the board, and the middle hex's corners clockwise from
    its top (the most crowded corners the rules allow)."""
    hexes, nodes, edges = [], [], set()
    for i, (q, r) in enumerate([(0, 0), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1)]):
        hexes.append({"id": chr(65 + i), "q": q, "r": r, "terrain": "hills", "number": (4, 5, 6, 8, 9, 10, 11)[i]})
        ring = []
        for dx, dy in CORNERS:
            point = [2 * q + r + dx, 3 * r + dy]
            if point not in nodes:
                nodes.append(point)
            ring.append(nodes.index(point))
        edges |= {(min(ring[k], ring[k - 1]), max(ring[k], ring[k - 1])) for k in range(6)}
    board = {"hexes": hexes, "harbors": [], "nodes": nodes, "edges": [list(e) for e in sorted(edges)]}
    return board, [nodes.index([dx, dy]) for dx, dy in CORNERS]


def soldiers_view() -> dict[str, Any]:
    """A Soldiers & Armies position with every one of its marks on the flower's middle corners: armies of
    all three unit types, walled cities, two nukes, a battle and two armies' moves to one corner."""
    board, middle = flower()
    cities = middle[::2]
    units = {"infantry": 3, "cavalry": 2, "artillery": 1}
    far = board["nodes"].index([3, -1])  # a corner of the east neighbour
    return {
        "ruleset": "soldiers-and-armies",
        "players": [{"seat": 0, "name": "Anna"}, {"seat": 1, "name": "Bert"}],
        "board": board,
        "pieces": [{"kind": "city", "at": n, "owner": k % 2} for k, n in enumerate(cities)]
        + [{"kind": "robber", "at": "A"}, {"kind": "road", "at": f"{middle[0]}-{middle[1]}", "owner": 0}],
        "legend": {"pieces": {}, "terrains": {}},
        "soldiers": {
            "armies": [{"at": n, "owner": k % 2, "units": units, "die": 12, "moved": 0} for k, n in enumerate(middle)],
            "walls": {str(n): 2 for n in cities},
            "turned": [],
            "nuked": [],
            "nukes": {"0": middle[1], "1": middle[0]},
            "moves": [
                {"from": middle[1], "to": far, "steps": 2, "paid": 1, "cost": {"wood": 1, "grain": 1}},
                {"from": middle[3], "to": far, "steps": 3, "paid": 2, "cost": {"wood": 2, "grain": 2}},
            ],
            "battle": {"attacker": 0, "defender": 1, "at": middle[2], "sides": {"attack": [], "defence": []}},
        },
    }
