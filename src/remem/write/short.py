"""Short statements: is a text under ``config.gate_min_words`` words a whole fact?

"Sam moved to Tampere.", "Maya joined Stripe.", "I retired.", "I'm a nurse." are
facts; "ok sounds good", "Got it.", "He's hilarious!", "Omar believes in Dana."
are not. The test reads the clause as the update path does
(:func:`remem.slots.analyse` and the slot lexicon): a **subject** that is someone
or something (not "it", "that", "everyone", not a preposition's fragment), a
**main verb** that states (not "should", "could", "will" ...), and after it
**slot information**, counted word by word:

- a number, date, amount or version, after any verb ("I turned 40");
- a word of an attribute family or a change ("nurse", "vegan", "married", "fired");
- a name, after a verb of the slot lexicon or a copula ("joined Stripe", "is Miso"),
  not after any verb ("believes in Dana" says nothing that can change);
- another content word, after a verb of the slot lexicon only ("plays clarinet"),
  or after any verb when the user asked to remember it;
- a code ("fly.io", and "wg-atlas" after a copula);
- a content word placed by an order word ("showers before breakfast": a habit's
  order is its value);
- a role to someone: a content word right after a copula and a possessive, with a
  subject that is named ("Stavros is my barber", "Ana is Kai's sister": what the
  subject is to a person is a relation the update path can change).

A statement may be followed by **fragments**, sentences with no verb and one word that
says something ("Stavros is my barber. Cash only."): they continue the statement
(:func:`is_fragment`), so the text is whole when its first sentence is.

A change verb of the update path ("retired", "moved", "quit") counts as one: it
says the old value ended. A copula with a bare adjective ("Ana was grumpy") is an
evaluation or a mood, not a slot, unless the adjective is a family's word.

Pure functions with no I/O.
"""

from __future__ import annotations

import re

from remem.slots import analyse
from remem.slots.lexicon import (
    AUXILIARIES,
    COPULAS,
    FAMILIES,
    IRREGULAR_PAST,
    LIGHT,
    ORDER_WORDS,
    PREPOSITIONS,
    WEAK_CUES,
)
from remem.slots.tokens import (
    ADVERBS,
    NUMBER_WORDS,
    VERB_FORMS,
    Token,
    is_verb,
    is_word,
    verbish,
)
from remem.write.classify import is_small_talk

_CONTRACTIONS = [
    (re.compile(r"\b(Mr|Mrs|Ms|Dr|Prof|St)\.(?= [A-Z])"), r"\1"),  # "Dr. Chen" is one sentence
    (re.compile(r"\b(I)'m\b", re.IGNORECASE), r"\1 am"),
    (re.compile(r"\b(\w+)'re\b", re.IGNORECASE), r"\1 are"),
    (re.compile(r"\b(\w+)'ve\b", re.IGNORECASE), r"\1 have"),
    (re.compile(r"\b(\w+)'ll\b", re.IGNORECASE), r"\1 will"),
    (re.compile(r"\b(\w+)'d\b", re.IGNORECASE), r"\1 would"),
    (re.compile(r"\b(he|she|it|that|this|there|here|what|who)'s\b", re.IGNORECASE), r"\1 is"),
]
_PERSONAL = frozenset("i we you he she they".split())
# A subject of only these points at something the text does not name ("That's Sam").
_NO_SUBJECT = frozenset(
    """it this that these those there here what which who everyone everybody someone
    somebody anyone anybody nobody people""".split()
)
# A main verb that wishes, offers, promises or guesses states no fact yet.
_MODALS = frozenset("should could would might may must shall ought can will let's lets".split())
# Words after the verb that point somewhere or at somebody without naming anything.
_NO_VALUE = frozenset(
    """home back away there here together too either anyway again yet though guys everyone
    everybody anyone anybody someone somebody something anything everything nothing
    nobody none do doing done go going gone come coming get getting em one""".split()
)
_FAMILY_WORDS = frozenset(w for family in FAMILIES.values() for w in family.split())
_DEMONSTRATIVES = frozenset("this that these those".split())
_CHANGE_VERBS = frozenset(w for cue in WEAK_CUES for w in cue.split()[:1]) - {"now", "new"}


def is_complete_short(
    text: str,
    *,
    speaker: str | None = None,
    min_information: int = 1,
    requested: bool = False,
) -> bool:
    """Whether the short ``text`` states a fact: a subject, a stating verb, and at
    least ``min_information`` words of slot information after the verb (a change
    verb counts as one). ``speaker`` resolves "I" and "my". ``requested``: the user
    asked to remember it ("Remember that the VPN is wg-atlas"), so their judgement
    that it is worth keeping stands in for the slot lexicon: any content word counts."""
    first, *rest = _sentences(text)
    if rest:  # "Stavros is my barber. Cash only.": a statement and what continues it
        return all(is_fragment(r, speaker=speaker) for r in rest) and is_complete_short(
            first, speaker=speaker, min_information=min_information, requested=requested
        )
    fact = analyse(_expand(text), speaker)
    tokens = fact.tokens
    if any(t.text in ".!?;" for t in tokens[:-1]):
        return False  # "Got it. Thanks!": more than one sentence
    amounts = {i for v in fact.values if v.kind != "name" for i in v.tokens}
    if _named_value(tokens, amounts) >= min_information:
        return True  # "Amlodipine 10 mg daily.", "Rent £810.00.": the copula left out
    at = _main_verb(tokens, fact.verb_at)
    subject = [t for t in tokens[:at] if is_word(t)] if at is not None else []
    if (
        at is None
        or not subject
        or all(t.low in _NO_SUBJECT for t in subject)
        or subject[0].low in PREPOSITIONS  # "For the lovely gift", "To see Ana"
        or all(t.low in NUMBER_WORDS for t in subject)  # "Twice a month"
        or (len(subject) == 1 and subject[0].low in VERB_FORMS)  # "Makes sense to Ana"
    ):
        return False
    if tokens[at].low in _MODALS:
        return False
    at = _past_auxiliaries(tokens, at)  # "has moved", "got married": the participle
    verb = tokens[at]
    cue_words = {w for cue in fact.strong_cues for w in cue.split()}
    changed = bool(cue_words) and not fact.negated
    slot_verb = (
        verb.low in VERB_FORMS
        or _family_word(verb.low)
        or verb.low in _CHANGE_VERBS
        or (changed and verb.low in cue_words)
    )
    copula = verb.low in COPULAS
    # "Stavros is my barber": a copula, a possessive, then the role; the subject named
    role_at = at + 2 if copula and at + 2 < len(tokens) and tokens[at + 1].possessive else None
    named = any(
        t.text[:1].isupper() and not t.pronoun and t.low not in _PERSONAL | _NO_SUBJECT
        for t in subject
    )
    values = {i: v.kind for v in fact.values for i in v.tokens}
    found = 1 if changed and verb.low in cue_words else 0
    for t in tokens[at + 1 :]:
        kind = values.get(t.index)
        if t.low in _NO_VALUE:
            continue  # "home", "one" ("Ana owes Ben one"): no value
        if tokens[t.index - 1].low in _DEMONSTRATIVES:
            continue  # "loves that song": a thing in the talk, not named
        number = bool(kind and kind != "name") or t.low[:1].isdigit() or t.low[:1] in "$€£¥"
        if number or _code_like(t, copula=copula):
            found += 1  # a number, a date, an amount, a version, a code: after any verb
        elif kind == "name" and not t.possessive:
            found += 1 if slot_verb or copula else 0
        elif (
            _slot_word(t)
            or (changed and t.low in cue_words)
            # a step of a routine placed by another ("showers before breakfast")
            or (tokens[t.index - 1].low in ORDER_WORDS and _content(t))
            or ((requested or (slot_verb and not copula)) and _content(t))
            or (t.index == role_at and named and _content(t))
        ):
            found += 1
    return found >= min_information


def is_verbless_note(text: str, *, speaker: str | None = None) -> bool:
    """Whether ``text`` is one verbless note of a head and an amount, number or code
    ("Rent £810.00.", "Minimum one hour."): whole alone, and a continuation of the
    sentence before it in a message ("Labour, hourly rate £52.00. Minimum one hour.")."""
    fact = analyse(_expand(text), speaker)
    if any(t.text in ".!?;" for t in fact.tokens[:-1]):
        return False
    amounts = {i for v in fact.values if v.kind != "name" for i in v.tokens}
    return _named_value(fact.tokens, amounts) > 0


def _named_value(tokens: tuple[Token, ...], values: set[int]) -> int:
    """How many values a verbless note gives its head ("Amlodipine 10 mg daily.",
    "Rent £810.00.", "Van reg WF70 LHB."): the copula left out, a head of content words,
    then numbers, amounts or codes after it. 0 for anything with a verb or a pronoun, a
    head that is a preposition's ("Since 2016.") or a count ("Three times a week."), or
    no head at all ("Tuesdays."). A name is no value here: after a comma or a verb
    outside the lexicon it addresses someone ("Agree, Mel.", "Blue calms Melanie.")."""
    words_ = [t for t in tokens if is_word(t) or t.text[:1].isdigit() or t.text[:1] in "$€£¥"]
    if not words_ or tokens[-1].text == "!":
        return 0  # an exclamation ("Happy birthday Sam!") is no note
    if any(
        (t.low in VERB_FORMS and (k > 0 or len(words_) < 2 or words_[1].index not in values))
        or t.low in IRREGULAR_PAST
        or t.low in AUXILIARIES
        or t.low in COPULAS
        or (t.low.endswith("ed") and len(t.low) > 4)  # "Walked the dog this morning."
        or t.low in _PERSONAL
        or t.pronoun
        or t.possessive
        for k, t in enumerate(words_)
    ):
        return 0  # a verb (but "Rent £810.00.": a first word before an amount is its head)
    if words_[0].low in PREPOSITIONS or words_[0].low in _NO_SUBJECT:
        return 0
    found, head = 0, False
    for t in words_:
        number = t.index in values or t.text[:1].isdigit() or t.text[:1] in "$€£¥"
        code = (t.text.isupper() and len(t.text) > 1) or any(c.isdigit() for c in t.text)
        if (number or code or t.low in NUMBER_WORDS) and not head:
            return 0  # a count before any head ("Three times a week.")
        if number or code:
            found += 1
        elif _content(t) and len(t.low) > 1:  # "x=5 ok": a letter is no head
            head = True
        elif not head and is_small_talk(t.low):
            return 0  # "Great job Maria.", "Good luck Sam.": praise or a wish, not a note
    return found


def is_fragment(text: str, *, speaker: str | None = None) -> bool:
    """Whether ``text`` is a sentence with no verb and one word that says something
    ("Cash only.", "Tuesdays.", "Ten o'clock."): it continues the sentence before it.
    Small talk ("Thanks!", "Congrats.") and a bare pronoun are not fragments of a fact."""
    tokens = analyse(_expand(text), speaker).tokens
    if any(t.text in ".!?;" for t in tokens[:-1]):
        return False  # more than one sentence
    said = [t for t in tokens if _content(t) and not t.text[:1].isdigit()]
    numbers = [t for t in tokens if t.text[:1].isdigit() or t.text[:1] in "$€£¥"]
    verbal = any(  # a verb's form, or a personal pronoun that would be its subject
        t.low in VERB_FORMS
        or t.low in IRREGULAR_PAST
        or t.low in AUXILIARIES
        or t.low in COPULAS
        or t.low in _PERSONAL
        or (t.pronoun and not t.possessive)  # "I" read as the speaker's name
        for t in tokens
    )
    return not verbal and len(said) + len(numbers) >= 1 and len(tokens) <= _FRAGMENT_TOKENS


def is_named_note(text: str, *, speaker: str | None = None) -> bool:
    """Whether ``text`` is one verbless statement naming a thing by two or more words
    that say something, with no verb or pronoun and no exclamation or question ("Blood
    type O negative.", "Latex allergy.", "Donor card in the wallet."): the form a short
    note of a fact takes when the copula is left out. The gate keeps such a note under
    its length floor when its meaning puts it in a domain that must not fade (health,
    identity, legal, financial: :func:`remem.write.importance.apply_domain_floors`); a
    mood or an event ("Feeling rough.", "Paid the gas.") has a verb and is not one."""
    tokens = analyse(_expand(text), speaker).tokens
    if not tokens or any(t.text in ".!?;" for t in tokens[:-1]) or tokens[-1].text in "!?":
        return False
    if len(tokens) > 1 and tokens[1].text == ",":
        return False  # a word said to someone, or an interjection, first: "Ugh, dentist."
    verbal = any(
        t.low in VERB_FORMS
        or t.low in IRREGULAR_PAST
        or t.low in _PARTICIPLES  # an event, not a thing named: "Pills taken."
        or t.low in AUXILIARIES
        or t.low in COPULAS
        or t.low in _PERSONAL
        or t.pronoun
        or (is_word(t) and len(t.low) > 4 and t.low.endswith(("ed", "ing")))
        for t in tokens
    )
    said = [t for t in tokens if _content(t) or t.text[:1].isdigit()]
    return not verbal and len(said) >= 2 and len(tokens) <= _FRAGMENT_TOKENS + 2


# Irregular past participles (the regular ones end in "-ed"): a note with one reports
# that something happened.
_PARTICIPLES = frozenset(
    """taken given done gone seen eaten written broken forgotten begun known shown paid
    sent made had got gotten bought sold left put set cut""".split()
)

# A fragment is short: past this many tokens (marks included) it is a sentence of its own.
_FRAGMENT_TOKENS = 6
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=\S)")


def _sentences(text: str) -> list[str]:
    """``text`` cut after each ".", "!" or "?" that a space follows ("Dr. Chen" is kept)."""
    for pattern, replacement in _CONTRACTIONS[:1]:
        text = pattern.sub(replacement, text)
    return [s for s in _SENTENCE_END.split(text.strip()) if s] or [text]


def _code_like(t: Token, *, copula: bool) -> bool:
    """A name written as code ("fly.io", "db_main"; "wg-atlas" after a copula only:
    "helps Ana re-focus" is a word), not a hyphenated adjective ("well-deserved")."""
    inner = re.search("[-_./:@]" if copula else "[_./:@]", t.text.strip(".")) is not None
    return is_word(t) and inner and not re.search(r"(?:ing|ed)$", t.low)


def _slot_word(t: Token) -> bool:
    """A word of an attribute family ("nurse", "vegan", "married", "car")."""
    return is_word(t) and _family_word(t.low)


def _family_word(low: str) -> bool:
    """Whether a word, or its singular, is one of the slot lexicon's attribute family
    words, as written ("positive" is not "position", whose stems meet)."""
    return low in _FAMILY_WORDS or (low.endswith("s") and low[:-1] in _FAMILY_WORDS)


def _content(t: Token) -> bool:
    """A content word: not a function word, small talk, deixis or "you"."""
    return (
        is_word(t)
        and not t.pronoun
        and not t.possessive
        and t.low not in LIGHT
        and t.low not in ADVERBS
        and t.low not in _NO_VALUE
        and t.low not in _MODALS
        and not is_small_talk(t.low)
    )


def _expand(text: str) -> str:
    """Contractions spelled out, so "I'm a nurse" has its verb: "I am a nurse";
    a title's period dropped; a spaced "=" read as "is"."""
    for pattern, replacement in _CONTRACTIONS:
        text = pattern.sub(replacement, text)
    return _EQUALS.sub(" is ", text)  # "My dentist = Dr. Desai": "=" written for "is"


_EQUALS = re.compile(r"(?<=\w)\s+=\s+(?=\w)")


def _main_verb(tokens: tuple[Token, ...], end: int) -> int | None:
    """The index of the main verb: the word after a personal pronoun ("I bike to
    work", a verb outside the slot lexicon), else where the analysed subject ends
    (past adverbs); of two verb forms in a row the first ("Ana loves skiing")."""
    if len(tokens) > 1 and (tokens[0].pronoun or tokens[0].low in _PERSONAL):
        at = _past_adverbs(tokens, 1)
        t = tokens[at] if at < len(tokens) else None
        if (
            t is not None
            and t.low.isalpha()
            and t.text.islower()
            and not t.low.endswith("ly")  # "I totally agree": an adverb, not the verb
            and (t.low not in LIGHT or verbish(t))
        ):
            return at
    at = _past_adverbs(tokens, end)
    if at >= len(tokens) or tokens[at].possessive:
        return None
    if at and tokens[at - 1].low in PREPOSITIONS:
        return None  # "Lots of love to Mia": a preposition's object, not a verb
    if not (is_verb(tokens, at) or verbish(tokens[at])):
        return None
    before = tokens[at - 1] if at > 1 else None
    if (
        before is not None
        and verbish(before)
        and not before.possessive
        and tokens[at].low not in AUXILIARIES  # "Team morale is ...": "is"
    ):
        return at - 1
    return at


def _past_auxiliaries(tokens: tuple[Token, ...], at: int) -> int:
    """From an auxiliary to the participle it carries ("has moved", "got married",
    "is engaged"); not to an -ing form ("is feeling upbeat" stays a copula)."""
    while tokens[at].low in AUXILIARIES:
        nxt = _past_adverbs(tokens, at + 1)
        if nxt >= len(tokens) or not verbish(tokens[nxt]) or tokens[nxt].low.endswith("ing"):
            break
        at = nxt
    return at


def _past_adverbs(tokens: tuple[Token, ...], at: int) -> int:
    while at < len(tokens) and tokens[at].low in ADVERBS:
        at += 1
    return at
