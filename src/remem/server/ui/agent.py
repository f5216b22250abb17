"""The agent's memory: episodes, forward triggers and working memory — each listed,
and changed where remem lets a user change it (an open episode closed with its
outcome, a trigger done or cancelled, a working item added, promoted or cleared).
The same calls as the REST routes, in the caller's scope. Lessons and rules: :mod:`remem.server.ui.instructions`."""

from __future__ import annotations

from datetime import UTC, date, datetime, time

from remem.agent.episodes import Episodes
from remem.agent.triggers import Triggers
from remem.errors import ValidationError
from remem.model import KeyRole
from remem.server.ui.html import Markup, h, hidden, join, post_form, select, table
from remem.server.ui.read import badge
from remem.server.ui.web import PREFIX, Html, Response, View, action, done, notice, page

LIST_LIMIT = 200
MAX_LEARNINGS = 100  # lines of an episode's learnings (EpisodeCompleteBody's limit)


def _link(kind: str, record_id: str) -> Markup:
    return h('<a href="{}">{}</a>', f"{PREFIX}/{kind}/{record_id}", record_id[:12])


def _writer_form(view: View, form: Markup) -> Markup:
    return form if view.can(KeyRole.WRITER) else Markup("")


# -- episodes -----------------------------------------------------------------------------
@page("/episodes")
def episodes(view: View) -> Html:
    status = view.arg("status")
    if status not in ("", "open", "completed"):
        raise ValidationError("status is open or completed")
    with view.ctx.memory() as mem:
        found = Episodes(mem, view.scope).list(status=status or None, limit=LIST_LIMIT)
    rows = [
        (
            _link("episodes", e.id),
            e.task,
            badge(e.status),
            "" if e.success is None else badge("success" if e.success else "failure"),
            "" if e.outcome_score is None else f"{e.outcome_score:.2f}",
            e.started_at,
        )
        for e in found
    ]
    form = h(
        '<form method="get" action="{}" class="filters"><label for="f-status">Status</label>{}'
        '<button type="submit">Show</button></form>',
        f"{PREFIX}/episodes",
        select("status", ["open", "completed"], status),
    )
    body = join([form, table(("id", "task", "status", "outcome", "score", "started"), rows)])
    return Html("Episodes", body, section="episodes")


@page("/episodes/{episode_id}")
def episode(view: View) -> Html:
    with view.ctx.memory() as mem:
        e = Episodes(mem, view.scope).get(view.path("episode_id"))
    actions = table(
        ("type", "target", "description", "result"),
        [(a.type, a.target, a.description, a.result or "") for a in e.actions],
    )
    facts = {
        "task": e.task,
        "status": e.status,
        "context": e.context or "",
        "constraints": "; ".join(e.constraints),
        "approach": e.approach or "",
        "alternatives": "; ".join(e.alternatives),
        "outcome": "" if e.success is None else ("success" if e.success else "failure"),
        "score": "" if e.outcome_score is None else f"{e.outcome_score:.2f}",
        "learnings": "; ".join(e.learnings),
        "failure modes": "; ".join(e.failure_modes),
        "started": e.started_at,
        "completed": e.completed_at or "",
    }
    dl = h(
        '<dl class="fields">{}</dl>',
        join(h("<dt>{}</dt><dd>{}</dd>", k, v) for k, v in facts.items()),
    )
    memory = h(
        '<p><a href="{}">The memory that holds it</a> (history, forget)</p>',
        f"{PREFIX}/memories/{e.id}",
    )
    close = Markup("")
    if e.status == "open":
        close = _writer_form(
            view,
            post_form(
                f"{PREFIX}/episodes/{e.id}/complete",
                view.csrf,
                Markup(
                    "<h2>Close it</h2>"
                    '<label for="f-outcome">Outcome</label><select id="f-outcome" name="outcome">'
                    '<option value="success">success</option>'
                    '<option value="failure">failure</option></select>'
                    '<label for="f-score">Score (0 to 1)</label>'
                    '<input id="f-score" name="score" inputmode="decimal" required>'
                    '<label for="f-learnings">Learnings (one a line)</label>'
                    '<textarea id="f-learnings" name="learnings" rows="3"></textarea>'
                ),
                button="Close the episode",
                cls="stack",
            ),
        )
    return Html(
        f"Episode {e.id[:12]}",
        join([notice(view), dl, h("<h2>Actions</h2>{}", actions), memory, close]),
        section="episodes",
    )


@action("/episodes/{episode_id}/complete")
def episode_complete(view: View) -> Response:
    """Close an open episode with its outcome: as ``POST /v1/episodes/{id}/complete``."""
    outcome = view.field("outcome")
    if outcome not in ("success", "failure"):
        raise ValidationError("the episode was not closed: the outcome is success or failure")
    try:
        score = float(view.field("score").strip())
    except ValueError:
        score = float("nan")
    if not 0 <= score <= 1:  # NaN fails too
        raise ValidationError("the episode was not closed: the score is a number from 0 to 1")
    learnings = [line.strip() for line in view.field("learnings").splitlines() if line.strip()]
    if len(learnings) > MAX_LEARNINGS:  # as the REST body's limit
        raise ValidationError(f"the episode was not closed: over {MAX_LEARNINGS} learnings")
    with view.ctx.memory() as mem:
        e = Episodes(mem, view.scope).complete(
            view.path("episode_id"),
            outcome_score=score,
            success=outcome == "success",
            learnings=learnings,
        )
    return done(f"{PREFIX}/episodes/{e.id}", f"episode closed: {outcome}")


# -- triggers -----------------------------------------------------------------------------
@page("/triggers")
def triggers(view: View) -> Html:
    with view.ctx.memory() as mem:
        found = Triggers(mem, view.scope).list(limit=LIST_LIMIT)
    rows = []
    for t in found:
        buttons = Markup("")
        if view.can(KeyRole.WRITER) and t.status in ("pending", "fired"):
            buttons = join(
                [
                    post_form(
                        f"{PREFIX}/triggers/{t.id}/done",
                        view.csrf,
                        Markup(""),
                        button="Done",
                        cls="inline",
                    ),
                    post_form(
                        f"{PREFIX}/triggers/{t.id}/cancel",
                        view.csrf,
                        Markup(""),
                        button="Cancel (revoke)",
                        cls="inline",
                    ),
                ]
            )
        origin = t.provenance
        made = " ".join(
            str(x)
            for x in (origin.get("source"), origin.get("surface"), origin.get("session_id"))
            if x
        )
        state = h("{} <small>held: {}</small>", badge(t.status), t.held) if t.held else None
        rows.append(
            (
                t.trigger_date.isoformat(),
                t.message,
                t.phrase,
                made,
                state or badge(t.status),
                buttons,
            )
        )
    form = post_form(
        f"{PREFIX}/triggers",
        view.csrf,
        Markup(
            "<h2>Add a trigger</h2>"
            '<label for="f-on">On (YYYY-MM-DD)</label><input id="f-on" name="on" type="date" required>'
            '<label for="f-message">Message</label><input id="f-message" name="message" required>'
        ),
        button="Add",
        cls="stack",
    )
    body = join(
        [
            notice(view),
            table(("day", "message", "phrase", "from", "status", ""), rows),
            _writer_form(view, form),
        ]
    )
    return Html("Triggers", body, section="triggers")


@action("/triggers")
def trigger_add(view: View) -> Response:
    message_text = view.field("message").strip()
    try:
        on = date.fromisoformat(view.field("on").strip())
    except ValueError:
        raise ValidationError("no trigger was added: the day is not a date (YYYY-MM-DD)") from None
    if not message_text:
        raise ValidationError("no trigger was added: the message is empty")
    with view.ctx.memory() as mem:
        made = Triggers(mem, view.scope, surface="dashboard", by=view.ctx.principal.key_id)
        made.add(message_text, on=datetime.combine(on, time(), tzinfo=UTC))
    return done(f"{PREFIX}/triggers", f"trigger added for {on.isoformat()}")


@action("/triggers/{trigger_id}/{verb}")
def trigger_close(view: View) -> Response:
    verb = view.path("verb")
    if verb not in ("done", "cancel"):
        raise ValidationError("a trigger is marked done or cancelled")
    with view.ctx.memory() as mem:
        triggers_of = Triggers(mem, view.scope)
        t = (
            triggers_of.done(view.path("trigger_id"))
            if verb == "done"
            else triggers_of.cancel(view.path("trigger_id"))
        )
    return done(f"{PREFIX}/triggers", f"trigger {t.status}")


# -- working memory -----------------------------------------------------------------------
@page("/working")
def working(view: View) -> Html:
    with view.ctx.agent() as agent:
        items = agent.working_items(None)
    rows = []
    for w in items:
        promote = Markup("")
        if view.can(KeyRole.WRITER) and not w.promoted_to:
            promote = post_form(
                f"{PREFIX}/working/{w.id}/promote",
                view.csrf,
                Markup(""),
                button="Promote",
                cls="inline",
            )
        elif w.promoted_to:
            promote = _link("memories", w.promoted_to)
        rows.append(
            (w.session_id, w.content, f"{w.importance:.2f}", w.surface_count, w.expires_at, promote)
        )
    add = post_form(
        f"{PREFIX}/working",
        view.csrf,
        Markup(
            "<h2>Add an item</h2>"
            '<label for="f-session">Session</label><input id="f-session" name="session_id" required>'
            '<label for="f-wcontent">Content</label><input id="f-wcontent" name="content" required>'
        ),
        button="Add",
        cls="stack",
    )
    clear = post_form(
        f"{PREFIX}/working/clear",
        view.csrf,
        hidden("all", "1"),
        button="Clear all working memory",
        danger=True,
    )
    forms = _writer_form(view, join([add, clear]))
    body = join(
        [
            notice(view),
            table(("session", "item", "importance", "surfaced", "expires", "promoted"), rows),
            forms,
        ]
    )
    return Html("Working memory", body, section="working")


@action("/working")
def working_add(view: View) -> Response:
    session_id, content = view.field("session_id").strip(), view.field("content").strip()
    if not session_id or not content:
        raise ValidationError("nothing was added: give a session and a content")
    with view.ctx.agent() as agent:
        agent.working_add(session_id, content)
    return done(f"{PREFIX}/working", "item added")


@action("/working/{item_id}/promote")
def working_promote(view: View) -> Response:
    with view.ctx.agent() as agent:
        item = agent.working_promote(view.path("item_id"))
    return done(f"{PREFIX}/working", f"promoted to memory {(item.promoted_to or '')[:12]}")


@action("/working/clear")
def working_clear(view: View) -> Response:
    with view.ctx.agent() as agent:
        n = agent.working_clear(None)
    return done(f"{PREFIX}/working", f"cleared {n} item(s)")
