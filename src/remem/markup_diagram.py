"""Diagrams drawn from text (Graphviz, Mermaid): a node the drawing does not show.

A Graphviz node styled ``invis``; a Mermaid node in a class (``classDef``, ``:::name``,
``class a,b name``) or a ``style`` whose text is coloured like the node's fill or the
page, transparent, or of size 0 (judged by :func:`remem.markup_style.hiding`). Each
finding is ``(form, text, hidden, span)``, as :mod:`remem.markup_render` returns them.
Neutral: imports nothing of the write or read paths; every pattern is bounded.
"""

from __future__ import annotations

import re

from remem.markup_style import WHITE, hiding

__all__ = ["diagram_regions"]

Found = tuple[str, str, bool, "tuple[int, int] | None"]  # form, text, hidden, span
_DOT_ATTRS = re.compile(r"\[([^\[\]]{0,2000})\]")
_DOT_LABEL = re.compile(r"label\s*=\s*\"([^\"]*)\"")
_MERMAID_CLASS = re.compile(r"^[ \t]*classDef[ \t]+([\w,-]+)[ \t]+([^\n;]{1,400})", re.M)
_MERMAID_STYLE = re.compile(r"^[ \t]*style[ \t]+([\w-]+)[ \t]+([^\n;]{1,400})", re.M)
_MERMAID_ASSIGN = re.compile(r"^[ \t]*class[ \t]+([\w,-]+)[ \t]+([\w-]+)", re.M)
_MERMAID_NODE = re.compile(
    r"\b([\w-]{1,60})[ \t]*[\[({>]+\"?([^\[\](){}\n\"]{1,400})\"?[\])}]+(?:[ \t]*:::[ \t]*([\w-]+))?"
)


def diagram_regions(text: str) -> list[Found]:
    """The nodes of the diagrams in ``text`` that are drawn invisible."""
    out: list[Found] = []
    if "invis" in text and ("->" in text or "--" in text):
        for m in _DOT_ATTRS.finditer(text):
            label = _DOT_LABEL.search(m.group(1))
            if label and re.search(r"style\s*=\s*\"?invis", m.group(1)):
                out.append(("graph_invisible", label.group(1), True, m.span()))
    if "classDef" in text or _MERMAID_STYLE.search(text):
        out += _mermaid(text)
    return out


def _mermaid(text: str) -> list[Found]:
    """The labels of a Mermaid diagram's nodes drawn in a class or style that hides them:
    text coloured like the node's fill (or the page's white), transparent, of size 0."""

    def unseen(decls: str) -> bool:
        # the node's fill is what its text is drawn on (the page is white)
        return hiding(decls.replace(",", ";").replace("fill:", "background-color:"), WHITE)

    ghosts = {
        name
        for m in _MERMAID_CLASS.finditer(text)
        if unseen(m.group(2))
        for name in m.group(1).split(",")
    }
    hidden_ids = {m.group(1) for m in _MERMAID_STYLE.finditer(text) if unseen(m.group(2))}
    for m in _MERMAID_ASSIGN.finditer(text):
        if m.group(2) in ghosts:
            hidden_ids.update(m.group(1).split(","))
    out: list[Found] = []
    for m in _MERMAID_NODE.finditer(text):
        if m.group(1) in hidden_ids or (m.group(3) or "") in ghosts:
            out.append(("graph_invisible", m.group(2), True, m.span(2)))
    return out
