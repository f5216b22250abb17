"""The graph candidate source: entities named in the query, the memories that mention
them, and memories one or two relation hops away.

Offline and deterministic. The query's word n-grams (up to ``MAX_NGRAM`` words,
case-insensitive) are looked up among the entity names stored in the scope; each
match is a hop-0 entity. Relations (``caused_by``, ``motivated_by``, ``requires``,
``resulted_in``, ``lives_in``, ``works_at``... whatever the write path stored) lead
to hop-1 and hop-2 entities. Every memory linked to an entity at hop ``h`` gets the
graph-proximity score ``graph_hop_decay ** h`` (1.0 for a direct mention); a memory
reached several ways keeps its best path. Entities linked to more than
``graph_entity_max_memories`` memories (a speaker's name in a chat log, the user
themself) say nothing about which memory is meant and are not expanded.

The proximity list is fused with the semantic sources by
:func:`remem.read.fuse.blend_graph` (``graph_weight``: 0.5/0.5 by default).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from remem.config import Config
from remem.model import Scope
from remem.store.base import ListFilter, Store

MAX_NGRAM = 4
_WORD = re.compile(r"[\w][\w&.'\-]*", re.UNICODE)


@dataclass(frozen=True, slots=True)
class GraphPath:
    """Why the graph source proposed a memory: the entity it mentions, how many
    relation hops that entity is from one named in the query, and through what."""

    entity: str
    hops: int
    score: float
    via: tuple[str, ...] = ()  # "Alice -[works_at]-> Acme", one step a hop

    def explain(self) -> dict[str, object]:
        out: dict[str, object] = {"entity": self.entity, "hops": self.hops}
        if self.via:
            out["via"] = list(self.via)
        return out


def query_phrases(query: str, *, max_words: int = MAX_NGRAM) -> list[str]:
    """Every run of 1..``max_words`` consecutive words of ``query`` (case kept; the
    store matches case-insensitively), longest first."""
    words = [w.strip(".'-") for w in _WORD.findall(query)]
    words = [w[:-2] if w.endswith(("'s", "’s")) else w for w in words if w]
    out: dict[str, None] = {}
    for size in range(min(max_words, len(words)), 0, -1):
        for start in range(len(words) - size + 1):
            out.setdefault(" ".join(words[start : start + size]), None)
    return list(out)


def graph_search(
    store: Store,
    query: str,
    *,
    scope: Scope,
    config: Config,
    filters: ListFilter | None = None,
) -> tuple[list[tuple[str, float]], dict[str, GraphPath]]:
    """``([(memory_id, proximity)...] best first, {memory_id: path})`` for ``query``.

    Empty when the query names no entity stored in ``scope``. Every lookup is scoped.
    """
    matched = store.match_entities(scope, query_phrases(query))
    frontier: dict[int, tuple[str, tuple[str, ...]]] = {}
    names: dict[int, str] = {}
    for entity_id, name, linked in matched:
        names[entity_id] = name
        if linked <= config.graph_entity_max_memories:
            frontier[entity_id] = (name, ())
    # best hop count per entity (deduplicated by entity), BFS over relations
    reached: dict[int, tuple[int, tuple[str, ...]]] = {
        e: (0, via) for e, (_, via) in frontier.items()
    }
    layer = dict(reached)
    for hop in range(1, config.graph_hops + 1):
        if not layer:
            break
        nxt: dict[int, tuple[int, tuple[str, ...]]] = {}
        for src, predicate, dst, src_name, dst_name in store.entity_relations(scope, list(layer)):
            names.setdefault(src, src_name)
            names.setdefault(dst, dst_name)
            for here, there in ((src, dst), (dst, src)):
                if here in layer and there not in reached and there not in nxt:
                    step = f"{src_name} -[{predicate}]-> {dst_name}"
                    nxt[there] = (hop, (*layer[here][1], step))
        # a hub reached through a relation is as uninformative as one named in the query
        counts = {e: n for e, _, n in store.match_entities(scope, [names[e] for e in nxt])}
        nxt = {e: v for e, v in nxt.items() if counts.get(e, 0) <= config.graph_entity_max_memories}
        reached.update(nxt)
        layer = nxt
    if not reached:
        return [], {}
    best: dict[str, GraphPath] = {}
    for memory_id, entity_id in store.entity_memories(
        scope, list(reached), filters=filters, limit=config.graph_link_limit
    ):
        hops, via = reached[entity_id]
        path = GraphPath(names[entity_id], hops, config.graph_hop_decay**hops, via)
        current = best.get(memory_id)
        if current is None or path.hops < current.hops:
            best[memory_id] = path
    ordered = sorted(best.items(), key=lambda item: (-item[1].score, item[0]))
    ordered = ordered[: config.graph_candidates]
    return [(m, p.score) for m, p in ordered], dict(ordered)
