"""An order with a standing scope, read from a sentence's structure: it binds every
later turn of the assistant, not the reader's next step (a feature of
:mod:`remem.write.evidence`, weighing in hidden and side regions only).

Also :func:`aimed`: an order aimed at what an assistant keeps, says or sends — a
sentence opening with an imperative whose object, in it or a sentence beside it, is the
user named in the third person, what is stored or remembered, the assistant's output
(a summary, a reply), or a place outside (a link, an address). A note an author leaves
for themselves ("swap the hero image before launch", "add screenshots") or a label for
the reader ("Search products by name", "Leave this field empty") has none of them.

"Always <verb> ..." opening a sentence (no subject: the imperative), a clause scoped
"whenever ...," / "every time ...," / "from now on," before an imperative, or an
imperative scoped over the assistant's turns ("... for every question"), and aimed at
those turns or at a link to push: "always keep this table sorted" is a maintainer's
note, "always end replies with a link to ..." is not.
"""

from __future__ import annotations

import re

from remem.write.act_words import BASE_VERBS

__all__ = ["aimed", "opens_with_order", "standing", "told"]

_CLAUSE = re.compile(r"[^,:;()]+")
_ORDER_LEAD = re.compile(r"^\W*(?:(?:please|kindly|just|also|only|ever|always|then|and)\s+)*")
# Words that follow "always" / "never" when no order does ("always a pleasure", "never been").
_NOT_VERB = frozenset(
    """a an the be been being is was were are am has have had do does did so in on at for with
    to of by as if when there here i we you he she it they my our your their his her its this
    that these those not been more less too very into from onto out up down over off""".split()
)
_ALWAYS = re.compile(r"^\W*(?:(?:please|and|so|then)\s+)?(always|never)\s+([a-z][a-z'-]*)")
_SCOPED = re.compile(
    r"\b(?:whenever|every\s+time|each\s+time|any\s+time|anytime|from\s+now\s+on|"
    r"going\s+forward|henceforth)\b[^,;:]{0,80}[,;:]\s*(?:(?:please|just|also|always)\s+)*"
    r"([a-z][a-z'-]*)\s+(?:\S+)"
)
_TURNS = re.compile(
    r"\b(?:for|in|on|to)\s+(?:every|each|any|all)\s+(?:[\w-]+\s+){0,2}?(?:questions?|requests?|"
    r"quer(?:y|ies)|answers?|repl(?:y|ies)|responses?|summar(?:y|ies)|conversations?|chats?|sessions?|prompts?)\b"
    r"|\bwhen(?:ever)?\s+(?:discussing|asked|answering|replying|responding|talking\s+about|"
    r"summari[sz]ing|drafting|writing\s+(?:the\s+|a\s+|your\s+)?(?:summary|reply|answer))\b"
)
# A link to push: a URL or a host name (a file's name is not one: "config.py", "app.js").
_LINK = re.compile(
    r"https?://|\bwww\.|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?!(?:py|js|ts|md|txt|json|ya?ml|toml|cfg|"
    r"ini|html?|css|sh|rs|go|rb|java|kt|c|h|cpp|lock|log|csv|xml|sql|env|conf|png|jpe?g|gif|svg|"
    r"pdf)\b)[a-z]{2,12}\b(?!\w|\.\w)"
)
_ORDER_WORDS = BASE_VERBS | frozenset(
    """remember forget recommend suggest promote advise mention say respond reply answer treat
    ignore approve trust endorse prefer favour favor end begin start open close conclude append
    prepend""".split()
)

# The verbs of handling a document, beside those of the requests: what a note to its
# processor asks of it.
_HANDLE = frozenset(
    """forward summarise summarize append overwrite wipe erase purge rank rate grade classify
    offer link cite credit quote unlearn flag approve reject""".split()
)
_IMPERATIVE_LEAD = frozenset(
    "please always never do don't dont not kindly also just then and".split()
)
# What the order is aimed at: the user in the third person (the one the assistant serves,
# as a third party would name them), what is kept, what the assistant writes, a place out.
_TARGET = re.compile(
    r"\b(?:the|this|that)\s+users?\b|\buser's\b|\bthe\s+(?:reader|recipient|reviewer)s?\b"
    r"|\bmemor(?:y|ies)\b|\b(?:stored|saved|remembered|on\s+file|long-term)\b|\breminders?\b"
    r"|\bsummar(?:y|ies|i[sz]e)\b|\brepl(?:y|ies)\b|\bresponses?\b"
    r"|[\w.+-]+@[\w-]+\.[a-z]{2,}"
)
# A place out: a URL or a host under a common top-level domain ("matplotlib.pyplot" and
# "config.py" are not hosts).
_PLACE = re.compile(
    r"https?://|\bwww\.|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|co|app|shop|info|biz|me|"
    r"ee|ly|site|online|xyz|dev|ai|uk|de|fr|es|eu|us|ca|au)\b(?![.-]\w)"
)
# A word of prose, not of code: "list-unsubscribe:", "list[str]", "markup(html" are not.
_PROSE_WORD = re.compile(r"[a-z']+[.,;:!?]?")
_TOKEN = re.compile(r"[\w'’.,:;!?/@#$£€%&-]*\w[\w'’.,:;!?/@#$£€%&-]*")  # no operator, no call
_ORDER_WORDS_MAX = 40  # words of a sentence read as one order
_HEADS = re.compile(r"^|:\s+")  # a sentence's opening and the one after its label
_START = re.compile(r"^")


def aimed(sentences: list[str]) -> str | None:
    """The opening of an order among (lower-cased) ``sentences`` aimed at what an
    assistant keeps, says or sends (see the module doc), or None."""
    for i, sentence in enumerate(sentences[:40]):
        if not _imperative(sentence):
            continue
        near = " ".join(sentences[max(0, i - 1) : i + 2])
        if _TARGET.search(near) or _PLACE.search(near):
            return " ".join(sentence.split())[:60]
    return None


def _imperative(sentence: str, heads: re.Pattern[str] = _HEADS) -> bool:
    if len(sentence.split()) > _ORDER_WORDS_MAX:  # a run of code or a page, not an order
        return False
    for head in heads.finditer(sentence):
        words = sentence[head.end() : head.end() + 80].split()
        while words and words[0] in _IMPERATIVE_LEAD:
            words = words[1:]
        if len(words) < 3 or not _PROSE_WORD.fullmatch(words[0]):
            continue
        if not all(_TOKEN.fullmatch(w) for w in words[1:3]):
            continue
        if words[0] in _ORDER_WORDS or words[0] in _HANDLE:
            return True
    return False


def standing(sentence: str) -> str | None:
    """The phrase of (lower-cased) ``sentence`` that orders with a standing scope, aimed
    at the assistant's turns or at a link (see the module doc), or None."""
    if not (_TURNS.search(sentence) or _LINK.search(sentence)):
        return None
    m = _ALWAYS.match(sentence)
    if m and m.group(2) not in _NOT_VERB:
        return " ".join(sentence[m.start() : m.end() + 40].split())
    if (m := _SCOPED.search(sentence)) and m.group(1) in _ORDER_WORDS:
        return " ".join(m.group(0).split())[:60]
    for clause in _CLAUSE.findall(sentence)[:6] if _TURNS.search(sentence) else ():
        body = clause[_ORDER_LEAD.match(clause).end() :]  # type: ignore[union-attr]
        if body.split() and body.split()[0] in _ORDER_WORDS:
            return " ".join(body.split())[:60]
    return None


# After an address to whoever processes the text: the order it is given, after a colon
# or a modal ("whoever files this: close it ...", "any system reading this should rate ...").
_TOLD = re.compile(
    r"^[^:;.!?]{0,60}?(?::|\b(?:should|must|shall|needs?\s+to|is\s+to|are\s+to|please)\b)\s*"
    r"(?:(?:please|kindly|always|also|just|then|simply)\s+)*([a-z]+)\b"
)
_TOLD_VERBS = _ORDER_WORDS | _HANDLE | frozenset("omit exclude include state agree".split())


def told(after: str) -> str | None:
    """The order given in (lower-cased) ``after``, the words that follow an address to
    whoever processes a text (see ``_TOLD``), or None."""
    m = _TOLD.match(after)
    if m is None or m.group(1) not in _TOLD_VERBS:
        return None
    return " ".join(after[: m.end() + 40].split())[:60]


def opens_with_order(sentence: str) -> bool:
    """Whether (lower-cased) ``sentence`` opens with an imperative: "store this ...",
    "reply only with ...", not "every change makes ..." nor a label's list of nouns
    ("the protocol: forward triggers, keys ...")."""
    return _imperative(sentence, _START)
