"""Matching machinery for C.04.6: [C3] completion checks and the 3.6 bracket pairing.

- :func:`maximum_matching` / :func:`has_perfect_matching`: Edmonds' blossom algorithm
  (cardinality), used for C.04.6 [C3] ("a legal pairing of the rest exists") and 3.4.1.
- :func:`first_pairing`: C.04.6 3.6 - among the perfect matchings of a bracket's legal
  graph, those with the least ([C8], [C9], [C10]) penalty, and of those the one with the
  lexicographically smallest identifier (3.6.2). The identifier is built greedily: first
  the set of top members (a vertex is a top member iff it is matched to a later vertex),
  vertex by vertex, then each top member's bottom member in turn, each step kept only if
  a completion still exists. Completions are found by augmenting an existing matching, so
  a step that the current matching already satisfies costs nothing.

Vertices are 0..n-1 in TPN order (the bracket sequence numbers of 3.6.1).
All weights are integers: with floats a maximum-weight matching is not exact.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence

__all__ = ["maximum_matching", "has_perfect_matching", "first_pairing", "identifier"]

EdgeOk = Callable[[int, int], bool]


def identifier(pairs: Iterable[tuple[int, int]]) -> tuple[int, ...]:
    """C.04.6 3.6.2: the top members (smaller TPN of each pair) ascending, then the bottom
    member of each of those pairs in the same order."""
    ordered = sorted((min(p), max(p)) for p in pairs)
    return tuple(a for a, _ in ordered) + tuple(b for _, b in ordered)


def _find_augmenting(n: int, adj: Sequence[Sequence[int]], match: list[int], root: int,
                     ok: EdgeOk | None) -> bool:
    """Edmonds' search from the exposed vertex ``root``; augments ``match`` in place if a path exists."""
    used = [False] * n
    parent = [-1] * n
    base = list(range(n))
    used[root] = True
    queue = deque([root])

    def lca(a: int, b: int) -> int:
        seen = [False] * n
        while True:
            a = base[a]
            seen[a] = True
            if match[a] == -1:
                break
            a = parent[match[a]]
        while True:
            b = base[b]
            if seen[b]:
                return b
            b = parent[match[b]]

    def mark(v: int, b: int, child: int, blossom: list[bool]) -> None:
        while base[v] != b:
            blossom[base[v]] = blossom[base[match[v]]] = True
            parent[v] = child
            child = match[v]
            v = parent[match[v]]

    while queue:
        v = queue.popleft()
        for to in adj[v]:
            if base[v] == base[to] or match[v] == to:
                continue
            if ok is not None and not ok(v, to):
                continue
            if to == root or (match[to] != -1 and parent[match[to]] != -1):
                cur = lca(v, to)
                blossom = [False] * n
                mark(v, cur, to, blossom)
                mark(to, cur, v, blossom)
                for i in range(n):
                    if blossom[base[i]]:
                        base[i] = cur
                        if not used[i]:
                            used[i] = True
                            queue.append(i)
            elif parent[to] == -1:
                parent[to] = v
                if match[to] == -1:
                    w = to
                    while w != -1:
                        pv = parent[w]
                        nxt = match[pv]
                        match[w] = pv
                        match[pv] = w
                        w = nxt
                    return True
                used[match[to]] = True
                queue.append(match[to])
    return False


def maximum_matching(n: int, adj: Sequence[Sequence[int]], ok: EdgeOk | None = None,
                     match: list[int] | None = None) -> list[int]:
    """A maximum-cardinality matching (``match[v]`` = partner or -1), Edmonds' algorithm."""
    if match is None:
        match = [-1] * n
        for v in range(n):
            if match[v] == -1:
                for u in adj[v]:
                    if match[u] == -1 and u != v and (ok is None or ok(v, u)):
                        match[v] = u
                        match[u] = v
                        break
    for v in range(n):
        if match[v] == -1:
            _find_augmenting(n, adj, match, v, ok)
    return match


def has_perfect_matching(nodes: Sequence[int], legal: Callable[[int, int], bool]) -> bool:
    """Does the graph on ``nodes`` with edges ``legal(a, b)`` have a perfect matching ([C3])?

    Dirac's theorem gives a quick yes: minimum degree >= n/2 implies a Hamiltonian cycle,
    hence (n even) a perfect matching.
    """
    n = len(nodes)
    if n == 0:
        return True
    if n % 2:
        return False
    adj: list[list[int]] = [[] for _ in range(n)]
    for i in range(n):
        a = nodes[i]
        for j in range(i + 1, n):
            if legal(a, nodes[j]):
                adj[i].append(j)
                adj[j].append(i)
    if n > 2 and min(len(x) for x in adj) * 2 >= n:
        return True
    match = maximum_matching(n, adj)
    return all(m != -1 for m in match)


def load_weighted_matching() -> None:
    """Import the weighted-matching library now: a server does it at start, so that no request pays for it.

    (A file command never calls this: it imports networkx only when a bracket needs it.)"""
    import networkx  # noqa: F401


def _weighted_perfect(n: int, edges: Iterable[tuple[int, int, int]]) -> list[int] | None:
    """A perfect matching of maximum total (integer) weight, or None (networkx blossom).

    networkx is imported here, when a bracket first needs a weighted matching: importing it
    costs ~0.1 s, more than pairing a round of 150 teams, and most rounds never need it."""
    import networkx as nx

    g = nx.Graph()
    g.add_nodes_from(range(n))
    g.add_weighted_edges_from(edges)
    m = nx.max_weight_matching(g, maxcardinality=True)
    if 2 * len(m) != n:
        return None
    match = [-1] * n
    for a, b in m:
        match[a] = b
        match[b] = a
    return match


def _hungarian_duals(cost: list[list[int | None]]) -> tuple[list[int], list[int]] | None:
    """Min-cost perfect assignment duals (u rows, v cols) for a square matrix; None = no assignment.

    ``None`` entries are forbidden. Classic O(n^3) shortest-augmenting-path Hungarian method.
    """
    n = len(cost)
    inf = float("inf")
    big = 1 + sum(max((c for c in row if c is not None), default=0) for row in cost)
    big *= 4 * (n + 1)
    # the duals are whole numbers, typed float because ``delta`` starts at infinity
    u: list[float] = [0] * (n + 1)
    v: list[float] = [0] * (n + 1)
    p = [0] * (n + 1)
    way = [0] * (n + 1)
    for i in range(1, n + 1):
        p[0] = i
        j0 = 0
        minv = [inf] * (n + 1)
        used = [False] * (n + 1)
        while True:
            used[j0] = True
            i0 = p[j0]
            delta = inf
            j1 = -1
            row = cost[i0 - 1]
            for j in range(1, n + 1):
                if not used[j]:
                    c = row[j - 1]
                    cur = (big if c is None else c) - u[i0] - v[j]
                    if cur < minv[j]:
                        minv[j] = cur
                        way[j] = j0
                    if minv[j] < delta:
                        delta = minv[j]
                        j1 = j
            for j in range(n + 1):
                if used[j]:
                    u[p[j]] += delta
                    v[j] -= delta
                else:
                    minv[j] -= delta
            j0 = j1
            if p[j0] == 0:
                break
        while True:
            j1 = way[j0]
            p[j0] = p[j1]
            j0 = j1
            if j0 == 0:
                break
    for j in range(1, n + 1):
        if cost[p[j] - 1][j - 1] is None:
            return None
    return [int(x) for x in u[1:]], [int(x) for x in v[1:]]


def first_pairing(
    n: int,
    legal: Callable[[int, int], bool],
    penalty: Callable[[int, int], int],
) -> tuple[list[tuple[int, int]], int] | None:
    """C.04.6 3.6 on vertices 0..n-1 (TPN order): the first pairing by identifier among the
    perfect matchings of least total ``penalty``. Returns ((top, bottom) pairs in identifier
    order, total penalty), or None if the bracket has no legal perfect matching.
    """
    if n == 0:
        return [], 0
    if n % 2:
        return None
    half = n // 2
    # fast path: the identifier-first pairing 0-h, 1-h+1, ... (3.6.3) if it is legal and free
    if all(legal(i, i + half) and penalty(i, i + half) == 0 for i in range(half)):
        return [(i, i + half) for i in range(half)], 0
    adj: list[list[int]] = [[] for _ in range(n)]
    pen: dict[tuple[int, int], int] = {}
    for a in range(n):
        for b in range(a + 1, n):
            if legal(a, b):
                adj[a].append(b)
                adj[b].append(a)
                pen[(a, b)] = penalty(a, b)
    if not any(pen.values()):
        match = maximum_matching(n, adj)
        if any(m == -1 for m in match):
            return None
        return _lex_unweighted(n, adj, match), 0
    # is the penalty avoidable altogether? Then the zero-penalty subgraph is all we need.
    free_adj = [[b for b in adj[a] if pen[(min(a, b), max(a, b))] == 0] for a in range(n)]
    match = maximum_matching(n, free_adj)
    if all(m != -1 for m in match):
        return _lex_unweighted(n, free_adj, match), 0
    return _lex_weighted(n, adj, pen)


def _lex_unweighted(n: int, adj: list[list[int]], match: list[int]) -> list[tuple[int, int]]:
    """Greedy identifier construction over the perfect matchings of ``adj`` (see module doc)."""
    TOP, BOT = 1, 2
    role = [0] * n

    def ok_roles(a: int, b: int) -> bool:
        lo, hi = (a, b) if a < b else (b, a)
        return role[lo] != BOT and role[hi] != TOP

    tops = 0
    half = n // 2
    for k in range(n):
        if tops == half:
            role[k] = BOT
            continue
        if match[k] > k:
            role[k] = TOP
            tops += 1
            continue
        # try k as a top member: drop its edge to an earlier vertex and re-augment
        role[k] = TOP
        saved = match[:]
        m = match[k]
        match[k] = match[m] = -1
        if _find_augmenting(n, adj, match, k, ok_roles) and match[k] > k and match[m] != -1:
            tops += 1
        else:
            match[:] = saved
            role[k] = BOT
    return _lex_bottoms(n, adj, match, role)


def _lex_bottoms(n: int, adj: list[list[int]], match: list[int], role: list[int]) -> list[tuple[int, int]]:
    """Given the top members (``role`` 1) and a perfect matching respecting them, give each top
    member in turn the smallest bottom member that still leaves a perfect matching."""
    fixed = [False] * n

    def ok(a: int, b: int) -> bool:
        if fixed[a] or fixed[b]:
            return False
        lo, hi = (a, b) if a < b else (b, a)
        return role[lo] == 1 and role[hi] == 2

    pairs: list[tuple[int, int]] = []
    for t in range(n):
        if role[t] != 1:
            continue
        for b in sorted(x for x in adj[t] if x > t and role[x] == 2 and not fixed[x]):
            if match[t] == b:
                break
            saved = match[:]
            x, y = match[t], match[b]
            match[x] = match[y] = -1
            match[t] = b
            match[b] = t
            fixed[t] = fixed[b] = True
            if _find_augmenting(n, adj, match, x, ok):
                break
            match[:] = saved
            fixed[t] = fixed[b] = False
        else:  # pragma: no cover - the current matching's own partner always succeeds
            raise AssertionError("no bottom member found")
        fixed[t] = fixed[match[t]] = True
        pairs.append((t, match[t]))
    return pairs


def _lex_weighted(n: int, adj: list[list[int]], pen: dict[tuple[int, int], int]
                  ) -> tuple[list[tuple[int, int]], int] | None:
    """As :func:`_lex_unweighted` when some penalty is unavoidable: the top members are chosen
    with weighted matchings (networkx, small integer weights), the bottom members inside the
    equality subgraph of an optimal assignment's duals (every least-penalty assignment, and
    only those, use its edges only)."""
    half = n // 2
    top_pen = max(pen.values()) + 1
    scale = half + 1

    def weights(role: list[int]) -> list[tuple[int, int, int]]:
        out = []
        for (a, b), p in pen.items():
            if role[a] == 2 or role[b] == 1:
                continue
            hint = 1 if a < half <= b else 0  # prefer the ideal split among equal penalties
            out.append((a, b, (top_pen - p) * scale + hint))
        return out

    def total(match: list[int]) -> int:
        return sum(pen[(a, match[a])] for a in range(n) if match[a] > a)

    role = [0] * n
    match = _weighted_perfect(n, weights(role))
    if match is None:
        return None
    best = total(match)
    tops = 0
    for k in range(n):
        if tops == half:
            role[k] = 2
            continue
        if match[k] > k:
            role[k] = 1
            tops += 1
            continue
        role[k] = 1
        trial = _weighted_perfect(n, weights(role))
        if trial is not None and total(trial) == best:
            match = trial
            tops += 1
        else:
            role[k] = 2
    # bottoms: Hungarian duals on tops x bottoms, then the greedy inside the equality subgraph
    top_list = [v for v in range(n) if role[v] == 1]
    bot_list = [v for v in range(n) if role[v] == 2]
    cost: list[list[int | None]] = [
        [pen.get((t, b)) if b > t else None for b in bot_list] for t in top_list
    ]
    duals = _hungarian_duals(cost)
    assert duals is not None
    u, v = duals
    tight: list[list[int]] = [[] for _ in range(n)]
    for i, t in enumerate(top_list):
        for j, b in enumerate(bot_list):
            c = cost[i][j]
            if c is not None and u[i] + v[j] == c:
                tight[t].append(b)
                tight[b].append(t)
    sub = maximum_matching(n, tight)
    assert all(m != -1 for m in sub)
    pairs = _lex_bottoms(n, tight, sub, role)
    assert sum(pen[p] for p in pairs) == best
    return pairs, best
