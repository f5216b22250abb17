"""The elements of pasted HTML as a browser would draw them: one pass over the tags,
keeping the open elements on a stack, so each element's style is computed from the
message's own CSS (the ``<style>`` rules that select it by tag, class or id, then its
own ``style`` and presentation attributes) and judged against what is behind it (the
nearest painted background). :func:`elements` yields each element a reader does not
see, and why, and the side elements a reader may skip. Used by :mod:`remem.markup`;
neutral (it imports only the other neutral markup modules).

Unseen, whatever the style: an element the page does not render (``<template>``,
``<noscript>``, an unopened ``<dialog>``, a ``<datalist>``), the fallback body of an
element that renders something else (``<object>``, ``<iframe>``, ``<video>``,
``<audio>``, ``<canvas>``, ``<noembed>``), an element assigned to a slot no component
of the message defines, the options of a closed ``<select>`` but the one shown, and
``<bdo dir="rtl">`` (drawn reversed: the text as typed is not what a reader sees).
Side: struck text (``<del>``, ``<s>``), ruby annotations, text shrunk by nested
``<sub>``/``<sup>``/``<small>``.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

from remem.markup_style import WHITE, attribute_style, backdrop, hiding, zero_sized

__all__ = ["MAX_SPAN", "Element", "close", "elements", "style_rules"]

MAX_SPAN = 4000  # characters of one element's body read
MAX_TAGS = 4000  # tags walked per text; past it the rest are not judged
MAX_RULES = 200  # CSS rules of the message's <style> blocks kept
_DEPTH = 256  # open elements kept on the stack
_TAG = re.compile(r"<(/?)([a-z][\w-]*)\b([^<>]{0,2000})>", re.I)
_STYLE_BLOCK = re.compile(r"<style\b[^>]*>(.*?)(?:</style\s*>|\Z)", re.I | re.S)
_CSS_COMMENT = re.compile(r"/\*.*?(?:\*/|\Z)", re.S)
_CSS_RULE = re.compile(r"([^{}]{1,500})\{([^{}]{0,4000})\}")
_STYLE_ATTR = re.compile(r"""\bstyle\s*=\s*(?:"([^"]*)"|'([^']*)')""", re.I)
_CLASS_ATTR = re.compile(r"""\bclass\s*=\s*(?:"([^"]*)"|'([^']*)'|([\w-]+))""", re.I)
_ID_ATTR = re.compile(r"""\bid\s*=\s*["']?([\w-]+)""", re.I)
_HIDDEN_ATTR = re.compile(r"(?:^|\s)hidden(?:\s*=\s*(?:\"[^\"]*\"|'[^']*'|\w+))?(?:\s|/|$)", re.I)
_OPEN_ATTR = re.compile(r"(?:^|\s)open(?:\s*=|\s|/|$)", re.I)
_SELECTED = re.compile(r"(?:^|\s)selected(?:\s*=|\s|/|$)", re.I)
_SLOT_ATTR = re.compile(r"""\bslot\s*=\s*["']?([\w-]+)""", re.I)
_SLOT_DEF = re.compile(r"""<slot\b[^<>]*?\bname\s*=\s*\\?["']?([\w-]+)""", re.I)
_RTL = re.compile(r"""\bdir\s*=\s*["']?rtl""", re.I)
_FONT_COLOR = re.compile(r"""\bcolor\s*=\s*["']?(#[0-9a-f]{3,8}|white|rgb\([^)]*\))""", re.I)
_FONT_ZERO = re.compile(r"""\bsize\s*=\s*["']?0["']?""", re.I)
_COMPOUND = re.compile(r"^(?P<tag>[a-z][\w-]*|\*)?(?P<rest>(?:[.#][\w-]+)*)$", re.I)
_VOID = frozenset("area base br col embed hr img input link meta param source track wbr".split())
_UNRENDERED = frozenset("noscript template desc title metadata script datalist rp".split())
_FALLBACK = frozenset("object iframe video audio canvas noembed noframes".split())
_SMALL = frozenset("sub sup small".split())
_STRUCK = frozenset("del s strike".split())


@dataclass(frozen=True, slots=True)
class Element:
    """One element: its ``tag``, where its opening tag sits (``start``, ``end``), where
    the element stops (``stop``: its closing tag's end, at most ``MAX_SPAN`` on), why a
    reader does not see it (``why``: a form name) and whether it is ``hidden`` (never
    seen) or a side element (seen, easily skipped)."""

    tag: str
    start: int
    end: int
    stop: int
    why: str
    hidden: bool


@dataclass(frozen=True, slots=True)
class _Rule:
    tag: str | None
    classes: frozenset[str]
    ident: str | None
    body: str


def style_rules(text: str) -> list[_Rule]:
    """The rules of the message's ``<style>`` blocks that apply to elements (a rule for
    ``::before``/``::after`` styles generated content, one with a state such as
    ``:hover`` or ``:focus`` may never apply: both are left out), by the last compound
    of each selector ("div .note p.x" selects what "p.x" selects, more or less)."""
    out: list[_Rule] = []
    seen: set[_Rule] = set()
    for block in _STYLE_BLOCK.finditer(text):
        css = _CSS_COMMENT.sub(" ", block.group(1))
        for rule in _CSS_RULE.finditer(css):
            selectors, body = rule.groups()
            for selector in selectors.split(","):
                last = re.split(r"[\s>+~]+", selector.strip())[-1] if selector.strip() else ""
                m = _COMPOUND.match(last)
                if m is None:
                    continue  # a pseudo-class, an attribute selector: not read
                rest = m.group("rest")
                tag = (m.group("tag") or "*").lower()
                ids = re.findall(r"#([\w-]+)", rest)
                found = _Rule(
                    None if tag == "*" else tag,
                    frozenset(c.lower() for c in re.findall(r"\.([\w-]+)", rest)),
                    ids[0].lower() if ids else None,
                    body,
                )
                if found not in seen:  # a rule repeated is one rule
                    seen.add(found)
                    out.append(found)
                if len(out) >= MAX_RULES:
                    return out
    return out


def elements(text: str, rules: list[_Rule] | None = None) -> Iterator[Element]:
    """Each element of ``text`` a reader does not see or may skip (see the module doc),
    outermost first; an element inside one already yielded as hidden is not yielded."""
    rules = style_rules(text) if rules is None else rules
    slots = {s.lower() for s in _SLOT_DEF.findall(text)}
    stack: list[tuple[str, tuple[int, int, int], int, bool]] = []  # tag, backdrop, small, select
    hidden_until = -1
    for n, m in enumerate(_TAG.finditer(text)):
        if n >= MAX_TAGS:
            return
        closing, tag, attrs = m.group(1), m.group(2).lower(), m.group(3)
        if closing:
            for depth in range(len(stack) - 1, max(-1, len(stack) - 16), -1):
                if stack[depth][0] == tag:
                    del stack[depth:]
                    break
            continue
        behind, small, in_select = stack[-1][1:] if stack else (WHITE, 0, False)
        style = _computed(tag, attrs, rules)
        why, hidden = _judged(tag, attrs, style, behind, slots, in_select, small)
        if why and m.start() >= hidden_until:
            stop = close(text, tag, m.end())
            yield Element(tag, m.start(), m.end(), stop, why, hidden)
            if hidden:
                hidden_until = stop  # its body is in its region: no nested ones
        if tag in _VOID or attrs.rstrip().endswith("/") or len(stack) >= _DEPTH:
            continue
        stack.append(
            (tag, backdrop(style, behind), small + (tag in _SMALL), in_select or tag == "select")
        )


def close(text: str, tag: str, start: int) -> int:
    """Where the element opened just before ``start`` ends (its closing tag included),
    counting nested elements of the same tag; at most ``MAX_SPAN`` characters on."""
    depth = 1
    pattern = re.compile(rf"<(/?){re.escape(tag)}\b[^<>]*>", re.I)
    limit = min(len(text), start + MAX_SPAN)
    for m in pattern.finditer(text, start, limit):
        depth += -1 if m.group(1) else 1
        if depth == 0:
            return m.end()
    return limit


def _computed(tag: str, attrs: str, rules: list[_Rule]) -> str:
    """The element's style: the rules selecting it in document order, then its own."""
    parts = []
    if rules:
        classes = {
            c.lower()
            for s in _CLASS_ATTR.finditer(attrs)
            for g in s.groups()
            if g
            for c in g.split()
        }
        ident = _ID_ATTR.search(attrs)
        own_id = ident.group(1).lower() if ident else None
        for rule in rules:
            if (
                (rule.tag is None or rule.tag == tag)
                and rule.classes <= classes
                and (rule.ident is None or rule.ident == own_id)
                and (rule.tag or rule.classes or rule.ident)
            ):
                parts.append(rule.body)
    parts += [g or "" for s in _STYLE_ATTR.finditer(attrs) for g in s.groups()]
    parts.append(attribute_style(attrs))  # <text opacity="0">: the style it stands for
    if tag == "font" and (color := _FONT_COLOR.search(attrs)):
        parts.append(f"color:{color.group(1)}")  # <font color="white">
    if tag == "font" and _FONT_ZERO.search(attrs):
        parts.append("font-size:0")
    return ";".join(p for p in parts if p)


def _judged(
    tag: str,
    attrs: str,
    style: str,
    behind: tuple[int, int, int],
    slots: set[str],
    in_select: bool,
    small: int,
) -> tuple[str | None, bool]:
    """Why an element is unseen (hidden) or easily skipped (side), if it is."""
    if tag in _UNRENDERED and not (tag == "template" and "shadowroot" in attrs.lower()):
        return f"hidden_{tag}", True
    if hiding(style, behind) or zero_sized(attrs) or _HIDDEN_ATTR.search(attrs):
        return f"hidden_{tag}", True
    if tag in _FALLBACK or (tag == "dialog" and not _OPEN_ATTR.search(attrs)):
        return f"unrendered_{tag}", True
    slot = _SLOT_ATTR.search(attrs)
    if slot and slots and slot.group(1).lower() not in slots:
        return "unassigned_slot", True
    if tag == "option" and in_select and not _SELECTED.search(attrs):
        return "closed_option", True
    if tag == "bdo" and _RTL.search(attrs):
        return "bdo_rtl", True
    if tag in _STRUCK:
        return "struck", False
    if tag == "rt":
        return "ruby_text", False
    if tag in _SMALL and small >= 1:
        return "shrunk", False
    return None, False
