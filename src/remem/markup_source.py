"""Comments and fields of pasted source files and records: text a renderer drops, or a
reader of the file skips.

Hidden (the rendered page never shows it): the comments of template engines (Jinja
``{# #}``, Handlebars ``{{!-- --}}``, ERB ``<%# %>``, JSP, Blade, Go, Razor, Smarty,
FreeMarker, Django ``{% comment %}``), the comments inside PHP blocks, AsciiDoc
comments (``//`` lines and ``////`` blocks, in a text that is AsciiDoc), the headers of
a pasted email that a mail client does not show (all but From, To, Cc, Subject, Date),
and a caption cue shown too briefly to read (WebVTT or SRT, under 0.2 s).

Side (in the file, read by few): the comments of source code outside a fenced block
(``#``, ``//``, ``--`` and ``/* */``, in a text that is code: several lines of code
shape), the free-text fields of a vCard or calendar entry, of a ``key : value`` dump
(EXIF) and of git trailers, a caption file's ``NOTE`` blocks and the quoted values of
a Dockerfile's ``LABEL``, ``ENV`` and ``ARG``. Used by
:mod:`remem.markup` (which wraps each finding in a ``Region``); neutral: it imports
nothing of remem. Every pattern is bounded: an unclosed comment ends at the end of the
text, in one pass.
"""

from __future__ import annotations

import bisect
import re

__all__ = ["Found", "code_line", "python_source", "source_regions"]

Found = tuple[str, str, bool, "tuple[int, int] | None"]  # form, text, hidden, span
MAX_LINES = 2000  # lines of a text read for comments and fields
# Template engines' comments, each an opener and its closer: Jinja/Twig, Handlebars,
# Blade, Mustache, Go, ERB/EJS, JSP/ASP, FreeMarker, Razor, Smarty, Django/Liquid.
_TEMPLATE_PAIRS = (
    (r"\{#", "#}"),
    (r"\{\{!--", "--}}"),
    (r"\{\{--", "--}}"),
    (r"\{\{!(?!--)", "}}"),
    (r"\{\{-?\s*/\*", "*/"),
    (r"<%#", "%>"),
    (r"<%--", "--%>"),
    (r"<#--", "-->"),
    (r"@\*", "*@"),
    (r"\{\*", "*}"),
    (r"\{%-?\s*comment\s*-?%\}", "{% endcomment"),
)
_MAX_COMMENT = 8000  # characters between an opener and its closer: past it, not a comment
_TEMPLATE_HINT = re.compile(r"\{[#*]|\{\{|<%|<#--|@\*|\{%")
_PHP = re.compile(r"<\?php\b(.*?)(?:\?>|\Z)", re.S | re.I)  # a file may end in PHP
_BLOCK_COMMENT = re.compile(r"/\*(.*?)(?:\*/|\Z)", re.S)
# Comment marks by the language family the code reads as: "#" (Python, shell, Ruby,
# Dockerfile, Makefile, .env, YAML, TOML), "//" and "/* */" (C, Java, JS, Go, Rust, PHP,
# CSS), "--" and "/* */" (SQL, Lua). The family is told by its lines, not guessed per mark.
_MARKS = {"hash": "#(?![!#])", "slash": "//(?!/)", "dash": "--(?!-)"}
_LINE_COMMENT = {k: re.compile(rf"^[ \t]*{v}[ \t]?([^\n]*)$", re.M) for k, v in _MARKS.items()}
_TRAILING_COMMENT = {
    k: re.compile(rf"(?<=\S)[ \t]+{v}[ \t]+([^\n]*)$", re.M) for k, v in _MARKS.items()
}
_DIFF = re.compile(r"^(?:@@ -\d+(?:,\d+)? \+\d+|diff --git )", re.M)
_DIFF_MARK = re.compile(r"^[+\- ](?![+\-]{2} )", re.M)  # not the "--- a/" and "+++ b/" lines
_PYTHON = re.compile(r"^[ \t]*(?:def \w+\(|import \w|from [\w.]+ import |class \w+[(:])", re.M)
_FAMILY = {
    "hash": re.compile(
        r"^[ \t]*(?:def |class \w+[(:]|import \w|from [\w.]+ import |elif |RUN |FROM \S+|"
        r"COPY |ENV |WORKDIR |ENTRYPOINT |[A-Z_][A-Z0-9_]*=|\t\S|[\w.-]+:[ \t]*$|\w+ = )",
        re.M,
    ),
    "slash": re.compile(
        r"[;{}][ \t]*$|^[ \t]*(?:function |const |let |var |func |fn |public |package )", re.M
    ),
    "dash": re.compile(
        r"^[ \t]*(?:CREATE|ALTER|INSERT|SELECT|UPDATE|DELETE|BEGIN|COMMIT|DROP|GRANT|local)\b", re.M
    ),
}
# A line of code shape, read on the stripped line (at most _CODE_WIDTH characters): a
# statement's keyword, an assignment, an end that opens or closes a block, a target.
_CODE_LINE = re.compile(
    r"(?:def|class|import|from|return|if|elif|for|while|function|const|let|var|public|private|"
    r"package|func|fn|use|CREATE|ALTER|INSERT|SELECT|UPDATE|DELETE|BEGIN|COMMIT|DROP|GRANT|"
    r"FROM|RUN|COPY|ENV|ARG|WORKDIR|EXPOSE|CMD|ENTRYPOINT|LABEL)\b"
    r"|[A-Z_][A-Z0-9_]*=|[\w.\[\]\"']+[ \t]*[:+-]?=[^=]|[\w.$()/-]+:$"
)
_CODE_END = (";", "{", "}", ")", ":")
_CODE_WIDTH = 300
_ASCIIDOC = re.compile(r"^(?:=={0,4} \S|:[\w-]+:(?: |$)|\|===|\[(?:source|cols|NOTE|TIP)\b)", re.M)
_ADOC_LINE = re.compile(r"^//(?!/)[ \t]?([^\n]*)$", re.M)
_ADOC_BLOCK = re.compile(r"^////[ \t]*\n(.*?)(?:^////[ \t]*$|\Z)", re.M | re.S)
# Email headers: a run of "Name: value" lines (continuations indented) naming mail's own.
_HEADER = re.compile(r"^([A-Za-z][\w-]{0,40}):[ \t]([^\n]*(?:\n[ \t]+[^\n]*)*)", re.M)
_MAIL_NAMES = frozenset("received return-path message-id mime-version reply-to".split())
_SHOWN = frozenset("from to cc subject date".split())
# vCard / iCalendar: "NAME;PARAM=x:value", folded lines continue with a space.
_CARD = re.compile(r"^BEGIN:V(?:CARD|CALENDAR|EVENT|TODO)\b", re.M | re.I)
_PROPERTY = re.compile(r"^([A-Z][A-Z0-9-]*)(?:;[^:\n]*)?:([^\n]*(?:\n[ \t][^\n]*)*)", re.M)
_FREE_TEXT = frozenset("note description comment summary title role org label".split())
_DUMP = re.compile(r"^([A-Z][\w /()-]{1,40}?)([ \t]*):[ \t]([^\n]+)$", re.M)
_DUMP_MIN = 3  # "key : value" lines, two of them with a space before the colon
_TRAILER = re.compile(
    r"^[ \t]*([A-Z][a-z]+(?:-[A-Za-z]+)+):[ \t]([^\n]+)$", re.M
)  # git log indents
_COMMIT = re.compile(r"^(?:commit [0-9a-f]{7,40}|Signed-off-by:|Co-authored-by:)", re.M)
_TIMING = re.compile(
    r"^[ \t]*((?:\d{1,2}:)?\d{2}:\d{2}[.,]\d{3})[ \t]*-->[ \t]*((?:\d{1,2}:)?\d{2}:\d{2}[.,]\d{3})"
    r"([^\n]*)\n((?:[ \t]*\S[^\n]*(?:\n|\Z)){1,8})",
    re.M,
)
# A cue's settings that place it off the screen: a negative line, a position past 100%.
_OFF_SCREEN = re.compile(
    r"\b(?:line|position):(?:-\d+|[1-9]\d{3,}|(?:10[1-9]|1[1-9]\d|[2-9]\d\d)%)"
)
# A Dockerfile's metadata: the quoted values of LABEL, ENV and ARG (continued lines too).
_DOCKERFILE = re.compile(r"^FROM[ \t]+\S+", re.M)
_DOCKER_LINE = r"(?:[^\n\\]|\\[^\n]){0,2000}"  # up to a line's end or its continuation mark
_DOCKER_META = re.compile(
    rf"^(?:LABEL|ENV|ARG)\b{_DOCKER_LINE}(?:\\\n{_DOCKER_LINE}){{0,20}}", re.M
)
_QUOTED = re.compile(r'"((?:[^"\\\n]|\\.){1,2000})"')
_CUE_NOTE = re.compile(r"^NOTE\b[ \t]*([^\n]*(?:\n[ \t]*\S[^\n]*){0,20})", re.M)
_FLASH = 0.2  # seconds: a cue shown for less cannot be read


def source_regions(text: str) -> list[Found]:
    """The comments and fields of ``text`` (see the module doc)."""
    out: list[Found] = []
    if _TEMPLATE_HINT.search(text):
        out += _template_comments(text)
    if "<?php" in text.lower():
        for block in _PHP.finditer(text):
            out += [
                ("php_comment", b, True, s) for b, s in _comments(block.group(1), block.start(1))
            ]
    if _ASCIIDOC.search(text) and "//" in text:
        out += [("asciidoc_comment", m.group(1), True, m.span()) for m in _ADOC_LINE.finditer(text)]
        out += [
            ("asciidoc_comment", m.group(1), True, m.span()) for m in _ADOC_BLOCK.finditer(text)
        ]
    elif _looks_like_code(code := _undiff(text)):
        # Python reads "#" only ("/*" in a glob, "--" in an option are not comments there)
        python = _PYTHON.search(code)
        families = ("hash",) if python else tuple(k for k, p in _FAMILY.items() if p.search(code))
        out += [("code_comment", b, False, s) for b, s in _comments(code, 0, families)]
    if ":" in text:
        out += _mail_headers(text) + _record_fields(text)
    if "-->" in text:
        out += _captions(text)
    if _DOCKERFILE.search(text):
        for instruction in _DOCKER_META.finditer(text):
            out += [
                ("image_metadata", m.group(1), False, None)
                for m in _QUOTED.finditer(instruction.group(0))
            ]
    return out


def _template_comments(text: str) -> list[Found]:
    """Each opener matched with the next closer after it, found by position (an opener
    never closed is not a comment: ``${#array[@]}``, ``{**kwargs}``), in one pass each."""
    out: list[Found] = []
    for opener, closer in _TEMPLATE_PAIRS:
        closes = [m.start() for m in re.finditer(re.escape(closer), text)]
        if not closes:
            continue
        at = 0
        for m in re.finditer(opener, text):
            if m.start() < at:
                continue  # inside the comment just read
            k = bisect.bisect_left(closes, m.end())
            if k == len(closes):
                break
            at = closes[k] + len(closer)
            if closes[k] - m.end() <= _MAX_COMMENT:
                out.append(("template_comment", text[m.end() : closes[k]], True, (m.start(), at)))
    return out


def _comments(
    code: str, offset: int, families: tuple[str, ...] = ("hash", "slash", "dash")
) -> list[tuple[str, tuple[int, int]]]:
    """Block, line and trailing comments of ``code`` in the marks of its ``families``,
    with spans in the whole text."""
    found = []
    if "slash" in families or "dash" in families:
        found += [(m.group(1), m.span()) for m in _BLOCK_COMMENT.finditer(code)]
    for family in families:
        for pattern in (_LINE_COMMENT[family], _TRAILING_COMMENT[family]):
            found += [(m.group(1), m.span()) for m in pattern.finditer(code)]
    return [(body, (s + offset, e + offset)) for body, (s, e) in found[:MAX_LINES] if body.strip()]


def _undiff(text: str) -> str:
    """``text`` with a diff's line marks (``+``, ``-``, a space) blanked, so the code of
    its hunks reads as code ("+# a comment" is a comment); other texts as they are."""
    if not _DIFF.search(text):
        return text
    return _DIFF_MARK.sub(" ", text)


def python_source(text: str) -> bool:
    """Whether ``text`` holds Python source (a ``def``, ``class`` or import line)."""
    return _PYTHON.search(text) is not None


def code_line(line: str) -> bool:
    """Whether ``line`` has the shape of a line of code (a statement's keyword, an
    assignment, an end that opens or closes a block, a target)."""
    head = line.strip()[:_CODE_WIDTH]
    return bool(_CODE_LINE.match(head) or head.endswith(_CODE_END))


def _looks_like_code(text: str) -> bool:
    """Several lines of code shape (a statement, an assignment, a block, a target), and
    a comment mark: prose with a "#1" or a dash is not code."""
    if not re.search(r"#|//|--|/\*", text):
        return False
    lines = [line for line in text.splitlines()[:MAX_LINES] if line.strip()]
    code = sum(code_line(line) for line in lines)
    return code >= 3 and code >= 0.25 * len(lines)


def _mail_headers(text: str) -> list[Found]:
    """The headers of a pasted email a mail client does not show (hidden); the display
    names of those it shows (side)."""
    headers = list(_HEADER.finditer(text[:200_000]))
    names = {m.group(1).lower() for m in headers}
    extension = any(n.startswith("x-") for n in names)  # "X-Mailer:", a sender's own field
    if len(names & (_MAIL_NAMES | _SHOWN)) + extension < 3 or not names & (_MAIL_NAMES | {"from"}):
        return []
    out: list[Found] = []
    for m in headers:
        name = m.group(1).lower()
        if name not in _SHOWN:
            out.append(("mail_header", f"{m.group(1)}: {m.group(2)}", True, m.span(2)))
        else:
            out += [
                ("display_name", q, False, None) for q in re.findall(r'"([^"]{3,})"', m.group(2))
            ]
    return out


_TAG = re.compile(r"<[^<>]{0,500}>")


def _record_fields(text: str) -> list[Found]:
    """Free-text fields of a vCard or calendar entry, of a ``key : value`` dump and of
    git trailers (side regions)."""
    out: list[Found] = []
    if _CARD.search(text):
        for m in _PROPERTY.finditer(text):
            name = m.group(1).lower()
            if name in _FREE_TEXT or name.startswith("x-"):
                value = re.sub(r"\r?\n[ \t]", "", m.group(2)).replace("\r", "")
                value = _TAG.sub(" ", value)  # an HTML value (X-ALT-DESC) read as its text
                value = re.sub(r"\\([,;\\])", r"\1", value).replace("\\n", " ").replace("\\N", " ")
                out.append(("record_field", value, False, m.span(2)))
    dump = list(_DUMP.finditer(text))
    if len(dump) >= _DUMP_MIN and sum(len(m.group(2)) >= 1 for m in dump) >= 2:
        out += [
            ("record_field", m.group(3), False, m.span(3))
            for m in dump
            if len(m.group(3).split()) >= 4
        ]
    if _COMMIT.search(text):
        out += [("trailer", m.group(2), False, m.span(2)) for m in _TRAILER.finditer(text)]
    return out


def _captions(text: str) -> list[Found]:
    """A cue of a caption file shown too briefly to read or placed off the screen
    (hidden); its NOTE blocks (side)."""
    out: list[Found] = []
    for m in _TIMING.finditer(text):
        start, end = _seconds(m.group(1)), _seconds(m.group(2))
        if end - start < _FLASH or _OFF_SCREEN.search(m.group(3)):
            out.append(("flash_cue", m.group(4), True, m.span(4)))
    if out or "WEBVTT" in text[:200]:
        out += [("caption_note", m.group(1), False, m.span()) for m in _CUE_NOTE.finditer(text)]
    return out


def _seconds(stamp: str) -> float:
    parts = stamp.replace(",", ".").split(":")
    return sum(float(p) * 60**i for i, p in enumerate(reversed(parts)))
