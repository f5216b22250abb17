"""Sentences of a text, without cutting inside technical tokens or abbreviations.

One splitter for every place that cuts text into sentences (the rules extractor,
the slot analysis, forward triggers, lessons), so a version number ("version
2.0"), a host name ("db-1.us-east-2.rds.amazonaws.com"), a path ("~/.config"),
a decimal ("$12,480.33") or an abbreviation ("Dr.", "U.S.", "e.g.", "Sept. 30",
"3 p.m.") never ends a sentence by accident.

A sentence ends at ``.``, ``!`` or ``?`` (optionally followed by a closing quote
or bracket) **followed by white space**, or at a line break. A period inside a
token (``2.0``, ``fly.io``) is never an end. After the end mark, what follows
decides:

- after an **abbreviation** (a known short form such as "Dr." or "Sept.", or a
  run of single letters with periods such as "U.S." or "e.g."), the sentence
  ends only when the next word is one that typically opens a sentence ("It",
  "The", "He", ...): "10 Downing St. It is ..." ends, "Gen. Patton was ..."
  and "Sept. 30" do not;
- otherwise it ends when the next word starts with a capital, a digit, a quote
  or bracket, or is a lower-case token holding a digit ("v2.1.0 added ...");
  a plain lower-case word ("e.g. the", "vs. the") continues the sentence.

A mark inside a bracket opened in the same sentence and closed later on the
same line never ends it: a parenthetical belongs to its sentence ("The report
(p. 42) says ...", "(see sec. 3.1 of the RFC)").

A neutral module: the write path, the read path and the agent all use it.
"""

from __future__ import annotations

import re

__all__ = ["sentence_spans", "split_sentences"]

# Short forms that end with a period without ending a sentence (general English),
# each in the case it is written in: titles, address, calendar and company forms
# capitalised ("Dr.", "Sept.", "Apt.", "Inc."), Latin and unit forms in lower case
# ("etc.", "approx.", "hrs."). Words that are also names or common words in the
# other case ("Max.", "sun.") are therefore not taken for abbreviations.
CAPITALISED = frozenset(
    """mr mrs ms mx dr prof sr jr st gen col lt sgt capt cpt maj cmdr adm gov sen rep rev hon
    pres supt insp fr messrs mme mlle ave rd blvd ln ct pl sq apt ste bldg fl mt ft hwy rte
    jan feb mar apr jun jul aug sep sept oct nov dec tue tues thu thur thurs fri dept univ
    inc ltd co corp llc bros no nos vol vols fig figs""".split()
)
LOWER_CASE = frozenset(
    """vs etc approx est ca cf min max hr hrs sec secs mins yr yrs mo mos wk wks pp eds tel
    ext incl excl misc nr no vol""".split()
)
# Words that typically open a sentence: after an abbreviation only these end it.
_OPENERS = frozenset(
    """it its the he she they we i you this that these those there here a an my our his her
    their your but and so then if when while after before since as however also yet still
    what who where why how which one each every some many most all no not please thanks
    let don't it's that's there's i'm we're they're he's she's i've we've""".split()
)
_END = re.compile(r"[.!?]+[\"')\]]*(?=\s)|\n")
_LETTER_RUN = re.compile(r"(?:[A-Za-z][a-z]?\.){2,}$")  # U.S., e.g., a.m., Ph.D.
_WORD_BEFORE = re.compile(r"(\S+)$")
_WORD_AFTER = re.compile(r"\s*([\"'(\[]?)(\S*)")
_OPEN = re.compile(r"(?:^|(?<=\s))[(\[](?=\S)")  # a bracket opening a word, not ":("


def _is_abbreviation(word: str) -> bool:
    """Whether ``word`` (ending with its period) is a short form, not a sentence end."""
    if _LETTER_RUN.search(word):
        return True
    bare = word.rstrip(".").lstrip("([\"'")
    if re.fullmatch(r"[A-Z]", bare):
        return True  # an initial: "George R. R. Martin"
    if bare[:1].isupper():
        return bare[1:].islower() and bare.casefold() in CAPITALISED
    return bare in LOWER_CASE


def _ends(text: str, mark: re.Match[str]) -> bool:
    """Whether the end mark ``mark`` ends a sentence (see the module doc)."""
    if mark.group(0) == "\n":
        return True
    after = _WORD_AFTER.match(text, mark.end())
    opener, word = (after.group(1), after.group(2)) if after else ("", "")
    if not word and not opener:
        return True  # only white space follows
    before = _WORD_BEFORE.search(text, 0, mark.start() + 1)
    last = before.group(1) if before else ""
    punct = mark.group(0).rstrip("\"')]")
    if punct == "." and _is_abbreviation(last):
        bare = word.strip("\"'([")
        return bare[:1].isupper() and bare.casefold() in _OPENERS
    if opener:
        return True
    first = word[:1]
    return (
        first.isupper() or first.isdigit() or (first.isalpha() and any(c.isdigit() for c in word))
    )


def _in_brackets(text: str, start: int, mark: re.Match[str]) -> bool:
    """Whether ``mark`` sits inside a bracket opened since ``start`` and closed later
    on the same line (see the module doc)."""
    if mark.group(0) == "\n":
        return False
    inside = text[start : mark.start()]
    depth = len(_OPEN.findall(inside)) - inside.count(")") - inside.count("]")
    if depth <= 0:
        return False
    closed = mark.group(0).rstrip(".!?")  # the mark may close it itself: "(see p. 4.)"
    line_end = text.find("\n", mark.end())
    rest = text[mark.end() : line_end if line_end >= 0 else len(text)]
    return not closed and (")" in rest or "]" in rest)


def sentence_spans(text: str) -> list[tuple[int, int]]:
    """``(start, end)`` of each sentence of ``text`` (white space around it excluded)."""
    spans: list[tuple[int, int]] = []
    start = 0
    for mark in _END.finditer(text):
        if not _ends(text, mark) or _in_brackets(text, start, mark):
            continue
        _add(spans, text, start, mark.end())
        start = mark.end()
    _add(spans, text, start, len(text))
    return spans


def _add(spans: list[tuple[int, int]], text: str, start: int, end: int) -> None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    if start < end:
        spans.append((start, end))


def split_sentences(text: str) -> list[str]:
    """The sentences of ``text``, each with its inner white space as it was."""
    return [text[a:b] for a, b in sentence_spans(text)]
