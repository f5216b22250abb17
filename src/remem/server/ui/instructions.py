"""Lessons and procedural rules: what the agent is told at every session start. Each
is listed with its provenance — who made it and how (a user's correction in a
session, reflection over lessons and episodes, an import, an API caller), when, the
text it came from — and whether it is loaded (``held``: why not; revoked: when and
why). A writer can teach a lesson, change a rule, and **revoke** either for good —
the same calls, role and scope as ``POST /v1/lessons/{id}/revoke`` and
``POST /v1/rules/{id}/revoke`` (a form POST with the CSRF token)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from remem.agent.adoption import Lesson
from remem.agent.rules import Rule, Rules
from remem.errors import ValidationError
from remem.memory import Memory
from remem.model import KeyRole, Scope, utcnow
from remem.provenance import Provenance
from remem.server.ui.html import Markup, h, join, message, post_form, table
from remem.server.ui.read import badge
from remem.server.ui.web import PREFIX, Html, Response, View, action, done, notice, page

LIST_LIMIT = 200
EXCERPT_CHARS = 200  # the start of the text a lesson or rule came from
REASON_CHARS = 500


def _link(record_id: str) -> Markup:
    return h('<a href="{}">{}</a>', f"{PREFIX}/memories/{record_id}", record_id[:12])


def _clip(text: str, limit: int = EXCERPT_CHARS) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "…"


def _excerpts(mem: Memory, scope: Scope, ids: Sequence[str]) -> dict[str, str]:
    """The start of the text each record came from (its raw input, when it has one
    in scope), by record id."""
    out: dict[str, str] = {}
    for record in mem.store.get_memories(list(ids), scope):
        if record.source_resource_id:
            source = mem.store.get_resource(record.source_resource_id, scope)
            if source is not None:
                out[record.id] = _clip(source.content)
    return out


def _origin(provenance: Provenance | None, source: str, created: datetime | None) -> Markup:
    """Who made it, where and when: the provenance as a person reads it."""
    where = provenance.session_id if provenance is not None else None
    return h(
        '<span class="provenance">{}{}</span>{}',
        source,
        f" — session {where}" if where else "",
        h("<br><small>{}</small>", created.isoformat(timespec="minutes")) if created else "",
    )


def _state(held: str | None, revoked: object) -> Markup:
    if revoked:
        why = revoked.get("reason", "") if isinstance(revoked, dict) else ""
        return h("{} <small>{}</small>", badge("revoked"), why)
    if held:
        return h("{} <small>{}</small>", badge("held"), held)
    return badge("loaded")


def _revoke_form(view: View, kind: str, record_id: str, revoked: object) -> Markup:
    if revoked or not view.can(KeyRole.WRITER):
        return Markup("")
    return post_form(
        f"{PREFIX}/{kind}/{record_id}/revoke",
        view.csrf,
        h(
            '<label for="r-{}">Why (optional)</label><input id="r-{}" name="reason" maxlength="{}">',
            record_id,
            record_id,
            REASON_CHARS,
        ),
        button="Revoke",
        cls="inline",
        danger=True,
    )


# -- lessons ------------------------------------------------------------------------------
@page("/lessons")
def lessons(view: View) -> Html:
    with view.ctx.agent() as agent:
        found: list[Lesson] = agent.lessons_list(
            include_held=True, include_revoked=True, limit=LIST_LIMIT
        )
        excerpts = _excerpts(agent.mem, view.scope, [x.id for x in found])
    rows = [
        (
            _link(x.id),
            x.content,
            _origin(x.provenance, x.source, x.created_at),
            excerpts.get(x.id, ""),
            _state(x.held, x.revoked),
            _revoke_form(view, "lessons", x.id, x.revoked),
        )
        for x in found
    ]
    form = post_form(
        f"{PREFIX}/lessons",
        view.csrf,
        Markup(
            "<h2>Teach a lesson</h2>"
            '<label for="f-text">A correction or a mistake</label><textarea id="f-text" name="text" rows="2" required></textarea>'
            '<label for="f-context">Context (optional)</label><input id="f-context" name="context">'
        ),
        button="Add the lesson",
        cls="stack",
    )
    intro = Markup(
        "<p>The loaded ones are put before the assistant at every session start. Each says "
        "where it came from; revoke one to take it out for good.</p>"
    )
    body = join(
        [
            notice(view),
            intro,
            table(("id", "lesson", "from", "source text", "state", ""), rows)
            if rows
            else message("no lessons yet", kind="ok"),
            form if view.can(KeyRole.WRITER) else Markup(""),
        ]
    )
    return Html("Lessons", body, section="lessons")


@action("/lessons")
def lesson_add(view: View) -> Response:
    text = view.field("text").strip()
    if not text:
        raise ValidationError("no lesson was added: the text is empty")
    with view.ctx.agent() as agent:
        result = agent.correct(text, context=view.field("context").strip() or None)
    return done(f"{PREFIX}/lessons", f"lesson {result.action}: {result.text}")


@action("/lessons/{lesson_id}/revoke")
def lesson_revoke(view: View) -> Response:
    with view.ctx.agent() as agent:
        lesson = agent.revoke_lesson(view.path("lesson_id"), reason=_reason(view))
    return done(f"{PREFIX}/lessons", f"lesson {lesson.id[:12]} revoked")


# -- rules --------------------------------------------------------------------------------
@page("/rules")
def rules(view: View) -> Html:
    with view.ctx.memory() as mem:
        found = Rules(mem, view.scope).list(
            include_disabled=True, include_held=True, include_revoked=True
        )
        excerpts = _excerpts(mem, view.scope, [r.id for r in found])
        learnt = {
            m.id: _clip(m.content)
            for m in mem.store.get_memories(
                [i for r in found for i in r.source_lessons[:1]], view.scope
            )
        }
    rows = []
    for r in found:
        source = excerpts.get(r.id) or next(
            (learnt[i] for i in r.source_lessons[:1] if i in learnt), ""
        )
        rows.append(
            (
                _link(r.id),
                r.trigger,
                r.behavior,
                _origin(r.provenance, r.source, r.created_at),
                source,
                join(
                    [badge("enabled" if r.enabled else "disabled"), " ", _state(r.held, r.revoked)]
                ),
                join([_change_form(view, r), _revoke_form(view, "rules", r.id, r.revoked)]),
            )
        )
    reflect = post_form(f"{PREFIX}/rules/reflect", view.csrf, Markup(""), button="Reflect now")
    body = join(
        [
            notice(view),
            Markup(
                "<p>Rules are made from recurring lessons and episodes; your change is kept by "
                "reflection, and a revoked rule is never learnt again from the same evidence.</p>"
            ),
            table(("id", "when", "do", "from", "source text", "state", "change"), rows)
            if rows
            else message("no rules yet", kind="ok"),
            reflect if view.can(KeyRole.WRITER) else Markup(""),
        ]
    )
    return Html("Rules", body, section="rules")


def _change_form(view: View, r: Rule) -> Markup:
    if r.revoked or not view.can(KeyRole.WRITER):
        return Markup("")
    return post_form(
        f"{PREFIX}/rules/{r.id}/override",
        view.csrf,
        h(
            '<label for="b-{}">Behaviour</label><input id="b-{}" name="behavior" value="{}">'
            "<label>{} enabled</label>",
            r.id,
            r.id,
            r.behavior,
            Markup(
                '<input type="checkbox" name="enabled" value="1"'
                + (" checked" if r.enabled else "")
                + ">"
            ),
        ),
        button="Save",
        cls="row",
    )


@action("/rules/{rule_id}/override")
def rule_override(view: View) -> Response:
    behavior = view.field("behavior").strip() or None
    with view.ctx.memory() as mem:
        rule = Rules(mem, view.scope).override(
            view.path("rule_id"), behavior=behavior, enabled=view.field("enabled") == "1"
        )
    return done(f"{PREFIX}/rules", f"rule {rule.id[:12]} saved")


@action("/rules/{rule_id}/revoke")
def rule_revoke(view: View) -> Response:
    with view.ctx.memory() as mem:
        rule = Rules(mem, view.scope).revoke(view.path("rule_id"), reason=_reason(view))
    return done(f"{PREFIX}/rules", f"rule {rule.id[:12]} revoked")


@action("/rules/reflect")
def rules_reflect(view: View) -> Response:
    with view.ctx.memory() as mem:
        report = Rules(mem, view.scope).reflect(now=utcnow())
    return done(f"{PREFIX}/rules", f"reflection: {len(report.created)} rule(s) made")


def _reason(view: View) -> str | None:
    reason = view.field("reason").strip()
    if len(reason) > REASON_CHARS:
        raise ValidationError(f"nothing was revoked: the reason is over {REASON_CHARS} characters")
    return reason or None
