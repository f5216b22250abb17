"""A statement said beside a request or a question: does it hold beyond the ask?

A user's prompt mostly asks, but a statement beside the ask may pin a value down that
the next session needs ("staging = namespace ledger-stg", "so we are moving to
Cashfree") or only report what someone else did or what is going on now ("dependabot
opened a PR bumping pgx", "the quote is coming out high"). :func:`durable_beside_ask`
tells the two apart by the clause's structure (:mod:`remem.write.acts` keeps such a
statement as a fact candidate).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from remem.write.act_words import ANCHOR, AUX, BASE_VERBS, CLAUSE, NAME, SPEAKER, tokens

__all__ = ["durable_beside_ask"]


def durable_beside_ask(text: str) -> bool:
    """Whether a statement said beside a request or a question holds beyond it: one of
    its clauses carries a value (a number, a path, an identifier, code) and reports no
    one else's past action ("staging = namespace ledger-stg", "bumped msrv to 1.80",
    "from next Monday they deliver at 06:00" — not "Partner resent all of March",
    "dependabot opened a PR bumping pgx to v5.7.1", "the beat schedule isn't firing"),
    or says a value was changed to a new one, whoever changed it ("the API has moved to
    https://api.example.org/v3/")."""
    if _OWN_CHANGE.search(text):  # "so we are moving to Cashfree": how it stands from now on
        return True
    reported = False  # a clause goes on with another's past action ("..., theyre in ~/x")
    ongoing = False  # ... or with what is going on: "is coming out high, R$ 190 by courier"
    for clause in CLAUSE.split(text):
        if not clause:
            continue
        words = tokens(clause)
        if _others_past(clause):
            reported, ongoing = True, _ONGOING.search(clause) is not None
        elif not (reported and words and (words[0] in _GOES_ON or (ongoing and _verbless(words)))):
            reported = ongoing = False
        if (ANCHOR.search(clause) or NAME.search(clause)) and (
            not reported or _CHANGED_TO.search(clause)
        ):
            return True
    return False


# a clause that goes on about what the clause before it reported ("client sent 12 new
# photos, theyre in ~/Downloads/spring"): its subject is that clause's
_GOES_ON = frozenset(
    "they theyre they're they’re it its it's it’s them those these her his their".split()
)


# the speaker's own change to another thing ("so we are moving to Cashfree", "im switching
# to LevelPlay", "we've migrated the queue to SQS"): what holds from now on, beside an ask
_OWN_CHANGE = re.compile(
    r"\b(?:we|i|im|ive|weve)(?:'re|’re|'m|’m|'ve|’ve|\s+are|\s+am|\s+have)?\s+"
    r"(?:now\s+|just\s+|finally\s+|already\s+)?(?:moving|switching|migrating|moved|switched|"
    r"migrated)\s+(?:[\w'-]+\s+){0,4}?to\s+(?!the\s+next\b|it\b|that\b|this\b)\w",
    re.IGNORECASE,
)


# a value changed to a new one, whoever changed it ("the API has moved to
# https://api.example.org/v3/", "client moved the cutoff to 11:30"): what holds now
_CHANGED_TO = re.compile(
    r"\b(?:(?:moved|switched|migrated|changed)|(?:is|are|'s|'re)\s+(?:moving|switching|"
    r"migrating|changing))\s+(?:[\w'-]+\s+){0,5}?to\s+\S*[\d/_`]",
    re.IGNORECASE,
)


def _others_past(clause: str) -> bool:
    """The clause's first past-tense verb (``-ed``), a present progressive ("is
    coming", "are emailing": what is going on now) or a verb of saying ("he says the
    number is 45"), has a subject other than the speaker: someone else's action or
    words, reported (a subject-less "bumped go to 1.23",
    "I've decided to ...", "we are moving to ..." are the speaker's own change)."""
    words = tokens(clause)
    for n, word in enumerate(words):
        if word.isalpha() and ((len(word) >= 5 and word.endswith("ed")) or word in _PAST):
            return any(w not in SPEAKER for w in words[:n])
        if word in _SAYS and n:  # another's words told on ("someone says their score reset")
            return any(w not in SPEAKER for w in words[:n])
        if n and words[n - 1] in _BE_NOW and word.isalpha() and word.endswith("ing"):
            return len(word) >= 5 and any(w not in SPEAKER for w in words[: n - 1])
    return False


def _verbless(words: Sequence[str]) -> bool:
    """A fragment with no verb ("R$ 190 by courier"): an apposition of the clause before."""
    return not any(
        w in AUX or w in BASE_VERBS or w.endswith(("ed", "ing")) or w in _PAST for w in words
    )


# a verb of saying in the present, another's words reported (a closed class)
_SAYS = frozenset("says asks tells claims reports mentions".split())


# the present of "be" before an -ing form: an action going on as it is said
_BE_NOW = frozenset("is are 's 're isnt".split())
_ONGOING = re.compile(r"\b(?:is|are)\s+\w+ing\b", re.IGNORECASE)


# the irregular past of common verbs (a closed class: "client sent 12 new photos")
_PAST = frozenset(
    """sent made took gave wrote brought bought built broke found got left lost ran said
    told sold spent threw won""".split()
)
