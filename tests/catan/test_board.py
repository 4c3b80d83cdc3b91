"""SPIELAUFBAU: the island, its number tokens, harbours and the robber; beginner, random and balanced maps."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from typing import Any

import pytest

import siedler
from siedler.games.catan import CatanGame

from .positions import new

TERRAINS = {"forest": 4, "pasture": 4, "fields": 4, "hills": 3, "mountains": 3, "desert": 1}
# The 18 number tokens, A to R, as printed on their letter side.
TOKENS = [5, 2, 6, 3, 8, 10, 9, 12, 11, 4, 8, 10, 9, 4, 5, 6, 3, 11]
# The rule book's starting map for beginners, rows top to bottom.
BEGINNER = [
    ["mountains 10", "pasture 2", "forest 9"],
    ["fields 12", "hills 6", "pasture 4", "hills 10"],
    ["fields 9", "forest 11", "desert", "forest 3", "mountains 8"],
    ["forest 8", "mountains 3", "fields 4", "pasture 5"],
    ["hills 5", "fields 6", "pasture 11"],
]
HARBOR_TYPES = Counter({"3:1": 4, "wood": 1, "brick": 1, "wool": 1, "grain": 1, "ore": 1})
SEEDS = range(60)


def board(game: siedler.Game) -> dict[str, Any]:
    board: dict[str, Any] = game.state()["game"]["board"]
    return board


def hexes_by_coord(b: dict[str, Any]) -> dict[tuple[int, int], dict[str, Any]]:
    return {(h["q"], h["r"]): h for h in b["hexes"]}


def axial_distance(a: tuple[int, int], b: tuple[int, int]) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def ccw_angle(h: tuple[int, int]) -> float:
    """The angle of a hex centre seen from the island's centre, counter-clockwise as seen on screen."""
    q, r = h
    x, y_down = math.sqrt(3) * (q + r / 2), 1.5 * r
    return math.atan2(-y_down, x) % (2 * math.pi)


def spiral_from(corner: int) -> list[tuple[int, int]]:
    """Written here independently of the engine: outer ring then inner ring then centre, each ring
    counter-clockwise from the corner hex in direction ``corner``."""
    directions = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
    order: list[tuple[int, int]] = []
    for radius in (2, 1):
        dq, dr = directions[corner]
        start = ccw_angle((dq * radius, dr * radius))
        ring = [(q, r) for q in range(-2, 3) for r in range(-2, 3) if axial_distance((q, r), (0, 0)) == radius]
        order += sorted(ring, key=lambda h: (ccw_angle(h) - start) % (2 * math.pi))
    return [*order, (0, 0)]


def tokens_follow_spiral(b: dict[str, Any]) -> bool:
    """Some corner exists from which the tokens lie in alphabetical order along the spiral, skipping the desert."""
    at = hexes_by_coord(b)
    for corner in range(6):
        laid = [at[h]["number"] for h in spiral_from(corner) if at[h]["terrain"] != "desert"]
        if laid == TOKENS:
            return True
    return False


def red_numbers_touch(b: dict[str, Any]) -> bool:
    reds = [c for c, h in hexes_by_coord(b).items() if h["number"] in (6, 8)]
    return any(axial_distance(a, c) == 1 for a in reds for c in reds)


def check_island(b: dict[str, Any]) -> None:
    """What every base-game board has: the standard shape, the tiles, the tokens and the harbours."""
    coords = set(hexes_by_coord(b))
    assert coords == {(q, r) for q in range(-2, 3) for r in range(-2, 3) if abs(q + r) <= 2}
    rows = Counter(r for _, r in coords)
    assert [rows[r] for r in range(-2, 3)] == [3, 4, 5, 4, 3]
    assert Counter(h["terrain"] for h in b["hexes"]) == Counter(TERRAINS)
    assert sorted(h["number"] for h in b["hexes"] if h["number"]) == sorted(TOKENS)
    for h in b["hexes"]:
        assert (h["number"] is None) == (h["terrain"] == "desert")
    assert Counter(hb["type"] for hb in b["harbors"]) == HARBOR_TYPES


def test_the_beginner_board_is_the_rule_books_starting_map() -> None:
    game = new(board="beginner")
    b = board(game)
    check_island(b)
    rows = []
    for r in range(-2, 3):
        row = sorted((h for h in b["hexes"] if h["r"] == r), key=lambda h: h["q"])
        rows.append([f"{h['terrain']} {h['number']}" if h["number"] else h["terrain"] for h in row])
    assert rows == BEGINNER
    harbors = [(hb["type"], hb["hex"], hb["side"]) for hb in b["harbors"]]
    assert harbors == [
        ("3:1", "A", "NW"),
        ("wool", "B", "NE"),
        ("3:1", "G", "NE"),
        ("3:1", "L", "E"),
        ("brick", "P", "SE"),
        ("wood", "R", "SE"),
        ("3:1", "Q", "SW"),
        ("grain", "M", "W"),
        ("ore", "D", "W"),
    ]


def test_the_robber_starts_on_the_desert() -> None:
    for seed in range(10):
        game = siedler.new_game("base", players=3, seed=seed)
        b = board(game)
        desert = next(h["id"] for h in b["hexes"] if h["terrain"] == "desert")
        assert game.state()["game"]["robber"] == desert


def test_harbours_sit_on_two_neighbouring_coastal_intersections() -> None:
    game = new()
    topo_edges = {tuple(e) for e in game.view(None)["board"]["edges"]}
    hexes_at: Counter[int] = Counter()
    assert isinstance(game, CatanGame)
    for h in game.board.topology.hex_nodes:  # the corners of every land hex
        hexes_at.update(h)
    for hb in board(game)["harbors"]:
        a, b = hb["nodes"]
        assert (a, b) in topo_edges
        assert hexes_at[a] < 3 and hexes_at[b] < 3, "a harbour lies on the coast"


def test_random_boards_lay_the_tokens_alphabetically_along_the_spiral() -> None:
    for seed in SEEDS:
        b = board(new(seed=seed, board="random"))
        check_island(b)
        assert tokens_follow_spiral(b), f"seed {seed}: tokens not in spiral order"


def test_balanced_boards_place_the_tokens_freely() -> None:
    """``balanced`` is the 5th edition's fully random set-up: tokens anywhere, red numbers kept apart."""
    off_spiral = 0
    for seed in SEEDS:
        b = board(new(seed=seed, board="balanced"))
        check_island(b)
        off_spiral += not tokens_follow_spiral(b)
    assert off_spiral >= len(SEEDS) - 2, "balanced boards should not be spiral boards"


def test_the_spiral_order_used_by_the_test_is_a_spiral() -> None:
    for corner in range(6):
        order = spiral_from(corner)
        assert len(set(order)) == 19
        assert all(axial_distance(a, b) == 1 for a, b in itertools.pairwise(order)), "each step goes to a neighbour"


def test_random_boards_vary_and_shuffle_terrain_harbours_and_start_corner() -> None:
    boards = [board(new(seed=seed, board="random")) for seed in SEEDS]
    terrains = {tuple(h["terrain"] for h in b["hexes"]) for b in boards}
    harbors = {tuple(hb["type"] for hb in b["harbors"]) for b in boards}
    deserts = {next(h["id"] for h in b["hexes"] if h["terrain"] == "desert") for b in boards}
    assert len(terrains) == len(boards)
    assert len(harbors) > 1
    assert len(deserts) > 5, "the desert lands anywhere, the tokens skip it"


def test_balanced_boards_never_have_6_or_8_side_by_side() -> None:
    for seed in range(150):
        assert not red_numbers_touch(board(new(seed=seed, board="balanced"))), f"seed {seed}"


def test_the_alphabetical_spiral_itself_never_puts_6_and_8_side_by_side() -> None:
    """Why ``balanced`` places tokens freely: the rule book's token order was designed so that, laid along
    the spiral from any corner and skipping the desert wherever it lies, no red numbers touch."""
    for corner in range(6):
        order = spiral_from(corner)
        for desert in order:
            tokens = iter(TOKENS)
            numbers = {h: (None if h == desert else next(tokens)) for h in order}
            b = {"hexes": [{"q": q, "r": r, "number": n} for (q, r), n in numbers.items()]}
            assert not red_numbers_touch(b)
    touching = {"hexes": [{"q": 0, "r": 0, "number": 6}, {"q": 1, "r": 0, "number": 8}]}
    assert red_numbers_touch(touching), "the check itself sees neighbours"


@pytest.mark.parametrize("kind", ["random", "balanced", "beginner"])
def test_the_board_is_determined_by_the_seed(kind: str) -> None:
    for seed in (0, 1, 12345):
        assert board(new(seed=seed, board=kind)) == board(new(seed=seed, board=kind))
    if kind != "beginner":
        assert board(new(seed=1, board=kind)) != board(new(seed=2, board=kind))


def test_the_default_board_is_random() -> None:
    b = board(siedler.new_game("base", players=4, seed=3))
    check_island(b)
    assert tokens_follow_spiral(b)


def test_pieces_and_bank_at_the_start() -> None:
    game = new()
    view = game.view(None)
    assert view["bank"] == {r: 19 for r in ("wood", "brick", "wool", "grain", "ore")}
    assert view["dev_deck"] == 25
    for p in view["players"]:
        assert p["pieces"] == {"road": 15, "settlement": 5, "city": 4}
        assert p["cards"] == 0 and p["vp"] == 0
    assert game.state()["game"]["dev_deck"] == {
        "knight": 14,
        "victory_point": 5,
        "road_building": 2,
        "year_of_plenty": 2,
        "monopoly": 2,
    }


def test_three_and_four_players_only() -> None:
    for players in (3, 4):
        assert siedler.new_game("base", players=players).num_players == players
    for players in (1, 2, 5):
        with pytest.raises(siedler.OptionError, match="3 to 4 players"):
            siedler.new_game("base", players=players)
