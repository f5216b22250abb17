"""Styles that hide text from a reader: the CSS of an element or a rule, and the
presentation attributes that stand for it (SVG ``opacity="0"``, ``visibility``,
``font-size``; a zero-sized frame). Used by :mod:`remem.markup`; neutral (it
imports nothing of remem).

A style is read as its declarations (the last of a property wins, as in CSS), and
judged by what each way of hiding needs: not displayed (``display:none``,
``visibility:hidden``, ``mso-hide:all``), nothing drawn (opacity 0, ``scale(0)``, a
clip or ``clip-path`` to nothing, a box of no height or width that clips its
overflow), pushed off the page (a large negative offset or indent), too small to
read, or coloured like what is behind it (transparent, or the backdrop's colour).
"""

from __future__ import annotations

import re

__all__ = ["WHITE", "attribute_style", "backdrop", "declarations", "hiding", "zero_sized"]

WHITE = (255, 255, 255)  # the page a reader sees when nothing paints it
_DECLARATION = re.compile(r"([\w-]+)\s*:\s*([^;{}]*)")
_FONT_SIZE = re.compile(r"^(\d*\.?\d+)\s*(px|pt|em|rem|%)?")
_ZERO_LENGTH = re.compile(r"^-?0*\.?0+(?:px|pt|em|rem|%)?$|^[01](?:\.\d+)?px$")
_FAR = re.compile(r"^-\d{3,}(?:\.\d+)?\s*(?:px|pt|em|rem|vw|vh)?$")
_OFF_VIEW = re.compile(r"^-(?:[1-9]\d{2,}|[2-9]\d)(?:\.\d+)?\s*(?:vw|vh|%)$")  # a screen or more
_COLOR_FN = re.compile(r"^(rgba?|hsla?)\(\s*([^)]*)\)$")
_NAMED = {
    "white": WHITE,
    "black": (0, 0, 0),
    "snow": (255, 250, 250),
    "ivory": (255, 255, 240),
    "whitesmoke": (245, 245, 245),
}
# Presentation attributes with a CSS property of the same name (SVG, and HTML's own).
_PRESENTATION = re.compile(
    r"""(?<![-\w])(opacity|fill-opacity|visibility|display|font-size)\s*=\s*["']?([^"'\s>]+)""",
    re.I,
)
_SIZE = re.compile(r"""(?<![-\w])(width|height)\s*=\s*["']?(\d*\.?\d+)""", re.I)
_CLOSE = 25  # colour distance (per channel, at most) under which text is unseen on its backdrop


def attribute_style(attrs: str) -> str:
    """The CSS that an element's presentation attributes stand for
    (``opacity="0"`` is ``opacity:0``)."""
    return ";".join(f"{m.group(1)}:{m.group(2)}" for m in _PRESENTATION.finditer(attrs))


def zero_sized(attrs: str) -> bool:
    """An element drawn with no area: a width or a height under 2 px given as an
    attribute (a 0x0 frame, a 1 px tall image)."""
    return any(float(m.group(2)) < 2 for m in _SIZE.finditer(attrs))


def declarations(style: str) -> dict[str, str]:
    """A style's declarations, property to value (lower case, ``!important`` dropped;
    the last one of a property wins)."""
    out: dict[str, str] = {}
    for m in _DECLARATION.finditer(style[:4000]):
        out[m.group(1).lower()] = m.group(2).lower().replace("!important", "").strip()
    return out


def backdrop(style: str, behind: tuple[int, int, int]) -> tuple[int, int, int]:
    """The colour text of an element is seen on: its own background when it paints one,
    else what is behind it."""
    d = declarations(style)
    value = d.get("background-color") or d.get("background", "")
    for word in [value, *value.split()]:  # "background: #111 url(x) no-repeat"
        color = _rgb(word)
        if color is not None:
            return color
    return behind


def hiding(style: str, behind: tuple[int, int, int] = WHITE) -> bool:
    """Whether a style (an element's, or a CSS rule's body) hides its text from a reader
    on a ``behind`` backdrop: not displayed, nothing drawn, clipped or pushed off, too
    small to read, or coloured like its backdrop."""
    d = declarations(style)
    if not d:
        return False
    return (
        _not_shown(d)
        or _no_area(d)
        or _pushed_off(d)
        or _tiny_font(d.get("font-size", ""))
        or _unseen_color(d, backdrop(style, behind))
    )


def _not_shown(d: dict[str, str]) -> bool:
    return (
        d.get("display") == "none"
        or d.get("visibility") in ("hidden", "collapse")
        or d.get("mso-hide") == "all"
        or _zero(d.get("opacity", "")) is True
        or _zero(d.get("fill-opacity", "")) is True
        or d.get("content-visibility") == "hidden"
    )


def _no_area(d: dict[str, str]) -> bool:
    transform = d.get("transform", "")
    if re.search(r"scale[xy]?\(\s*0*\.?0+\s*[,)]", transform):
        return True
    clip_path = d.get("clip-path", "")
    if re.search(
        r"inset\(\s*(?:50|[5-9]\d|100)(?:\.\d+)?%|circle\(\s*0|polygon\(\s*0\D*0\s*\)", clip_path
    ):
        return True
    if re.match(r"rect\(\s*0", d.get("clip", "")):
        return True
    clipped = d.get("overflow", d.get("overflow-y", d.get("overflow-x", ""))) in ("hidden", "clip")
    boxes = ("height", "max-height", "width", "max-width", "line-height")
    return clipped and any(_ZERO_LENGTH.match(d.get(p, "x")) for p in boxes)


def _pushed_off(d: dict[str, str]) -> bool:
    if _FAR.match(d.get("text-indent", "")):
        return True
    shift = re.search(r"translate[xy3d]?\(\s*([^,)]+)", d.get("transform", ""), re.I)
    if shift and (_FAR.match(shift.group(1).strip()) or _OFF_VIEW.match(shift.group(1).strip())):
        return True
    if d.get("position") not in ("absolute", "fixed"):
        return False
    return any(
        _FAR.match(d.get(p, "")) for p in ("left", "top", "right", "margin-left", "margin-top")
    )


def _zero(value: str) -> bool | None:
    try:
        return float(value.rstrip("%")) <= 0.02 if value else None
    except ValueError:
        return None


def _tiny_font(value: str) -> bool:
    """Text too small to read: under 2 px or pt, a fifth of an em, or 20%."""
    m = _FONT_SIZE.match(value)
    if m is None:
        return False
    unit = (m.group(2) or "px").lower()
    return float(m.group(1)) < {"em": 0.2, "rem": 0.2, "%": 20.0}.get(unit, 2.0)


def _unseen_color(d: dict[str, str], behind: tuple[int, int, int]) -> bool:
    """Text transparent, or coloured (nearly) like the backdrop it is drawn on."""
    value = d.get("-webkit-text-fill-color") or d.get("color", "")
    if not value:
        return False
    if value == "transparent" or _alpha_zero(value):
        return True
    color = _rgb(value)
    return (
        color is not None and max(abs(a - b) for a, b in zip(color, behind, strict=True)) <= _CLOSE
    )


def _alpha_zero(value: str) -> bool:
    m = _COLOR_FN.match(value)
    if m is None or not m.group(1).endswith("a"):
        return False
    parts = re.split(r"[\s,/]+", m.group(2).strip())
    return len(parts) == 4 and _zero(parts[3]) is True


def _rgb(value: str) -> tuple[int, int, int] | None:
    value = value.strip().lower()
    if value in _NAMED:
        return _NAMED[value]
    if value.startswith("#"):
        digits = value[1:]
        if len(digits) in (3, 4):
            digits = "".join(c * 2 for c in digits[:3])
        if len(digits) not in (6, 8):
            return None
        try:
            r, g, b = (int(digits[i : i + 2], 16) for i in (0, 2, 4))
        except ValueError:
            return None
        return r, g, b
    m = _COLOR_FN.match(value)
    if m and m.group(1).startswith("rgb"):
        nums = re.findall(r"\d+(?:\.\d+)?%?", m.group(2))[:3]
        if len(nums) == 3:
            return tuple(  # type: ignore[return-value]
                round(float(n[:-1]) * 2.55) if n.endswith("%") else min(255, int(float(n)))
                for n in nums
            )
    return None
