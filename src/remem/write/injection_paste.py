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
