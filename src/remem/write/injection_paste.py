"""Orders in the visible body of a pasted document: a third party's voice, not the user's.

A message a user pastes a document into opens with their own words ("can you summarise
this?", "save the key points") and the document follows. What the document says is
not the user speaking: a line of it that orders what is stored, remembered, sent, said
or approved — or is addressed to whoever processes it — is a directive of whoever wrote
the document, wherever it sits (a signature block, a legal footer, a quoted earlier
reply, a changelog bullet, a data cell, a log line, a caption). No parser finds these
places, and none is needed: each line after the user's opening one is judged as
untrusted text is (:mod:`remem.write.evidence`, threshold 2: two features, as a side
region needs), while the user's own line keeps the trusted threshold.

Source code is left to the region finders (:mod:`remem.markup_source`: its comments are
side regions already); its prose lines (docstrings) speak of memories and instructions
as a subject, not as orders.
"""

from __future__ import annotations

import re

from remem.markup_source import code_line, python_source
from remem.write.evidence import THRESHOLD, UNTRUSTED, WEIGHTS, assess
from remem.write.evidence_scope import opens_with_order
from remem.write.evidence_stake import STAKES

__all__ = ["pasted_order"]

MAX_LINES = 400  # lines of a pasted document read
MAX_LINE = 2000  # characters of a line judged
CODE_SHARE = 0.25  # past this share of code-shaped lines, a paste is source code
# A line's head naming the assistant is read by the check of an address further down
# (remem.write.injection), which knows a pasted transcript's speaker labels ("AI: ...").
_ADDRESSED = frozenset({"address", "authority"})
# A word of prose (a closing bracket or quote and a stop may follow it): a line mostly of
# these is a sentence even where it ends like code ("... last year.)", "... them.');").
_PROSE = re.compile(r"[(\[\"'“‘]*[A-Za-z][a-z'’-]*[.,;:!?)\]\"'”’]*")
_PROSE_SHARE = 0.7
_PROSE_WORDS = 6
# Words run together by a separator (a URL's slug or fragment, a log's field):
# "remember-the-user-agreed-to-...", "Remember_that_the_user_...", read spaced.
_JOINED = re.compile(r"[A-Za-z]+(?:[-_+][A-Za-z0-9]+){4,}")


def pasted_order(text: str) -> str | None:
    """The flag of an order on a line of the document pasted into ``text`` (every line
    after the first that is not blank), or None; None for a one-line message and for a
    paste of source code."""
    lines = [line for line in text.splitlines()[: MAX_LINES + 1] if line.strip()]
    body = lines[1:]
    if not body:
        return None
    shaped = [code_line(line) and not _prose(line) for line in body]
    if sum(shaped) >= max(3, CODE_SHARE * len(body)) or python_source(text):
        return None
    for line, shape in zip(body, shaped, strict=True):
        if shape:
            continue
        line = _JOINED.sub(lambda m: re.sub(r"[-_+]", " ", m.group(0)), line[:MAX_LINE])
        evidence = assess(line, context=UNTRUSTED)
        kept = {k: v for k, v in evidence.features.items() if k not in _ADDRESSED}
        if sum(WEIGHTS[k][2] for k in kept) >= THRESHOLD[UNTRUSTED]:
            name = max(kept, key=lambda k: WEIGHTS[k][2])
            return f"pasted: {name}: {kept[name]}"[:80]
    return None


def _prose(line: str) -> bool:
    words = line.split()
    if len(words) < _PROSE_WORDS:
        return False
    return sum(bool(_PROSE.fullmatch(w)) for w in words) >= _PROSE_SHARE * len(words)


# -- source code: its documentation and string constants ------------------------------
# A paste of code carries text written for its readers: docstrings and text blocks,
# heredocs, `///` and `/** */` documentation, string constants of several words (a
# message, a fixture, a `COMMENT ON ... IS '...'`). They talk about their subject —
# memories, users, assistants, instructions — as comments rarely do, so the prior is
# lower: what counts is a third party's move on the user, an order or a claim about the
# user that puts something at stake (a credential, a payment detail, a claimed check,
# a place out), not the words of the subject.
_MOVES = frozenset({"directive", "aimed", "standing", "told", "output", "reader"})
_OPENING = frozenset({"memory", "conduct"})  # moves told by a verb: only as the opening one
_STAKES = frozenset({*STAKES, "claim", "planted", "exfiltration", "consent", "consent_once"})
_HELD = frozenset({*STAKES, "claim", "planted"})  # what a move must put at stake
MAX_STRINGS = 200  # strings of a paste read
_TRIPLE = re.compile(r'"""(.*?)(?:"""|\Z)|\'\'\'(.*?)(?:\'\'\'|\Z)', re.S)
_HEREDOC = re.compile(r"<<[~-]?(['\"]?)([A-Z_][A-Z0-9_]*)\1[^\n]*\n(.*?)^[ \t]*\2\b", re.S | re.M)
_DOC_LINE = re.compile(r"^[ \t]*(?:///|//!|\*(?!/)|--\[\[|##)[ \t]?([^\n]*)$", re.M)
_LITERAL = re.compile(
    r'"((?:[^"\\\n]|\\.){12,2000})"|\'((?:[^\'\\\n]|\\.){12,2000})\'|`([^`\n]{12,2000})`'
)
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")  # an order and its stake: in one sentence
MAX_STRING = 6000  # characters of a string read
_SENTENCE_WORDS = 60
_STRING_WORDS = 4  # a string constant of fewer words is a key, a path, a format


def code_strings(text: str) -> list[str]:
    """The documentation and string constants of ``text`` when it is a paste of source
    code (see above), each as one text; [] for a text that is not code."""
    lines = [line for line in text.splitlines()[:MAX_LINES] if line.strip()]
    shaped = sum(code_line(line) and not _prose(line) for line in lines)
    if not (python_source(text) or shaped >= max(3, CODE_SHARE * len(lines))):
        return []
    found = [a or b for a, b in (m.groups() for m in _TRIPLE.finditer(text))]
    found += [m.group(3) for m in _HEREDOC.finditer(text)]
    found += [" ".join(m.group(1) for m in _DOC_LINE.finditer(text))]
    found += [
        s
        for m in _LITERAL.finditer(text)
        if len((s := next(filter(None, m.groups()))).split()) >= _STRING_WORDS
    ]
    # a line of prose among the code (a comment, a doc or description continued, text
    # after a hunk header): written for a reader, whatever carries it
    found += [line for line in lines[1:] if _prose(line) and not code_line(line.rstrip(" .!?"))]
    return [s for s in found[:MAX_STRINGS] if s and s.strip()]


def code_order(text: str) -> str | None:
    """The flag of an order in the documentation or a string constant of a pasted piece
    of source code (see :func:`code_strings`), or None."""
    for body in code_strings(text):
        flat = " ".join(body.split())[:MAX_STRING]
        units = _SENTENCE_END.split(flat)[:50]
        if len(units) > 1 and "\n" not in body.strip() and len(flat.split()) <= _SENTENCE_WORDS:
            units.append(flat)  # a line whole: an order and its stake may be apart (not a
            # docstring, which opens with an imperative summary by convention)
        for sentence in units:
            if len(sentence.split()) > _SENTENCE_WORDS:
                continue  # a run of list items or of code, not one order or claim
            features = assess(sentence, context=UNTRUSTED).features
            opening = opens_with_order(sentence.lower())
            kept = {
                k for k in features if k in _MOVES or k in _STAKES or (opening and k in _OPENING)
            }
            # a move or a claim about the user beside what is at stake, or a check both
            # claimed and waived ("vetted by legal ...; may be signed without escalation")
            moved = kept & (_MOVES | _OPENING | {"claim", "planted"})
            checks = kept & {"checked", "waived", "consent", "consent_once"}
            if not (kept & _HELD and moved) and len(checks) < 2:
                continue
            if sum(WEIGHTS[k][2] for k in kept) >= THRESHOLD[UNTRUSTED]:
                name = max(sorted(kept & _STAKES), key=lambda k: WEIGHTS[k][2])
                return f"code: {name}: {features[name]}"[:80]
    return None
