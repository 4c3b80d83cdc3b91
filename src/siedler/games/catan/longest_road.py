"""The longest road: the longest trail (no path used twice) through one player's roads.

A trail may not pass through an intersection holding another player's settlement or city; it may end
there. Such an intersection is therefore split into one private end per road touching it, after which
each connected piece of the network is either a tree, whose longest trail is its diameter (two
breadth-first sweeps), or contains a cycle, where an exhaustive depth-first search over trails is exact.
Networks hold at most 15 roads and are nearly always trees, so the fast case is the common one: the
longest road is recomputed on every road built, which made it a tenth of a random game's time.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence

Adjacency = dict[Hashable, list[tuple[int, Hashable]]]


def longest_trail(
    seat: int, edges: Sequence[int], edge_nodes: Sequence[tuple[int, int]], node_owner: Sequence[int]
) -> int:
    if len(edges) < 2:
        return len(edges)
    adj: Adjacency = {}
    for e in edges:
        a, b = edge_nodes[e]
        oa, ob = node_owner[a], node_owner[b]
        ka: Hashable = a if oa < 0 or oa == seat else (a, e)
        kb: Hashable = b if ob < 0 or ob == seat else (b, e)
        if ka in adj:
            adj[ka].append((e, kb))
        else:
            adj[ka] = [(e, kb)]
        if kb in adj:
            adj[kb].append((e, ka))
        else:
            adj[kb] = [(e, ka)]
    best = 0
    seen: set[Hashable] = set()
    for root in adj:
        if root in seen:
            continue
        component = [root]
        seen.add(root)
        degree_sum = 0
        for v in component:
            neighbours = adj[v]
            degree_sum += len(neighbours)
            for _, w in neighbours:
                if w not in seen:
                    seen.add(w)
                    component.append(w)
        if degree_sum // 2 == len(component) - 1:
            length = _tree_diameter(adj, root)
        else:
            length = _trail_search(adj, component)
        if length > best:
            best = length
    return best


def _farthest(adj: Adjacency, start: Hashable) -> tuple[Hashable, int]:
    dist = {start: 0}
    frontier = [start]
    far, far_d = start, 0
    while frontier:
        nxt = []
        for v in frontier:
            d = dist[v] + 1
            for _, w in adj[v]:
                if w not in dist:
                    dist[w] = d
                    nxt.append(w)
                    if d > far_d:
                        far, far_d = w, d
        frontier = nxt
    return far, far_d


def _tree_diameter(adj: Adjacency, root: Hashable) -> int:
    end, _ = _farthest(adj, root)
    return _farthest(adj, end)[1]


def _trail_search(adj: Adjacency, component: list[Hashable]) -> int:
    """Exhaustive search over trails; a longest trail can be taken to start at a node whose degree is not
    two, and a bare cycle has none, so then any node will do."""
    best = 0
    used: set[int] = set()
    total = sum(len(adj[v]) for v in component) // 2

    def walk(node: Hashable, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        for e, nxt in adj[node]:
            if e not in used:
                used.add(e)
                walk(nxt, length + 1)
                used.discard(e)

    starts = [v for v in component if len(adj[v]) != 2] or component[:1]
    for node in starts:
        walk(node, 0)
        if best == total:
            break
    return best
