"""Which sentences of a text are about the future, so that a bare weekday, day of the
month or month in them is the next one ("I'll drop the keys round on Thursday", "we're
flying out on Saturday", "the parents are staying Friday through Sunday") rather than
the last one, the convention for a bare time said of the past ("on Tuesday I saw ...").

A sentence is about the future when it holds a future auxiliary ("will", "'ll",
"shall", "gonna", "going to", "about to", "plan(ning) to") or the present progressive
("am / is / are + -ing"), which English uses for arrangements: "we are meeting on
Monday". Past and perfect forms ("was flying", "have been sleeping") are not: their
auxiliary is not a present one. A sentence ends at . ! ? ; or a line break.

The present simple of a single event is about the future too, a timetable or an
arrangement: "I fly out on Sunday", "my course starts the 6th", "the meeting is fixed
for Friday". A sentence counts as one when a present verb follows its subject (a
pronoun and a plain verb, "he/she/it" or a noun after "my / our / the ..." and a verb in
-s, or a present "is / are") and nothing in it is past: no past form ("was", "went",
a verb in -ed after its subject), no perfect, no "ago" or "yesterday", and nothing
of a habit ("does", "usually", "every", "we love ...").
"""

from __future__ import annotations

import re

_SENTENCE_END = re.compile(r"[.!?;\n]+(?=\s|$)")
_FUTURE = re.compile(
    r"\b(?:will|shall|gonna|wanna|going\s+to|about\s+to|plan(?:ning)?\s+to)\b|'ll\b|"
    r"\b(?:am|is|are|i'm|we're|you're|they're)\s+(?:\w+\s+)?(?!being\b)\w{2,}ing\b",
    re.IGNORECASE,
)
# Words in -ing that are no verb after "is": "the meeting is something", "it is spring".
_NOT_VERBS = frozenset(
    "thing something anything nothing everything morning evening spring during king ring "
    "ceiling wedding building string".split()
)


_WORD = re.compile(r"[a-z]+(?:'[a-z]+)?")
# Past forms and the words that mark a sentence as told of the past (irregular verbs
# whose past is not in -ed; the perfect's auxiliaries).
_PAST = frozenset(
    "was were did had been ago yesterday last previous used went came saw got made took "
    "gave told said met left bought brought thought found felt kept lost ran sat stood "
    "spent sent heard ate drank wrote flew drove rode began broke chose fell forgot knew "
    "paid won wore caught taught fought sold held led slept woke swam sang threw grew "
    "drew became built meant understood spoke stole shook hid bit rang sank fed "
    "'d didn't wasn't weren't hadn't hasn't haven't".split()
)
_PERFECT = frozenset("got had made done seen been come gone left met put set".split())
# Words in -ed that are no past verb.
_NOT_PAST = frozenset("need bed red shed speed seed feed weed indeed hundred wed".split())
# A habit or a general truth, not one event: "what does she do at Easter", "we always ...".
_HABIT = frozenset(
    "do does doesn't don't usually always often normally typically generally every "
    "sometimes never enjoy enjoys love loves like likes".split()
)
_BE_NOW = frozenset("is are am 's 're 'm".split())
_IS_AFTER = frozenset("it's that's he's she's there's here's what's where's who's".split())
_SUBJECTS = frozenset("i we you they".split())
_THIRD = frozenset("he she it".split())
_DETERMINERS = frozenset("my our your his her their the".split())
# Words after a subject that are no present verb of an event ("I think", "we can").
_NOT_EVENT = frozenset(
    "think guess believe know mean remember forget feel hope wish wonder suppose reckon "
    "can could would should might must may do don't also just really".split()
)


def _be_now(word: str) -> bool:
    """A present form of "be": "is", "are", "we're", "it's"."""
    return word in _BE_NOW or word.endswith(("'re", "'m")) or word in _IS_AFTER


def _present_verb(word: str, before: str, two_back: str) -> bool:
    """``word`` is a present verb after its subject: "we fly", "she leaves", "my course
    starts", "the party is"."""
    if _be_now(word) or (before in _SUBJECTS and word not in _NOT_EVENT and len(word) > 1):
        return True
    if not word.endswith("s") or word.endswith("ss") or len(word) <= 3:
        return False
    return before in _THIRD or (two_back in _DETERMINERS and before not in _DETERMINERS)


def _past_word(word: str, before: str, after: str) -> bool:
    """``word`` marks its sentence as told of the past (or of a habit)."""
    if word in _PAST or word in _HABIT or word.endswith("'d"):
        return True
    if word in ("has", "have") or word.endswith("'ve"):  # the perfect, not "has a ..."
        return after.endswith(("ed", "en", "ne", "wn")) or after in _PERFECT
    # a verb in -ed: "we moved", not the present passive "it is fixed"
    return word.endswith("ed") and len(word) > 3 and word not in _NOT_PAST and not _be_now(before)


def _present_event(sentence: str) -> bool:
    """A present simple or present ``be`` sentence with nothing in it past."""
    words = ["", "", *_WORD.findall(sentence.casefold()), ""]
    present = False
    for k in range(2, len(words) - 1):
        word, before = words[k], words[k - 1]
        if _past_word(word, before, words[k + 1]):
            return False
        present = present or _present_verb(word, before, words[k - 2])
    return present


def _about_future(sentence: str) -> bool:
    for match in _FUTURE.finditer(sentence):
        last = match.group(0).split()[-1].casefold()
        if last.endswith("ing") and last in _NOT_VERBS:
            continue
        return True
    return _present_event(sentence)


def future_words(text: str, spans: list[tuple[int, int]]) -> list[bool]:
    """For each word (its character span in ``text``), whether its sentence is about
    the future."""
    ends = [m.end() for m in _SENTENCE_END.finditer(text)] + [len(text) + 1]
    flags: list[bool] = []
    start, k = 0, 0
    cache: dict[int, bool] = {}
    for a, _ in spans:
        while a >= ends[k]:
            start, k = ends[k], k + 1
        if k not in cache:
            cache[k] = _about_future(text[start : ends[k]])
        flags.append(cache[k])
    return flags
