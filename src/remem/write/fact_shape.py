"""What a keep request or a domain floor can hold: a statement, and one with a value.

A prompt — a request or a question to the assistant ("Can you draft an email to
Ashby Dairy about the overdue invoice?", "How many teaspoons in a tablespoon, can
you remember?") — is an instruction, not a fact about the world: a keep request
misread in it, or a domain ("invoice": financial), must not make it permanent.
Whether a text is one is read by :func:`remem.write.acts.classify` (sentence mood
and structure, no list of prompts): every sentence is a request or a question — and
so is every piece of it apart from its bracketed asides and on each side of a
colon, so a fact with a keep request beside it ("Old Bess is buried under the holly
hedge (please don't let me forget it).", "Please store this permanently: the crush
serial is CR-91146.") is a fact.

A keep request refers to a fact: one said in the same message, or, for a message
that holds only the request ("That's one I can't afford to lose."), in the message
before it. That fact must **pin a value down** (:func:`holds_value`): a number, a
code or identifier, or a name (a capitalised word inside a sentence) — "They
measured the borehole at 42 metres.", "Ingrid's shearer is Marta Nowak." — not
chatter ("Snow on the tops this morning, gorgeous.") and not the request itself
("Keep going, this is useful.").
"""

from __future__ import annotations

import re
from functools import lru_cache

from remem.stopwords import STOPWORDS
from remem.write.acts import Act, classify

_ASKS = frozenset({Act.REQUEST, Act.QUESTION})
_BRACKETED = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")
_ANCHOR = re.compile(r"\d|`|[\w-]+[./_][\w-]+")  # a number, code, a dotted or slashed id
# an identifier of lower-case hyphen-joined parts ("acme-prod", "tf-locks", "shop-web"):
# what a project names its things (a compound word, "on-call", reads as one too)
_HYPHENATED = re.compile(r"(?<![\w-])[a-z][a-z0-9]*(?:-[a-z0-9]+)+(?![\w-])")
# a count said in words before what it counts ("two nat gateways", "three replicas"):
# a closed class, without "one" (as often a pronoun: "that's one I can't lose"); not
# before a pronoun, a verb of being or "of"
_COUNT = re.compile(
    r"\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|"
    r"forty|fifty|hundred|thousand)\s+(?!(?:i|you|we|they|he|she|it|of|is|are|was|were|"
    r"that|this|more|day|time|thing|another|too|and|or|but)\b)[a-z]",
    re.IGNORECASE,
)
_SENTENCE = re.compile(r"(?<=[.!?:;])\s+")
_WORD = re.compile(r"[^\W\d_][\w'’-]*")
_SELF = frozenset({"I", "I'm", "I've", "I'll", "I'd", "I’m", "I’ve", "I’ll", "I’d", "OK"})


@lru_cache(maxsize=4096)
def is_prompt(text: str) -> bool:
    """Whether ``text`` is a prompt rather than a fact (see the module doc)."""
    if not _asks(text):
        return False
    bare = _BRACKETED.sub(" ", text)
    pieces = [bare, *bare.split(":")] if ":" in bare else [bare]
    return all(_asks(p) for p in (p.strip() for p in pieces) if p)


def _asks(text: str) -> bool:
    sentences = classify(text).sentences
    return bool(sentences) and all(s.act in _ASKS for s in sentences)


def holds_value(text: str) -> bool:
    """Whether ``text`` pins a value down: a number (also a count in words before
    what it counts: "three replicas"), a code or identifier (dotted, slashed or
    hyphen-joined: "acme-prod"), or a name — a capitalised word that does not open its
    sentence, or one that opens it as a possessive ("Tam's food is raw tripe."; not a
    contraction: "It's", "That's") (see the module doc)."""
    if _ANCHOR.search(text) or _COUNT.search(text) or _HYPHENATED.search(text):
        return True
    for sentence in _SENTENCE.split(text):
        words = _WORD.findall(sentence)
        if any(w[0].isupper() and w not in _SELF for w in words[1:]):
            return True
        if words and _possessive_name(words[0]):
            return True
    return False


def _possessive_name(word: str) -> bool:
    """A capitalised word with a possessive 's whose stem is no function word ("let's"
    is "let us")."""
    stem = re.sub(r"['’]s$", "", word)
    return stem != word and stem[:1].isupper() and stem.lower() not in STOPWORDS | {"let"}


def keepable(text: str) -> bool:
    """Whether a keep request may hold ``text``: a statement that pins a value down."""
    return holds_value(text) and not is_prompt(text)
