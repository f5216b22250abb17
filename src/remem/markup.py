"""Hidden and side regions of pasted markup: what a reader does not see, found before
any check judges the text.

A message a user pastes (an email, a web page, a README, a PR description) can
carry text the user never saw: an HTML comment, an element hidden by its style
or attribute, a link's title, an image's alt text, an attribute value, a
``<noscript>`` block, an SVG description, a CSS ``content`` string, a
``[//]: # (...)`` comment, a LaTeX comment, zero-width characters that encode
bits, Unicode tag characters, a right-to-left override that reverses a run.
:func:`regions` finds them, with the text each holds decoded, and also the *side*
regions a reader may skip (a collapsed ``<details>``, comments in a fenced code
block, footnotes, YAML front matter, JSON string values).

The write path inspects every region as untrusted text before the gate (an
instruction hidden there flags the whole message) and extracts facts from
:func:`visible` text only: hidden content is never a trusted fact. The forms are
structural (markup, styles, encodings), not phrases. A neutral module: it
imports nothing from the write or read paths.
"""

from __future__ import annotations

import bisect
import html
import json
import re
from dataclasses import dataclass, replace

from remem.decode import rot13_lines
from remem.markup_encoded import ANY_TAG, data_uri_regions, escaped_regions, invisible_regions
from remem.markup_render import render_regions
from remem.markup_source import source_regions
from remem.markup_tree import MAX_SPAN as _MAX_SPAN
from remem.markup_tree import close, elements

__all__ = ["MAX_REGION_TEXT", "Region", "regions", "visible"]

MAX_REGIONS = 64  # regions returned per text; past it the rest are not inspected
MAX_REGION_TEXT = 8000  # characters of a region's text judged


@dataclass(frozen=True, slots=True)
class Region:
    """One region of a text: its ``form``, the ``text`` it holds (decoded), and whether
    it is ``hidden`` (a reader never sees it) or a side region (seen, easily missed).
    ``span`` is where it sits in the original text (None when decoded from invisible
    characters spread through it)."""

    form: str
    text: str
    hidden: bool
    span: tuple[int, int] | None = None


# -- HTML and XML -------------------------------------------------------------------------
_COMMENT = re.compile(r"<!--(.*?)(?:-->|\Z)", re.S)
# A CSS custom property holding a string ("--x: 'text'"): shown only through content.
_CSS_VAR_STRING = re.compile(r"""--[\w-]+\s*:\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')""")
_OPEN_TAG = re.compile(r"<(?P<tag>[a-z][\w-]*)\b(?P<attrs>[^<>]*)>", re.I)
_HIDDEN_INPUT = re.compile(r"""\btype\s*=\s*["']?hidden""", re.I)
_STYLE_ATTR = re.compile(r"""\bstyle\s*=\s*(?:"([^"]*)"|'([^']*)')""", re.I)
_STYLE_BLOCK = re.compile(r"<style\b[^>]*>(.*?)(?:</style\s*>|\Z)", re.I | re.S)
_CSS_RULE = re.compile(r"([^{}]{1,500})\{([^{}]{0,4000})\}")
_CSS_COMMENT = re.compile(r"/\*(.*?)(?:\*/|\Z)", re.S)
_CSS_CONTENT = re.compile(r"""content\s*:\s*(?:"((?:[^"\\]|\\.)*)"|'((?:[^'\\]|\\.)*)')""", re.I)
_ATTR_VALUE = re.compile(
    r"""\b(?P<name>alt|title|aria-[\w-]+|data-[\w-]+|content|value|placeholder|label|summary)"""
    r"""\s*=\s*(?:"(?P<dq>[^"]*)"|'(?P<sq>[^']*)')""",
    re.I,
)
_SRCDOC = re.compile(
    r"""\bsrcdoc\s*=\s*(?:"(?P<dq>[^"]{0,4000})"|'(?P<sq>[^']{0,4000})')""", re.I
)  # bounded: a text of many unclosed srcdoc=" must not scan to its end from each
# RTF hidden text: "{\v ...}" or "\v ... \v0".
_RTF_GROUP = re.compile(r"\{\\v\s+([^{}]{0,4000})\}")  # "{\v hidden}"
_RTF_ON = re.compile(r"\\v\s")  # "\v hidden \v0": each run ends at the next \v0
_RTF_OFF = re.compile(r"\\v0\b")
_MIME_ENCODED = re.compile(r"(?im)^content-transfer-encoding:\s*(?:base64|quoted-printable)")
_MIME_START = re.compile(r"(?im)^(?:from|to|subject|date|mime-version|content-type):")
_MIME_PARTS = 8
_ALTERNATIVE = "multipart/alternative"
_SUMMARY = re.compile(r"<summary\b[^>]*>.*?</summary\s*>", re.I | re.S)

# -- Markdown, LaTeX, code, data ------------------------------------------------------------
_MD_TITLE = re.compile(r"""\]\(\s*<?[^\s()<>]+>?\s+(?:"([^"]*)"|'([^']*)'|\(([^()]*)\))\s*\)""")
_MD_ALT = re.compile(r"!\[([^\]]*)\]\(")
_MD_REF_COMMENT = re.compile(
    r"""^[ \t]*\[[^\]\n]*\]:[ \t]*(?:#|<>|\S+)[ \t]+(?:\((.*)\)|"(.*)"|'(.*)')[ \t]*$"""
    r"""|\[[^\]\n]*\]:[ \t]*(?:#|<>)[ \t]*\(([^()\n]*)\)""",  # the comment forms, anywhere
    re.M,
)
_MD_FOOTNOTE = re.compile(
    r"^[ \t]*\[\^[^\]\n]+\]:[ \t]*(.+)$|(?<=\s)\[\^[^\]\n]+\]:[ \t]*([^\n]+)", re.M
)
# Front matter: on its own lines, or run together on one line by whitespace folding.
_FRONT_MATTER = re.compile(
    r"\A\s*---[ \t]*\n(.*?)\n---[ \t]*(?:\n|\Z)|\A\s*---[ \t]+(\S.{0,2000}?)[ \t]+---", re.S
)
# ... or pasted after some prose ("Here is the post: ---\ntitle: ...\n---"): a block
# between two "---" lines that holds "key: value" lines (not a rule between paragraphs)
_FRONT_MATTER_LATER = re.compile(r"(?:\n|:)[ \t]*---[ \t]*\n(.{1,4000}?)\n---[ \t]*(?:\n|\Z)", re.S)
_KEY_LINE = re.compile(r"^[ \t]*[A-Za-z_][\w-]*:[ \t]", re.M)
_FENCE = re.compile(r"^[ \t]*(```|~~~)[^\n]*\n(.*?)^[ \t]*\1[ \t]*$", re.S | re.M)
_CODE_COMMENT = re.compile(r"/\*(.*?)\*/|(?:^|[ \t])(?://|#|--|;)[ \t]?(.*)$", re.M | re.S)
_LATEX = re.compile(r"\\(?:documentclass|section|subsection|begin|end|usepackage|cite)\b|\\\\")
_LATEX_COMMENT = re.compile(r"(?<!\\)%[ \t]?(.*)$", re.M)
_LATEX_IFFALSE = re.compile(r"\\iffalse\b(.*?)\\fi\b", re.S)


def regions(text: str) -> list[Region]:
    """The hidden and side regions of ``text`` (see the module doc), at most
    ``MAX_REGIONS``; empty for plain text (one cheap test first)."""
    found: list[Region] = []
    if "<" in text:
        found += _html_regions(text)
    if "](" in text or "]:" in text:
        found += _markdown_regions(text)
    if "```" in text or "~~~" in text:
        found += _code_regions(text)
    if "%" in text and _LATEX.search(text):
        found += _latex_regions(text)
    elif "\\iffalse" in text:  # a block LaTeX never typesets, in a text with no other mark
        found += _latex_regions(text, comments=False)
    if text.lstrip().startswith("---"):
        found += _front_matter(text)
    elif "---" in text:
        found += _later_front_matter(text)
    if text.lstrip()[:1] in "{[":  # JSON, or JSON with the user's words after it
        found += _json_regions(text) or _embedded_json_regions(text)
    elif _EMBEDDED_JSON.search(text):  # also pretty-printed: '{\n  "name": ...'
        found += _embedded_json_regions(text)
    if "data:" in text:
        found += [Region(*f) for f in data_uri_regions(text)]
    if "\\v" in text:
        found += _rtf_regions(text)
    if _MIME_ENCODED.search(text) or _ALTERNATIVE in text.lower():
        found += _mime_regions(text)
    if not text.isascii():
        found += [Region(*f) for f in invisible_regions(text)]
    found += [Region(*f) for f in render_regions(text)]
    found += [Region(*f) for f in source_regions(text)]
    found += [Region(*f) for f in escaped_regions(text)]
    found += [Region("rot13", body, True, span) for body, span in rot13_lines(text)]
    # judged on its first MAX_REGION_TEXT characters (a hidden region is never a fact)
    kept = [replace(r, text=r.text[:MAX_REGION_TEXT]) for r in found if r.text.strip()]
    return kept[:MAX_REGIONS]


def visible(text: str, found: list[Region] | None = None) -> str:
    """``text`` without its hidden regions (side regions stay): what a reader sees,
    and what facts may be extracted from."""
    spans = sorted(
        r.span for r in (regions(text) if found is None else found) if r.hidden and r.span
    )
    if not spans:
        return text
    out, at = [], 0
    for start, end in spans:
        if start < at:  # nested in a region already cut
            at = max(at, end)
            continue
        out.append(text[at:start])
        at = end
    out.append(text[at:])
    return "".join(out)


def _html_regions(text: str) -> list[Region]:
    out = [Region("html_comment", m.group(1), True, m.span()) for m in _COMMENT.finditer(text)]
    for block in _STYLE_BLOCK.finditer(text):
        css = block.group(1)
        for comment in _CSS_COMMENT.finditer(css):  # a stylesheet's comments: never drawn
            start = block.start(1) + comment.start()
            out.append(
                Region(
                    "css_comment", comment.group(1), True, (start, start + len(comment.group(0)))
                )
            )
        for rule in _CSS_RULE.finditer(_CSS_COMMENT.sub(" ", css)):
            for content in [
                *_CSS_CONTENT.finditer(rule.group(2)),
                *_CSS_VAR_STRING.finditer(rule.group(2)),
            ]:
                out.append(Region("css_content", _css_string(content), True, block.span()))
        out.append(Region("style", " ", True, block.span()))
    for doc in _SRCDOC.finditer(text):  # a frame's own document (markup inside it unescaped
        # or not), shown only in the frame: read whole, never as the page's text
        body = ANY_TAG.sub(" ", html.unescape(doc.group("dq") or doc.group("sq") or ""))
        out.append(Region("attr_srcdoc", body, True, doc.span()))
    for tag_match in _OPEN_TAG.finditer(text):
        attrs = tag_match.group("attrs")
        for style in _STYLE_ATTR.finditer(attrs):
            for var in _CSS_VAR_STRING.finditer(style.group(1) or style.group(2) or ""):
                out.append(Region("css_content", _css_string(var), True, tag_match.span()))
        for attr in _ATTR_VALUE.finditer(attrs):
            name = attr.group("name").lower()
            if name == "value" and not _HIDDEN_INPUT.search(attrs):
                continue
            group = "dq" if attr.group("dq") is not None else "sq"
            start = tag_match.start("attrs") + attr.start(group)
            value = attr.group(group) or ""
            out.append(
                Region(f"attr_{name.split('-')[0]}", value, True, (start, start + len(value)))
            )
        if tag_match.group("tag").lower() == "details":
            end = close(text, "details", tag_match.end())
            body = _SUMMARY.sub(" ", text[tag_match.end() : end])
            out.append(Region("details", ANY_TAG.sub(" ", body), False, (tag_match.start(), end)))
    for element in elements(text):  # what the page does not draw, by its computed style
        end = element.stop
        body = text[element.end : end]
        if element.why == "bdo_rtl":  # drawn reversed: the reader sees the reverse
            out.append(Region("bdo_reversed", ANY_TAG.sub(" ", body)[::-1], True, None))
        out.append(
            Region(element.why, ANY_TAG.sub(" ", body), element.hidden, (element.start, end))
        )
    return out


def _rtf_regions(text: str) -> list[Region]:
    """RTF hidden text: a ``{\\v ...}`` group, or a run from ``\\v`` to the next ``\\v0``
    (found by position, so many unclosed runs cost one pass, not one scan each)."""
    out = [Region("rtf_hidden", m.group(1), True, m.span()) for m in _RTF_GROUP.finditer(text)]
    ends = [m.start() for m in _RTF_OFF.finditer(text)]
    at = 0
    for m in _RTF_ON.finditer(text):
        if m.start() < at:
            continue
        k = bisect.bisect_left(ends, m.end())
        if k == len(ends):
            break
        at = ends[k] + 3
        if ends[k] - m.end() <= _MAX_SPAN:
            out.append(Region("rtf_hidden", text[m.end() : ends[k]], True, (m.start(), at)))
    return out


def _mime_regions(text: str) -> list[Region]:
    """The parts of a pasted email that are encoded (base64, quoted-printable): a reader
    sees the encoding, not the text. Each part's decoded text (markup dropped) is a
    hidden region, and so is each hidden region inside it; so is a text part of a
    multipart/alternative that another part is shown instead of."""
    start = _MIME_START.search(text)
    if start is None:
        return []
    import email  # only for a pasted email with an encoded part (the import costs ms)
    import email.policy
    from email.message import Message

    try:
        message = email.message_from_string(text[start.start() :], policy=email.policy.compat32)
        parts = [p for p in message.walk() if not p.is_multipart()][:_MIME_PARTS]
    except (ValueError, TypeError, LookupError, IndexError):
        return []
    out = []
    # of a multipart/alternative a mail client shows the last part it can draw: the
    # other text parts (a plain part beside the HTML one, a "text/x-notes") are not seen
    for alternative in [p for p in message.walk() if p.get_content_type() == _ALTERNATIVE][:4]:
        payload = alternative.get_payload()
        subparts = (
            [p for p in payload[:_MIME_PARTS] if isinstance(p, Message)]
            if isinstance(payload, list)
            else []
        )
        drawn = [p for p in subparts if p.get_content_type() in ("text/plain", "text/html")]
        for part in [p for p in subparts if not drawn or p is not drawn[-1]]:
            raw = part.get_payload(decode=True) if part.get_content_maintype() == "text" else None
            if isinstance(raw, bytes):
                body = raw[: _MAX_SPAN * 4].decode(part.get_content_charset() or "utf-8", "replace")
                out.append(Region("mime_alternative", ANY_TAG.sub(" ", body), True, None))
    for part in parts:
        if part.get_content_type() == "text/plain" and any(
            r.form == "mime_alternative" for r in out
        ):
            continue
        encoding = str(part.get("Content-Transfer-Encoding", "")).strip().lower()
        if encoding not in ("base64", "quoted-printable") or part.get_content_maintype() != "text":
            continue
        raw = part.get_payload(decode=True)
        if not isinstance(raw, bytes):
            continue
        body = raw[: _MAX_SPAN * 4].decode(part.get_content_charset() or "utf-8", "replace")
        out.append(Region("mime_part", ANY_TAG.sub(" ", body), True, None))
        if "<" in body:
            out += [replace(r, span=None, hidden=True) for r in _html_regions(body)]
    return out


def _markdown_regions(text: str) -> list[Region]:
    out = []
    for m in _MD_TITLE.finditer(text):
        group = next(n for n in (1, 2, 3) if m.group(n) is not None)
        out.append(Region("link_title", m.group(group), True, m.span(group)))
    for m in _MD_ALT.finditer(text):
        out.append(Region("image_alt", m.group(1), True, m.span(1)))
    for m in _MD_REF_COMMENT.finditer(text):
        body = next((g for g in m.groups() if g is not None), "")
        out.append(Region("md_comment", body, True, m.span()))
    for m in _MD_FOOTNOTE.finditer(text):
        out.append(Region("footnote", m.group(1) or m.group(2) or "", False, m.span()))
    return out


def _code_regions(text: str) -> list[Region]:
    out = []
    for fence in _FENCE.finditer(text):
        for m in _CODE_COMMENT.finditer(fence.group(2)):
            body = m.group(1) if m.group(1) is not None else m.group(2)
            out.append(Region("code_comment", body or "", False, None))
    return out


def _latex_regions(text: str, *, comments: bool = True) -> list[Region]:
    out = [
        Region("latex_comment", m.group(1), True, m.span())
        for m in (_LATEX_COMMENT.finditer(text) if comments else ())
    ]
    out += [
        Region("latex_iffalse", m.group(1), True, m.span()) for m in _LATEX_IFFALSE.finditer(text)
    ]
    return out


def _front_matter(text: str) -> list[Region]:
    m = _FRONT_MATTER.match(text)
    return [Region("front_matter", m.group(1) or m.group(2), False, None)] if m else []


def _later_front_matter(text: str) -> list[Region]:
    m = _FRONT_MATTER_LATER.search(text)
    if m is None or not _KEY_LINE.search(m.group(1)):
        return []
    return [Region("front_matter", m.group(1), False, None)]


# Fields of a JSON document its viewer does not draw: a comment, metadata, a fallback or
# alt text, anything under an object flagged hidden or collapsed (a notebook cell with
# its source hidden, a chat export's hidden message).
_JSON_UNSHOWN = re.compile(
    r"^(?:_+|\$|//|#)?(?:comments?|notes?|metadata|fallback|alt_?te?xt|alt)_*$", re.I
)
_JSON_HIDING = frozenset({"hidden", "source_hidden", "outputs_hidden", "collapsed", "is_hidden"})


def _json_regions(text: str) -> list[Region]:
    try:
        value = json.loads(text)
    except (ValueError, RecursionError):
        return []
    strings: list[tuple[str, bool]] = []

    def walk(v: object, key: str, depth: int, hidden: bool) -> None:
        if depth > 20 or len(strings) >= MAX_REGIONS:
            return
        hidden = hidden or bool(_JSON_UNSHOWN.match(key))
        if isinstance(v, str):
            if len(v.strip()) >= 8 or " " in v.strip():  # a sentence, not a code or an id
                strings.append((f"{key}: {v}" if key else v, hidden))
        elif isinstance(v, dict):
            flagged = hidden or _json_flagged(v)
            for k, item in v.items():
                walk(item, str(k), depth + 1, flagged)
        elif isinstance(v, list):
            for item in v:
                walk(item, key, depth + 1, hidden)

    walk(value, "", 0, False)
    return [Region("json_value", s, hidden, None) for s, hidden in strings]


def _json_flagged(v: dict[str, object], depth: int = 0) -> bool:
    """Whether an object says it is hidden, itself or in its metadata ("metadata":
    {"jupyter": {"source_hidden": true}}), two levels down at most."""
    if any(v.get(k) is True for k in _JSON_HIDING):
        return True
    inner = [item for item in v.values() if isinstance(item, dict)][:8] if depth < 2 else []
    return any(_json_flagged(item, depth + 1) for item in inner)


# An array of objects opens at its "[": read from its first object, it would end there.
_EMBEDDED_JSON = re.compile(r'\[\s*\{\s*"|[{\[]\s*"')
_EMBEDDED_TRIES = 3


def _embedded_json_regions(text: str) -> list[Region]:
    """The string values of JSON pasted after some prose ("here is the event:
    {...}"), as :func:`_json_regions` reads a message that is JSON: the first few
    places that open a JSON object or array and decode as one."""
    decoder = json.JSONDecoder()
    for n, match in enumerate(_EMBEDDED_JSON.finditer(text)):
        if n >= _EMBEDDED_TRIES:
            break
        try:
            _, end = decoder.raw_decode(text, match.start())
        except (ValueError, RecursionError):
            continue
        return _json_regions(text[match.start() : end])
    return []


def _css_string(match: re.Match[str]) -> str:
    raw = match.group(1) if match.group(1) is not None else match.group(2)
    # CSS escapes ("\201C") are characters, not words: decoded, they hide nothing.
    return re.sub(r"\\([0-9a-fA-F]{1,6})\s?", lambda m: _code_point(int(m.group(1), 16)), raw or "")


def _code_point(code: int) -> str:
    """The character of a CSS escape; U+FFFD past the last code point, as CSS reads it."""
    return chr(code) if 0 < code <= 0x10FFFF and not 0xD800 <= code <= 0xDFFF else "\ufffd"
