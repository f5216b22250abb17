"""Styles that hide text from a reader: the CSS of an element or a rule, and the
presentation attributes that stand for it (SVG ``opacity="0"``, ``visibility``,
``font-size``; a zero-sized frame). Used by :mod:`remem.markup`; neutral (it
imports nothing of remem)."""

from __future__ import annotations

import re

__all__ = ["attribute_style", "hiding", "zero_sized"]

_HIDING_STYLE = re.compile(
    r"display\s*:\s*none|visibility\s*:\s*hidden|(?:fill-)?opacity\s*:\s*0(?:\.0+)?\s*(?:;|$|!)|(?:^|;)\s*(?:max-)?height\s*:\s*0"
    r"(?:px)?\s*;[^;]*overflow\s*:\s*hidden|clip\s*:\s*rect\(\s*0|text-indent\s*:\s*-\d{3,}",
    re.I,
)
_COLOR = re.compile(r"(?<![-\w])color\s*:\s*(#[0-9a-f]{3,8}|white|rgb\([^)]*\))", re.I)
_BACKGROUND = re.compile(
    r"background(?:-color)?\s*:\s*(#[0-9a-f]{3,8}|white|black|rgb\([^)]*\))", re.I
)
_FONT_SIZE = re.compile(r"font-size\s*:\s*(\d*\.?\d+)\s*(px|pt|em|rem|%)?", re.I)
# Presentation attributes with a CSS property of the same name (SVG, and HTML's own).
_PRESENTATION = re.compile(
    r"""(?<![-\w])(opacity|fill-opacity|visibility|display|font-size)\s*=\s*["']?([^"'\s>]+)""",
    re.I,
)
_SIZE = re.compile(r"""(?<![-\w])(width|height)\s*=\s*["']?(\d*\.?\d+)""", re.I)


def attribute_style(attrs: str) -> str:
    """The CSS that an element's presentation attributes stand for
    (``opacity="0"`` is ``opacity:0``)."""
    return ";".join(f"{m.group(1)}:{m.group(2)}" for m in _PRESENTATION.finditer(attrs))


def zero_sized(attrs: str) -> bool:
    """An element drawn with no area: a width or a height under 2 px given as an
    attribute (a 0x0 frame, a 1 px tall image)."""
    return any(float(m.group(2)) < 2 for m in _SIZE.finditer(attrs))


def hiding(style: str) -> bool:
    """Whether a style (an element's, or a CSS rule's body) hides its text from a reader:
    not displayed, invisible, transparent, clipped or pushed off, too small to read, or
    coloured like the page."""
    return bool(_HIDING_STYLE.search(style)) or _tiny_font(style) or _unseen_color(style)


def _tiny_font(style: str) -> bool:
    """Text too small to read: under 2 px or pt, a fifth of an em, or 20%."""
    for m in _FONT_SIZE.finditer(style):
        try:
            size = float(m.group(1))
        except ValueError:
            continue
        unit = (m.group(2) or "px").lower()
        limit = {"em": 0.2, "rem": 0.2, "%": 20.0}.get(unit, 2.0)
        if size < limit:
            return True
    return False


def _unseen_color(style: str) -> bool:
    """Text coloured (nearly) white with no dark background of its own: unseen on the
    usual white page."""
    color = _COLOR.search(style)
    if not color or not _light(color.group(1)):
        return False
    background = _BACKGROUND.search(style)
    return background is None or _light(background.group(1))


def _light(value: str) -> bool:
    value = value.strip().lower()
    if value == "white":
        return True
    if value.startswith("#"):
        digits = value[1:]
        if len(digits) in (3, 4):
            digits = "".join(c * 2 for c in digits[:3])
        try:
            r, g, b = (int(digits[i : i + 2], 16) for i in (0, 2, 4))
        except ValueError:
            return False
        return min(r, g, b) >= 0xE6
    nums = re.findall(r"\d+", value)
    return len(nums) >= 3 and min(int(n) for n in nums[:3]) >= 230
