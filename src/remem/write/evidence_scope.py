"""An order with a standing scope, read from a sentence's structure: it binds every
later turn of the assistant, not the reader's next step (a feature of
:mod:`remem.write.evidence`, weighing in hidden and side regions only).

"Always <verb> ..." opening a sentence (no subject: the imperative), a clause scoped
"whenever ...," / "every time ...," / "from now on," before an imperative, or an
imperative scoped over the assistant's turns ("... for every question"), and aimed at
those turns or at a link to push: "always keep this table sorted" is a maintainer's
note, "always end replies with a link to ..." is not.
"""

from __future__ import annotations

import re

from remem.write.act_words import BASE_VERBS

__all__ = ["standing"]

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
    r"|\bwhen(?:ever)?\s+(?:discussing|asked|answering|replying|responding|talking\s+about)\b"
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
