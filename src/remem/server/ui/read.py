"""Read-only pages: search (the score breakdown and the tier that answered), browse
(by category, kind, status), and one memory (its fields, history chain and source).
Each is a call into :class:`~remem.Memory` in the caller's scope, as REST makes."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from remem.model import AuditEvent, Kind, MemoryRecord, SearchHit, Status
from remem.read.tiered import SummaryHit
from remem.server.ui import charts
from remem.server.ui.html import Markup, fields, h, href, join, message, select, table
from remem.server.ui.web import PREFIX, Html, View, notice, page

PAGE_SIZE = 50
SEARCH_LIMIT = 20
MAX_QUERY = 2000


def memory_link(record: MemoryRecord, text: str | None = None) -> Markup:
    return h('<a href="{}">{}</a>', f"{PREFIX}/memories/{record.id}", text or record.id[:12])


def badge(value: object) -> Markup:
    return h('<span class="badge b-{}">{}</span>', value, value)


# -- search -------------------------------------------------------------------------------
@page("/search")
def search(view: View) -> Html:
    query = view.arg("q").strip()[:MAX_QUERY]
    mode = "items" if view.arg("mode") == "items" else "tiered"
    history = view.arg("history") == "1"
    form = h(
        '<form method="get" action="{}" class="search" role="search">'
        '<label for="f-q">Query</label><input type="search" id="f-q" name="q" value="{}" autofocus>'
        '<label><input type="checkbox" name="mode" value="items"{}> memories only (skip summaries)</label>'
        '<label><input type="checkbox" name="history" value="1"{}> superseded versions too</label>'
        '<button type="submit">Search</button></form>',
        f"{PREFIX}/search",
        query,
        Markup(" checked" if mode == "items" else ""),
        Markup(" checked" if history else ""),
    )
    if not query:
        return Html("Search", join([notice(view), form]), section="search")
    kw = view.ctx.kw
    with view.ctx.memory() as mem:
        if mode == "tiered" and not history:
            result = mem.recall_tiered(query, **kw, limit=SEARCH_LIMIT)
            tier, hits, summaries = result.tier, result.items, result.summaries
        else:
            hits = mem.search(query, **kw, limit=SEARCH_LIMIT, include_history=history)
            tier, summaries = "items", []
    if tier == "summaries":
        said = h(
            '<p class="tier">Answered by <strong>tier 1: category summaries</strong> '
            '({} summar{}). <a href="{}">Search the memories instead</a>.</p>',
            len(summaries),
            "y" if len(summaries) == 1 else "ies",
            href(f"{PREFIX}/search", q=query, mode="items"),
        )
        shown = join(_summary(s) for s in summaries)
    else:
        said = h(
            '<p class="tier">Answered by <strong>tier 2: memories</strong>{} — {} result{}.</p>',
            " (no category summary covered the query)" if mode == "tiered" and not history else "",
            len(hits),
            "" if len(hits) == 1 else "s",
        )
        shown = join(_hit(i, hit) for i, hit in enumerate(hits, 1)) or message(
            "nothing found", kind="ok"
        )
    return Html("Search", join([notice(view), form, said, shown]), section="search")


def _summary(hit: SummaryHit) -> Markup:
    s = hit.summary
    return h(
        '<article class="hit"><header><span class="score">{}</span> summary of <strong>{}</strong>'
        ' · {} facts · matched: {}</header><pre class="content">{}</pre></article>',
        f"{hit.score:.3f}",
        s.category,
        s.facts,
        ", ".join(hit.matched) or "-",
        s.content,
    )


def _hit(i: int, hit: SearchHit) -> Markup:
    m = hit.memory
    tags = hit.explain.get("tags") or []
    return h(
        '<article class="hit"><header><span class="rank">#{}</span> <span class="score">{}</span> '
        '{} {} {} · found by {} · {}</header><p class="content">{}</p>'
        "<details><summary>Why this score</summary>{}</details></article>",
        i,
        f"{hit.score:.4f}",
        badge(m.kind),
        badge(m.status),
        m.category or "",
        "+".join(hit.sources) or "-",
        memory_link(m),
        m.content + "".join(f" [{t}]" for t in tags),
        explain(hit.explain),
    )


def explain(parts: dict[str, Any]) -> Markup:
    """A hit's score breakdown: the rank factors as bars, every part as a table row."""
    rank = parts.get("rank")
    bars = Markup("")
    if isinstance(rank, dict):
        factors = [(k, float(v)) for k, v in rank.items() if isinstance(v, int | float)]
        bars = charts.factor_bars(factors)
    rows = []
    for name, part in parts.items():
        if isinstance(part, dict):
            shown = ", ".join(f"{k}={_short(v)}" for k, v in part.items())
        else:
            shown = _short(part)
        rows.append((name, shown))
    return join([bars, table(("part", "values"), rows, cls="explain")])


def _short(value: object) -> str:
    if isinstance(value, float):
        return f"{value:.4g}"
    if isinstance(value, dict):
        return "{" + ", ".join(f"{k}={_short(v)}" for k, v in value.items()) + "}"
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_short(v) for v in value) + "]"
    return str(value)


# -- browse -------------------------------------------------------------------------------
@page("/memories")
def browse(view: View) -> Html:
    category, kind, status = view.arg("category"), view.arg("kind"), view.arg("status") or "active"
    try:
        offset = max(0, int(view.arg("offset") or 0))
    except ValueError:
        offset = 0
    filters: dict[str, Any] = {"status": status}
    if category:
        filters["category"] = category
    if kind:
        filters["kind"] = kind
    # Within the key's scope, narrow to one agent or namespace (a filter can only
    # narrow the scope, never widen it: remem.filters).
    within = {name: view.arg(name).strip() for name in ("agent_id", "namespace")}
    filters.update({name: value for name, value in within.items() if value})
    categories = list(view.ctx.engine.config.categories)
    if category and category not in categories:
        categories.append(category)
    form = h(
        '<form method="get" action="{}" class="filters">'
        '<label for="f-category">Category</label>{}<label for="f-kind">Kind</label>{}'
        '<label for="f-status">Status</label>{}'
        '<label for="f-agent_id">Agent</label><input id="f-agent_id" name="agent_id" value="{}" size="10">'
        '<label for="f-namespace">Namespace</label><input id="f-namespace" name="namespace" value="{}" size="10">'
        '<button type="submit">Show</button></form>',
        f"{PREFIX}/memories",
        select("category", categories, category),
        select("kind", [k.value for k in Kind], kind),
        select("status", [s.value for s in Status], status, blank=""),
        within["agent_id"],
        within["namespace"],
    )
    with view.ctx.memory() as mem:
        listing = mem.list(**view.ctx.kw, filters=filters, offset=offset, limit=PAGE_SIZE)
    rows = [
        (
            memory_link(m),
            m.content,
            badge(m.kind),
            m.category or "",
            " / ".join(v for v in (m.agent_id, m.namespace) if v) or "-",
            badge(m.status),
            f"{m.importance:.2f}",
            m.updated_at,
        )
        for m in listing.items
    ]
    pager = []
    query = {"category": category, "kind": kind, "status": status, **within}
    if offset > 0:
        pager.append(
            h(
                '<a href="{}">← newer</a>',
                href(f"{PREFIX}/memories", **query, offset=max(0, offset - PAGE_SIZE)),
            )
        )
    if offset + PAGE_SIZE < listing.total:
        pager.append(
            h(
                '<a href="{}">older →</a>',
                href(f"{PREFIX}/memories", **query, offset=offset + PAGE_SIZE),
            )
        )
    shown = f"{min(listing.total, offset + 1)}–{min(listing.total, offset + len(listing.items))} of {listing.total}"
    body = join(
        [
            notice(view),
            form,
            h('<p class="count">{}</p>', shown),
            table(
                (
                    "id",
                    "content",
                    "kind",
                    "category",
                    "agent / namespace",
                    "status",
                    "importance",
                    "updated",
                ),
                rows,
            ),
            h('<p class="pager">{}</p>', join(pager, " ")),
        ]
    )
    return Html("Browse memories", body, section="memories")


# -- one memory ---------------------------------------------------------------------------
@page("/memories/{memory_id}")
def memory(view: View) -> Html:
    kw = view.ctx.kw
    with view.ctx.memory() as mem:
        record = mem.get(view.path("memory_id"), **kw)
        events = mem.history(record.id, **kw)
        source = mem.source(record.id, **kw)
    chain = _chain(events)
    src = (
        h(
            '<dl class="fields"><dt>id</dt><dd>{}</dd><dt>kind</dt><dd>{}</dd><dt>role</dt><dd>{}</dd>'
            '<dt>session</dt><dd>{}</dd><dt>received</dt><dd>{}</dd></dl><pre class="content">{}</pre>',
            source.id,
            source.kind,
            source.role or "",
            source.session_id or "",
            source.created_at,
            source.content,
        )
        if source is not None
        else message(
            "no source input recorded (added directly, or its input was purged)", kind="ok"
        )
    )
    from remem.server.ui import edit  # the forms that change it (writers)

    body = join(
        [
            notice(view),
            h('<p class="content big">{}</p>', record.content),
            edit.forms(view, record),
            h("<h2>History</h2>{}", chain),
            h("<h2>Source</h2>{}", src),
            h("<h2>All fields</h2>{}", fields(_record_fields(record))),
        ]
    )
    return Html(f"Memory {record.id[:12]}", body, section="memories")


def _chain(events: list[AuditEvent]) -> Markup:
    rows = [
        (
            e.at.strftime("%Y-%m-%d %H:%M:%S"),
            badge(e.event),
            h('<a href="{}">{}</a>', f"{PREFIX}/memories/{e.memory_id}", (e.memory_id or "")[:12])
            if e.memory_id
            else "",
            ", ".join(f"{k}={_short(v)}" for k, v in e.detail.items() if v is not None),
        )
        for e in events
    ]
    return table(("at", "event", "version", "detail"), rows, cls="history")


def _record_fields(record: MemoryRecord) -> dict[str, Any]:
    return {k: v for k, v in asdict(record).items() if k != "content"}
