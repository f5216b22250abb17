"""What a reader of a pasted text sees, against what its bytes hold: the renderers that
are not a web page.

:mod:`remem.markup` reads HTML, Markdown, LaTeX and sources; this module models the
other ways a text is shown and what each one leaves out:

- a terminal (ANSI escapes): text in conceal mode (``ESC[8m``), text whose colour is
  its background's (``ESC[30;40m``), a line written over by a carriage return or by the
  cursor moved up and the line erased;
- the screen's end: text below a long run of empty lines (or rows of empty cells) that
  a reader scrolls past, and a cell far to the right of a delimited row's header;
- whitespace at line ends that spells bits (spaces 0, tabs 1), entity-only runs
  (``&#82;&#101;...``) and base64 or hex runs that decode to text: a reader sees codes;
- words that mix look-alike letters of another script into Latin ones: written to
  look like something to a reader and to be something else to a machine;
- a word processor's runs (WordprocessingML) marked vanish, web-hidden, white or of
  size 1, and RTF groups in white, in a 0–2 point font or in an ignorable destination.

- a line behind a comment mark of a file's format (``#``, ``//``, ``--``, ``%``,
  ``'``, ``;``, `` * ``): a side region, seen in the paste and skipped by the reader.

Each finding is ``(form, text, hidden, span)``: hidden when a reader never sees it.
Every pattern reads in one pass and is bounded. Neutral: imports nothing of the write
or read paths.
"""

from __future__ import annotations

import functools
import html
import json
import re
from pathlib import Path

from remem.decode import encoded_runs
from remem.markup_diagram import diagram_regions
from remem.markup_print import print_regions

__all__ = ["Found", "render_regions"]

Found = tuple[str, str, bool, "tuple[int, int] | None"]  # form, text, hidden, span
FAR_BLANK_LINES = 20  # empty lines a reader scrolls past before text counts as "far below"
FAR_CELLS = 12  # empty cells before a cell counts as far to the right
MAX_TEXT = 4000  # characters of one finding kept
_MAX_LINES = 4000

# -- terminal ------------------------------------------------------------------------------
_SGR = re.compile(r"\x1b\[([0-9;]*)m")
_CSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
_CURSOR_UP = re.compile(r"\x1b\[(\d*)A")
_COLUMN_ONE = re.compile(r"\x1b\[1?G")
_ERASE_LINE = "\x1b[2K"
_OSC = re.compile(r"\x1b\][0-2];([^\x07\x1b\n]{1,4000})(?:\x07|\x1b\\)")

# -- screen's end, cells -------------------------------------------------------------------
_BLANK = re.compile(r"^[\s,;|\t]*$")
_WIDE = re.compile(r"[ \t]{100,}(?=\S)")  # blanks that push what follows off an 80-column screen
_WIDE_HINT = " " * 25

# -- comment lines: a line behind a comment mark of some language or format (a reader of
# the file skips it; the program that reads the file ignores it) ------------------------
_MARKED = re.compile(
    r"^[ \t]*(?:#[.:|,]?|//+|--|%%?|'|;+|\*|/\*\*?|REM\b|rem\b)[ \t]+(\S[^\n]*)$", re.M
)
_MARKED_MIN_LINES = 3
_MAX_MARKED = 32
_WORDY = re.compile(
    r"[^\W\d_]{2}"
)  # lines of a text before a marked line counts as a file's comment

# -- sources and documents ----------------------------------------------------------------
_LATEX_UNSEEN = re.compile(
    r"\\phantom\{([^{}]{0,4000})\}|\{\\color\{white\}([^{}]{0,4000})\}"
    r"|\\textcolor\{white\}\{([^{}]{0,4000})\}"
)
_PO_CONTEXT = re.compile(r'^msgctxt[ \t]+"([^\n]*)"[ \t]*$', re.M)
_CUE_RULE = re.compile(r"::cue\(\.([\w-]+)\)\s*\{([^{}]{0,2000})\}")

# -- first letters of lines -----------------------------------------------------------------
_LINE_HEAD = re.compile(r"^[ \t]*(?:[-*•]|\d+[.)])?[ \t]*([A-Za-z])")
_ACROSTIC_LINES = (6, 40)  # a run of lines long enough to spell a word or two, not a file
_ACROSTIC_WORDS = 3  # words on each line of the run (a line of verse, a tagline)

# -- encodings -----------------------------------------------------------------------------
_ENTITY_RUN = re.compile(r"(?:&#(?:\d{1,7}|[xX][0-9a-fA-F]{1,6});){6,}")
_TRAILING_WS = re.compile(r"[ \t]+$")
_MIN_BITS = 32

# -- look-alike letters --------------------------------------------------------------------
_LOOKALIKE_SCRIPTS = re.compile(r"[\u0370-\u03ff\u0400-\u04ff]")
_MIXED_MIN = 2  # words mixing scripts in a sentence before it counts as disguised
_SENTENCE = re.compile(r"[^.!?\n]+[.!?]?")

# -- word processors -----------------------------------------------------------------------
_W_RUN = re.compile(r"<w:r\b[^>]*>(.{0,4000}?)</w:r>", re.S)
_W_HIDING = re.compile(
    r"<w:(?:vanish|webHidden|specVanish)\s*/?>|<w:color\s+w:val=\"(?:FFFFFF|FEFEFE|white)\""
    r"|<w:sz\s+w:val=\"[0-3]\"",
    re.I,
)
_W_TEXT = re.compile(r"<w:t\b[^>]*>([^<]*)</w:t>")
_RTF_COLORTBL = re.compile(r"\{\\colortbl\s*;?([^{}]*)\}")
_RTF_COLOR = re.compile(r"\\red(\d+)\\green(\d+)\\blue(\d+)")
_RTF_GROUP = re.compile(
    r"\{\\(?:cf(\d+)|fs([0-4])(?!\d)|\*\\([a-z]+))(?:\\[a-z]+-?\d*)*\s([^{}]{0,4000})\}"
)
_RTF_KNOWN_DEST = frozenset({"generator", "expandedcolortbl", "listtable", "listoverridetable"})


def render_regions(text: str) -> list[Found]:
    """The parts of ``text`` its renderer does not show (see the module doc)."""
    out: list[Found] = []
    if "\x1b]" in text:  # an operating-system command: a window title, not the output
        out += [("terminal_title", m.group(1), True, m.span(1)) for m in _OSC.finditer(text)]
    if "\x1b[" in text or "\r" in text.replace("\r\n", ""):
        out += _terminal(text)
    if (
        text.count("\n") > FAR_BLANK_LINES
        or ",,,," in text
        or "\t\t\t\t" in text
        or _WIDE_HINT in text
    ):
        out += _far(text)
    if "&#" in text:
        out += [
            ("entity_encoded", html.unescape(m.group(0))[:MAX_TEXT], True, m.span())
            for m in _ENTITY_RUN.finditer(text)
        ]
    if " \t" in text or "\t \n" in text or "\t\n" in text:
        out += _whitespace_bits(text)
    out += [("encoded", run[:MAX_TEXT], True, None) for run in encoded_runs(text)]
    if not text.isascii() and _LOOKALIKE_SCRIPTS.search(text):
        out += _disguised(text)
    if text.count("\n") >= _MARKED_MIN_LINES:
        marked = [m for m in _MARKED.finditer(text) if _WORDY.search(m.group(1))]
        out += [("comment_line", m.group(1), False, m.span(1)) for m in marked[:_MAX_MARKED]]
    out += _documents(text) + print_regions(text)
    if text.count("\n") >= _ACROSTIC_LINES[0]:
        out += _acrostic(text)
    if "<w:" in text and "</w:r>" in text:
        out += _word_runs(text)
    if "{\\rtf" in text:
        out += _rtf(text)
    return out


def _acrostic(text: str) -> list[Found]:
    """The words spelled by the first letters of a run of lines (a poem, taglines, a
    list): hidden when the letters read as words of the tokenizer's vocabulary, allowing
    one unknown run for a name, at 3.5 letters a piece or more."""
    out: list[Found] = []
    run: list[str] = []
    for line in [*text.split("\n")[:_MAX_LINES], ""]:
        m = _LINE_HEAD.match(line)
        if m and len(line.split()) >= _ACROSTIC_WORDS:
            run.append(m.group(1).lower())
            continue
        if _ACROSTIC_LINES[0] <= len(run) <= _ACROSTIC_LINES[1]:
            words = _spell("".join(run))
            if words:
                out.append(("acrostic", " ".join(words), True, None))
        run = []
    return out


def _spell(letters: str) -> list[str] | None:
    """``letters`` cut into vocabulary words (fewest pieces, one unknown run of 3-8 at
    most), or None when they do not read as words."""
    vocab = _vocabulary()
    n = len(letters)
    # best[i][u]: (pieces, words) for letters[:i] with u unknown runs used
    best: list[list[tuple[int, list[str]] | None]] = [[None, None] for _ in range(n + 1)]
    best[0][0] = (0, [])
    for i in range(1, n + 1):
        for j in range(max(0, i - 12), i):
            for u in (0, 1):
                prev = best[j][u]
                if prev is None:
                    continue
                piece = letters[j:i]
                if piece in vocab:
                    cost, nu = 1, u
                elif u == 0 and 3 <= len(piece) <= 8:
                    cost, nu = 3, 1
                else:
                    continue
                cand = (prev[0] + cost, [*prev[1], piece])
                if best[i][nu] is None or cand[0] < best[i][nu][0]:  # type: ignore[index]
                    best[i][nu] = cand
    found = [b for b in best[n] if b is not None]
    if not found:
        return None
    words = min(found, key=lambda b: b[0])[1]
    return words if 2 * n >= 7 * len(words) else None  # 3.5 letters a piece or more


@functools.lru_cache(maxsize=1)
def _vocabulary() -> frozenset[str]:
    """The whole lower-case words of the embedding model's tokenizer vocabulary."""
    path = Path(__file__).parent / "providers" / "data" / "minilm-tokenizer.json"
    try:
        vocab = json.loads(path.read_text("utf-8"))["model"]["vocab"]
    except (OSError, ValueError, KeyError):
        return frozenset()
    return frozenset(
        w
        for w in vocab
        if w.isascii() and w.isalpha() and w.islower() and (len(w) > 1 or w in "ai")
    )


def _documents(text: str) -> list[Found]:
    """What LaTeX typesets invisibly, a diagram's node drawn invisible
    (:mod:`remem.markup_diagram`) and a caption cue of a class the caption's style hides (hidden);
    a translation's context (side)."""
    out: list[Found] = []
    if "\\phantom" in text or "{white}" in text:
        for m in _LATEX_UNSEEN.finditer(text):
            body = next((g for g in m.groups() if g is not None), "")
            out.append(("latex_unseen", re.sub(r"\\[a-z]+", " ", body), True, m.span()))
    if "msgctxt" in text and 'msgid "' in text:
        out += [("po_context", m.group(1), False, m.span(1)) for m in _PO_CONTEXT.finditer(text)]
    out += diagram_regions(text)
    if "::cue(" in text:
        from remem.markup_style import hiding  # neutral, imports nothing of remem

        for rule in _CUE_RULE.finditer(text):
            if hiding(rule.group(2), (0, 0, 0)):  # captions are drawn on black
                tag = re.compile(rf"<c\.{re.escape(rule.group(1))}\b[^>]*>(.{{0,2000}}?)</c>", re.S)
                out += [("cue_hidden", m.group(1), True, m.span()) for m in tag.finditer(text)]
    return out


def _terminal(text: str) -> list[Found]:
    """Text a terminal does not show: concealed or drawn in its background colour, or
    written over (a carriage return, the cursor moved up)."""
    out: list[Found] = []
    concealed, at = False, 0
    fg: tuple[int, ...] | None = None
    bg: tuple[int, ...] | None = None
    for m in [*_SGR.finditer(text), None]:
        end = m.start() if m else len(text)
        if (concealed or (fg is not None and fg == bg)) and text[at:end].strip():
            out.append(_span_found("terminal_hidden", text, at, end))
        if m is None:
            break
        codes = [int(c) for c in m.group(1).split(";") if c.isdigit()] or [0]
        k = 0
        while k < len(codes):
            code, k = codes[k], k + 1
            colour: tuple[int, ...] | None = None
            if code in (38, 48):  # 256 colours (5;n; the first 8 are the basic ones) or 2;r;g;b
                size = 2 if codes[k : k + 1] == [5] else 4
                colour = tuple(codes[k + 1 : k + size])
                colour = (colour[0] % 8,) if size == 2 and colour and colour[0] < 16 else colour
                k += size
            elif 30 <= code <= 37 or 90 <= code <= 97 or 40 <= code <= 47 or 100 <= code <= 107:
                colour = (code % 10,)
            if code == 0:
                concealed, fg, bg = False, None, None
            elif code in (8, 28):
                concealed = code == 8
            elif code in (38, 39) or 30 <= code <= 37 or 90 <= code <= 97:
                fg = colour
            elif code in (48, 49) or 40 <= code <= 47 or 100 <= code <= 107:
                bg = colour
        at = m.end()
    lines = text.replace("\r\n", "\n").split("\n")[:_MAX_LINES]
    for n, line in enumerate(lines):
        line = _COLUMN_ONE.sub("\r", line)  # the cursor sent to column 1: a carriage return
        if _ERASE_LINE in line:  # the whole line erased: what was written on it before is gone
            erased = _CSI.sub("", "".join(line.split(_ERASE_LINE)[:-1])).replace("\r", " ")
            if erased.strip():
                out.append(("terminal_erased", erased[:MAX_TEXT], True, None))
        if "\r" in line:  # what the last carriage return writes over
            covered = _CSI.sub("", line.rsplit("\r", 1)[0]).replace("\r", " ")
            if covered.strip():
                out.append(("terminal_overwritten", covered[:MAX_TEXT], True, None))
        up = _CURSOR_UP.search(line)
        if up:
            count = int(up.group(1) or 1)
            above = lines[max(0, n - count) : n]
            body = _CSI.sub("", "\n".join(above))
            if body.strip():
                out.append(("terminal_overwritten", body[:MAX_TEXT], True, None))
    return [f for f in out if f[1].strip()]


def _span_found(form: str, text: str, start: int, end: int) -> Found:
    return (form, _CSI.sub("", text[start:end])[:MAX_TEXT], True, (start, end))


def _far(text: str) -> list[Found]:
    """Text after a long run of empty lines (or rows of empty cells), and cells of a
    delimited row that lie past a long run of empty cells."""
    out: list[Found] = []
    blank, at = 0, 0
    lines = text.split("\n")
    for n, line in enumerate(lines[:_MAX_LINES]):
        start, at = at, at + len(line) + 1
        if _BLANK.match(line):
            blank += 1
            continue
        if blank >= FAR_BLANK_LINES:
            rest = "\n".join(lines[n:])[:MAX_TEXT]
            out.append(("far_below", rest, True, (start, len(text))))
            break
        blank = 0
        wide = _WIDE.search(line.rstrip())  # stripped: each run of blanks ends at a word
        if wide:  # text pushed past the screen's right edge by a run of blanks
            out.append(
                ("far_right", line[wide.end() :][:MAX_TEXT], True, (start + wide.end(), at - 1))
            )
            continue
        for sep in (",", "\t", ";", "|"):
            gap = sep * FAR_CELLS
            if gap in line:
                far = line[line.index(gap) :].strip(sep + " ")
                if far.strip():
                    cut = start + line.index(gap)
                    out.append(("far_cell", far[:MAX_TEXT], True, (cut, start + len(line))))
                break
    return out


def _whitespace_bits(text: str) -> list[Found]:
    """Bits spelled by the whitespace at line ends (space 0, tab 1), read as 8-bit
    UTF-8 at each of the first eight offsets, with and without a separating space
    before each line's bits, when they decode to readable text."""
    runs = [
        m.group(0).replace(" ", "0").replace("\t", "1")
        for line in text.split("\n")[:_MAX_LINES]
        if (m := _TRAILING_WS.search(line))
    ]
    for bits in ("".join(runs), "".join(r[1:] for r in runs if r.startswith("0"))):
        if len(bits) < _MIN_BITS or "1" not in bits:
            continue
        for offset in range(8):
            chunk = bits[offset : offset + (len(bits) - offset) // 8 * 8]
            raw = bytes(int(chunk[i : i + 8], 2) for i in range(0, len(chunk), 8))
            decoded = raw.decode("utf-8", "replace").strip("\x00 ")
            printable = sum(c.isprintable() for c in decoded)
            if len(decoded) >= 4 and printable >= 0.9 * len(decoded) and " " in decoded:
                return [("whitespace_bits", decoded[:MAX_TEXT], True, None)]
    return []


def _disguised(text: str) -> list[Found]:
    """Sentences whose words mix look-alike letters of another script into Latin ones,
    folded back to the Latin they imitate."""
    from remem.textnorm import skeleton  # textnorm imports no markup: no cycle

    out: list[Found] = []
    for m in _SENTENCE.finditer(text[:200_000]):
        words = m.group(0).split()
        mixed = sum(
            1
            for w in words
            if _LOOKALIKE_SCRIPTS.search(w) and any(c.isascii() and c.isalpha() for c in w)
        )
        if mixed >= _MIXED_MIN:
            out.append(("lookalike", skeleton(m.group(0))[:MAX_TEXT], True, m.span()))
    return out


def _word_runs(text: str) -> list[Found]:
    """WordprocessingML runs that are not drawn: vanish, web-hidden, white, size 0-3."""
    out: list[Found] = []
    for m in _W_RUN.finditer(text):
        body = m.group(1)
        props = body.split("<w:t", 1)[0]
        if _W_HIDING.search(props):
            said = " ".join(_W_TEXT.findall(body))
            if said.strip():
                out.append(("docx_hidden", html.unescape(said), True, m.span()))
    return out


def _rtf(text: str) -> list[Found]:
    """RTF groups not drawn: in a white colour of the colour table, in a 0-2 point font
    (``\\fs`` counts half-points), or in an ignorable destination (``{\\*\\...}``)."""
    white: set[int] = set()
    table = _RTF_COLORTBL.search(text)
    if table:
        for n, entry in enumerate(table.group(1).split(";"), start=1):
            c = _RTF_COLOR.search(entry)
            if c and all(int(v) >= 250 for v in c.groups()):
                white.add(n)
    out: list[Found] = []
    for m in _RTF_GROUP.finditer(text):
        colour, _size, dest, body = m.groups()
        if dest is not None and (dest in _RTF_KNOWN_DEST or dest.endswith("tbl")):
            continue
        if colour is not None and int(colour) not in white:
            continue
        said = re.sub(r"\\[a-z]+-?\d* ?", " ", body)
        if said.strip():
            out.append(("rtf_hidden", said[:MAX_TEXT], True, m.span()))
    return out
