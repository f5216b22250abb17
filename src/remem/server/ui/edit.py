"""Changing one memory — correct (a new version), forget, restore — and erasing the
whole scope (with a confirmation step). Each form is a POST with the CSRF token
(:func:`remem.server.ui.web.action`), each change one call into
:class:`~remem.Memory` in the caller's scope; bad input changes nothing."""

from __future__ import annotations

import pydantic

from remem.errors import ValidationError
from remem.model import KeyRole, MemoryRecord, Status
from remem.server.schemas import UpdateBody
from remem.server.ui.html import Markup, h, join, post_form, table
from remem.server.ui.web import PREFIX, Html, Response, View, action, done, page

ERASE_WORD = "erase"


def forms(view: View, record: MemoryRecord) -> Markup:
    """The forms a memory's page shows its caller (none for a reader)."""
    if not view.can(KeyRole.WRITER):
        return Markup("")
    base = f"{PREFIX}/memories/{record.id}"
    parts = []
    if record.status is Status.ACTIVE:
        parts.append(
            post_form(
                f"{base}/correct",
                view.csrf,
                h(
                    "<h2>Correct</h2>"
                    '<label for="f-content">Content</label><textarea id="f-content" name="content" rows="3" required>{}</textarea>'
                    '<label for="f-category">Category</label><input id="f-category" name="category" value="{}">'
                    '<label for="f-importance">Importance (0..1)</label><input id="f-importance" name="importance" value="{}">'
                    '<label for="f-reason">Why (kept in the history)</label><input id="f-reason" name="reason">',
                    record.content,
                    record.category or "",
                    f"{record.importance:.2f}",
                ),
                button="Save a new version",
                cls="stack",
            )
        )
    if record.status not in (Status.FORGOTTEN, Status.PURGED, Status.SUPERSEDED):
        parts.append(
            post_form(
                f"{base}/forget",
                view.csrf,
                Markup(
                    '<h2>Forget</h2><label for="f-freason">Why</label><input id="f-freason" name="reason">'
                ),
                button="Forget",
                cls="stack",
                danger=True,
            )
        )
    if record.status is not Status.PURGED and view.can(KeyRole.ADMIN):
        parts.append(
            post_form(
                f"{base}/erase",
                view.csrf,
                h(
                    "<h2>Erase for good</h2><p>This version and the older ones it replaced, "
                    "with their source input: it cannot be undone.</p>"
                    '<label for="f-econfirm">Type <code>{}</code> to confirm</label>'
                    '<input id="f-econfirm" name="confirm" autocomplete="off" required>',
                    ERASE_WORD,
                ),
                button="Erase this memory",
                cls="stack",
                danger=True,
            )
        )
    if record.status in (Status.ARCHIVED, Status.COLD):
        parts.append(
            post_form(
                f"{base}/restore",
                view.csrf,
                Markup("<h2>Restore</h2>"),
                button="Restore to active",
                cls="stack",
            )
        )
    return h('<div class="forms">{}</div>', join(parts))


def _update_body(view: View) -> UpdateBody:
    raw: dict[str, object] = {"content": view.field("content").strip()}
    for name in ("category", "reason", "importance"):
        value = view.field(name).strip()
        if value:
            raw[name] = value
    try:
        return UpdateBody.model_validate(raw)
    except pydantic.ValidationError as exc:
        problems = "; ".join(f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors())
        raise ValidationError(f"nothing was saved: {problems}") from None


@action("/memories/{memory_id}/correct")
def correct(view: View) -> Response:
    body = _update_body(view)
    if not body.content:
        raise ValidationError("nothing was saved: the content is empty")
    changes = body.model_dump(exclude={"content", "reason"}, exclude_none=True)
    with view.ctx.memory() as mem:
        new = mem.update(
            view.path("memory_id"), body.content, **view.ctx.kw, reason=body.reason, **changes
        )
    return done(f"{PREFIX}/memories/{new.id}", "saved a new version; the old one is in the history")


@action("/memories/{memory_id}/forget")
def forget(view: View) -> Response:
    reason = view.field("reason").strip() or None
    with view.ctx.memory() as mem:
        record = mem.forget(view.path("memory_id"), **view.ctx.kw, reason=reason)
    return done(
        f"{PREFIX}/memories/{record.id}", "forgotten: no longer recalled, kept in the history"
    )


@action("/memories/{memory_id}/restore")
def restore(view: View) -> Response:
    with view.ctx.memory() as mem:
        record = mem.restore(
            view.path("memory_id"), **view.ctx.kw, reason="restored from the dashboard"
        )
    return done(f"{PREFIX}/memories/{record.id}", "restored to active")


@action("/memories/{memory_id}/erase", role=KeyRole.ADMIN)
def erase_one(view: View) -> Response:
    if view.field("confirm").strip().lower() != ERASE_WORD:
        raise ValidationError(f"not erased: type {ERASE_WORD!r} to confirm")
    with view.ctx.memory() as mem:
        purged = mem.erase_memory(view.path("memory_id"), **view.ctx.kw)
    return done(f"{PREFIX}/memories", f"erased {len(purged)} version(s) of that memory for good")


# -- erase the scope ----------------------------------------------------------------------
@page("/erase", role=KeyRole.ADMIN)
def erase_confirm(view: View) -> Html:
    with view.ctx.memory() as mem:
        stats = mem.stats(**view.ctx.kw)
    by_status = stats.get("by_status") or stats.get("memories") or {}
    rows = sorted(by_status.items()) if isinstance(by_status, dict) else []
    form = post_form(
        f"{PREFIX}/erase",
        view.csrf,
        h(
            '<label for="f-confirm">Type <code>{}</code> to confirm</label>'
            '<input id="f-confirm" name="confirm" autocomplete="off" required>',
            ERASE_WORD,
        ),
        button="Erase everything of this scope",
        cls="stack",
        danger=True,
    )
    body = h(
        '<p class="notice error">This purges every memory, raw input, vector, summary and '
        "session of this scope. It cannot be undone; the audit keeps one tombstone without "
        "content.</p>{}{}",
        table(("status", "memories"), rows) if rows else Markup(""),
        form,
    )
    return Html("Erase this scope", body, section="erase")


@action("/erase", role=KeyRole.ADMIN)
def erase(view: View) -> Response:
    if view.field("confirm").strip().lower() != ERASE_WORD:
        raise ValidationError(f"not erased: type {ERASE_WORD!r} to confirm")
    with view.ctx.memory() as mem:
        report = mem.erase(**view.ctx.kw)
    note = (
        f"erased {report.memories} memories, {report.resources} inputs, {report.vectors} vectors"
        + ("; gone from disk at the next open of the store" if report.pending else "")
    )
    return done(f"{PREFIX}/search", note)
