"""The longest road: the longest trail (no path used twice) through one player's roads.

A trail may not pass through an intersection holding another player's settlement or city; it may end
there. Such an intersection is therefore split into one private end per road touching it, after which
each connected piece of the network is either a tree, whose longest trail is its diameter (two
breadth-first sweeps), or contains a cycle, where an exhaustive depth-first search over trails is exact.
Networks hold at most 15 roads and are nearly always trees, so the fast case is the common one: the
longest road is recomputed on every road built, which made it a tenth of a random game's time.

The graph is kept in flat lists of ints rather than dictionaries of tuples, so that the compiled build
allocates a handful of lists per call: road ``i`` has two slots, ``2 * i`` and ``2 * i + 1``, one at each of
its ends; ``ends[s]`` is the vertex of slot ``s`` (the other end's is ``ends[s ^ 1]``), and the slots at
vertex ``v`` are chained from ``head[v]`` through ``link``. A vertex is an intersection's number, or, for
the end of road ``i`` at another player's building, a number of its own past the intersections.
"""

from __future__ import annotations


def longest_trail(
    seat: int, edges: tuple[int, ...], edge_nodes: tuple[tuple[int, int], ...], node_owner: list[int]
) -> int:
    """The longest trail through ``seat``'s ``edges`` (a tuple, as the state keeps them; concrete types, not
    ``Sequence``, so that the compiled build indexes them directly)."""
    m = len(edges)
    if m < 2:
        return m
    base = len(node_owner)
    size = base + 2 * m
    ends = [0] * (2 * m)
    head = [-1] * size
    link = [-1] * (2 * m)
    for i in range(m):
        a, b = edge_nodes[edges[i]]
        owner = node_owner[a]
        va = a if owner < 0 or owner == seat else base + 2 * i
        owner = node_owner[b]
        vb = b if owner < 0 or owner == seat else base + 2 * i + 1
        ends[2 * i] = va
        link[2 * i] = head[va]
        head[va] = 2 * i
        ends[2 * i + 1] = vb
        link[2 * i + 1] = head[vb]
        head[vb] = 2 * i + 1
    best = 0
    placed = [False] * m  # roads already in a component
    seen = [False] * size  # vertices already in a component
    dist = [-1] * size  # a vertex's distance from where a sweep began
    for first in range(m):
        if placed[first]:
            continue
        placed[first] = True
        roads = [first]
        vertices: list[int] = []
        k = 0
        while k < len(roads):
            r = roads[k]
            k += 1
            for s in range(2 * r, 2 * r + 2):
                v = ends[s]
                if not seen[v]:
                    seen[v] = True
                    vertices.append(v)
                    t = head[v]
                    while t >= 0:
                        if not placed[t >> 1]:
                            placed[t >> 1] = True
                            roads.append(t >> 1)
                        t = link[t]
        if len(roads) == len(vertices) - 1:
            far = _farthest(vertices[0], head, link, ends, dist, vertices)[0]
            length = _farthest(far, head, link, ends, dist, vertices)[1]
        else:
            length = _trail_search(head, link, ends, vertices, len(roads), m)
        if length > best:
            best = length
    return best


def _farthest(
    start: int, head: list[int], link: list[int], ends: list[int], dist: list[int], vertices: list[int]
) -> tuple[int, int]:
    """A vertex of the tree farthest from ``start``, and its distance (``dist`` of the tree's ``vertices``
    is reset to -1 first, and holds the sweep's distances after)."""
    for v in vertices:
        dist[v] = -1
    dist[start] = 0
    frontier = [start]
    far, far_d = start, 0
    while frontier:
        nxt: list[int] = []
        for v in frontier:
            d = dist[v] + 1
            t = head[v]
            while t >= 0:
                w = ends[t ^ 1]
                if dist[w] < 0:
                    dist[w] = d
                    nxt.append(w)
                    if d > far_d:
                        far, far_d = w, d
                t = link[t]
        frontier = nxt
    return far, far_d


def _trail_search(head: list[int], link: list[int], ends: list[int], vertices: list[int], total: int, m: int) -> int:
    """Exhaustive search over trails of a component of ``total`` roads; a longest trail can be taken to
    start at a vertex whose degree is not two, and a bare cycle has none, so then any vertex will do."""
    starts = [v for v in vertices if _degree(head, link, v) != 2] or vertices[:1]
    used = [False] * m
    best = 0
    for v in starts:
        found = _walk(v, 0, head, link, ends, used)
        if found > best:
            best = found
        if best == total:
            break
    return best


def _degree(head: list[int], link: list[int], v: int) -> int:
    degree = 0
    t = head[v]
    while t >= 0:
        degree += 1
        t = link[t]
    return degree


def _walk(v: int, length: int, head: list[int], link: list[int], ends: list[int], used: list[bool]) -> int:
    """The longest trail's length from ``v``, ``length`` roads into it, over roads not ``used`` yet."""
    best = length
    t = head[v]
    while t >= 0:
        road = t >> 1
        if not used[road]:
            used[road] = True
            found = _walk(ends[t ^ 1], length + 1, head, link, ends, used)
            used[road] = False
            if found > best:
                best = found
        t = link[t]
    return best
