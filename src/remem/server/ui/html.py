"""HTML for the dashboard, escaped by construction.

Every value that reaches a page goes through :func:`esc` unless it is already
:class:`Markup` (HTML this package built). :func:`h` fills a literal template with
escaped values, so a memory that says ``<script>`` is shown as those characters,
never run. Templates are literals in this package's code; nothing a caller sends is
ever used as a template.
"""

from __future__ import annotations

import html
import json
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime
from typing import Any
from urllib.parse import urlencode


class Markup(str):
    """A string of HTML built by this package: inserted as is, never escaped again."""

    __slots__ = ()


def esc(value: object) -> Markup:
    """``value`` as HTML text: Markup as is; None as nothing; anything else escaped
    (quotes too, so it is safe inside an attribute)."""
    if isinstance(value, Markup):
        return value
    if value is None:
        return Markup("")
    if isinstance(value, datetime):
        value = value.strftime("%Y-%m-%d %H:%M:%S")
    return Markup(html.escape(str(value), quote=True))


def h(template: str, *args: object, **kwargs: object) -> Markup:
    """``template`` (a literal of this package) with each argument escaped."""
    return Markup(
        template.format(*(esc(a) for a in args), **{k: esc(v) for k, v in kwargs.items()})
    )


def join(parts: Iterable[object], sep: str = "") -> Markup:
    """The parts, each escaped unless Markup, joined by ``sep`` (a literal)."""
    return Markup(sep.join(esc(p) for p in parts))


def href(path: str, **query: object) -> str:
    """A link to ``path`` (one of this package's) with ``query`` url-encoded (values
    that are None or empty are left out)."""
    kept = {k: str(v) for k, v in query.items() if v is not None and v != ""}
    return path + ("?" + urlencode(kept) if kept else "")


def table(headers: Sequence[str], rows: Iterable[Sequence[object]], *, cls: str = "") -> Markup:
    """A table: headers (text) and rows of cells (escaped unless Markup)."""
    head = join(h("<th>{}</th>", c) for c in headers)
    body = join(h("<tr>{}</tr>", join(h("<td>{}</td>", c) for c in row)) for row in rows)
    return h(
        '<table class="{}"><thead><tr>{}</tr></thead><tbody>{}</tbody></table>', cls, head, body
    )


def fields(record: Mapping[str, Any]) -> Markup:
    """A definition list of a record's fields (values as text; structures as JSON)."""
    items = []
    for key, value in record.items():
        scalar = isinstance(value, str | int | float | datetime) or value is None
        shown = value if scalar else _json(value)
        items.append(h("<dt>{}</dt><dd>{}</dd>", key, shown))
    return h('<dl class="fields">{}</dl>', join(items))


def _json(value: object) -> str:
    return json.dumps(value, ensure_ascii=False, default=str, sort_keys=True)


def hidden(name: str, value: object) -> Markup:
    return h('<input type="hidden" name="{}" value="{}">', name, value)


def post_form(
    action: str, csrf: str, body: Markup, *, button: str, cls: str = "", danger: bool = False
) -> Markup:
    """A POST form to ``action`` carrying the CSRF token, ending in one button."""
    return h(
        '<form method="post" action="{}" class="{}">{}{}<button type="submit" class="{}">{}'
        "</button></form>",
        action,
        cls,
        hidden("csrf", csrf),
        body,
        "danger" if danger else "",
        button,
    )


def select(name: str, options: Sequence[str], chosen: str, *, blank: str = "any") -> Markup:
    """A drop-down of ``options`` (plus a blank one labelled ``blank``)."""
    opts = [h('<option value="">{}</option>', blank)] if blank else []
    for value in options:
        sel = " selected" if value == chosen else ""
        opts.append(h('<option value="{}"{}>{}</option>', value, Markup(sel), value))
    return h('<select name="{}" id="f-{}">{}</select>', name, name, join(opts))


def message(text: str, *, kind: str = "error") -> Markup:
    """A notice above a page's content (``kind``: error or ok)."""
    role = "alert" if kind == "error" else "status"
    return h('<p class="notice {}" role="{}">{}</p>', kind, role, text)
