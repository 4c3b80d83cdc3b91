"""The longest road: the longest trail (no path used twice) through one player's roads.

A trail may not pass through an intersection holding another player's settlement or city; it may end
there. Road networks hold at most 15 paths, so a depth-first search over trails is fast enough and
exact, including branches and cycles.
"""

from __future__ import annotations

from collections.abc import Sequence


def longest_trail(seat: int, edges: Sequence[int], edge_nodes: Sequence[tuple[int, int]],
                  node_owner: Sequence[int]) -> int:
    if not edges:
        return 0
    adj: dict[int, list[tuple[int, int]]] = {}
    for e in edges:
        a, b = edge_nodes[e]
        adj.setdefault(a, []).append((e, b))
        adj.setdefault(b, []).append((e, a))
    best = 0
    used: set[int] = set()

    def walk(node: int, length: int) -> None:
        nonlocal best
        if length > best:
            best = length
        if length and node_owner[node] not in (-1, seat):
            return  # an opponent's building cuts the road here
        for e, nxt in adj[node]:
            if e not in used:
                used.add(e)
                walk(nxt, length + 1)
                used.discard(e)

    # A longest trail can always be taken to start at a dead end, a branch or a cut point; a component that
    # is a bare cycle has none of these, so one of its nodes is added as a start.
    def is_start(n: int) -> bool:
        return len(adj[n]) != 2 or node_owner[n] not in (-1, seat)

    starts: list[int] = []
    seen: set[int] = set()
    for root in adj:
        if root in seen:
            continue
        component = [root]
        seen.add(root)
        for n in component:
            for _, m in adj[n]:
                if m not in seen:
                    seen.add(m)
                    component.append(m)
        own = [n for n in component if is_start(n)]
        starts.extend(own or component[:1])
    for node in starts:
        walk(node, 0)
        if best == len(edges):
            break
    return best
