"""One fact, analysed: who it is about, what it says about them, and its values.

A fact such as "Priya's rent went up to $2,300 in May 2024" is read as

- a **subject key**: the noun phrase before the main verb ("Priya's rent": owner
  ``priya``, head ``rent``), with first person resolved to the speaker and
  possessives of people kept apart ("Sam's manager" is not Sam);
- **identifiers** that name one member of a list ("project 28", "rack 3",
  "db-1"): part of the key, never a value;
- **values**: dates, times, money, numbers (with their unit), versions, names
  and quoted text — the parts an update changes;
- **content**: the remaining words, stemmed — the attribute's template;
- **cues**: change words ("went up", "moved"), weak currency words ("now"),
  additive words ("also"), negation.

Pure functions with no I/O; results are cached per (text, speaker).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

import snowballstemmer

from remem.slots import lexicon as lx

_STEMMER = snowballstemmer.stemmer("porter")
MAX_WORDS = 40  # a longer text is not one statement about one slot
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+(?=[A-Z\"'])")
# "St. Luke's", "Dr. Chen", "Acme Inc. says": a period that ends no sentence
_ABBREVIATION = re.compile(r"\b(?:[A-Z][a-z]{0,2}|Mrs|Inc|Ltd|Ave|etc|vs|approx)\.$")

_TOKEN = re.compile(
    r"[$€£¥]\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:k|m|bn)\b)?"  # money
    r"|\d{1,2}(?::\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.)(?![a-z])"  # a clock time with am/pm
    r"|\d+(?:[.,:]\d+)*(?:st|nd|rd|th)?(?![A-Za-z])"  # numbers, versions, 9:30, 3rd
    r"|\d+[A-Za-z][\w]*"  # 4B, 10K, 1Password
    r"|[A-Za-z]+(?:n't|'re|'ve|'ll|'d|'m)(?![A-Za-z])"  # won't, I'm, we've
    r"|[A-Za-z][A-Za-z0-9]*(?:[-.][A-Za-z0-9]+)*(?:'s|')?"  # words, db-1, fly.io, possessives
    r"|[^\w\s]",
    re.IGNORECASE,
)
_MONTHS = (
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec"
).split()
_WEEKDAYS = "monday tuesday wednesday thursday friday saturday sunday".split()
_DATE_WORDS = frozenset(
    [*_MONTHS, *_WEEKDAYS, *(d + "s" for d in _WEEKDAYS), "spring", "summer", "fall", "autumn",
     "winter", "weekend", "weekends", "morning", "mornings", "afternoon", "evening", "tonight",
     "today", "tomorrow", "yesterday", "noon", "midnight", "week", "month", "year", "quarter"]
)  # fmt: skip
_NUMBER_WORDS = frozenset(
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen "
    "twenty thirty forty fifty hundred thousand dozen half".split()
)
_CURRENCY = frozenset("dollars dollar euros euro pounds usd eur gbp bucks cents yen".split())
_STARTERS = frozenset(
    "the a an our my your his her their its this that these those after before since in on "
    "at during last next now today lately recently nowadays so and but actually also then "
    "finally yesterday when while if as well oh ok okay yes no sadly luckily unfortunately "
    "anyway plus".split()
)
_ADVERBS = frozenset(
    "now just finally also still recently currently never always already really actually "
    "officially fully completely only even lately nowadays soon mostly usually often".split()
)
_NEGATION = re.compile(
    r"\b(?:not|never|no longer|no)\b|n't\b|\b(?:doesnt|dont|isnt|wasnt|arent|didnt|wont|cant)\b",
    re.IGNORECASE,
)
# A reply word that opens a sentence ("No, don't use npm here."): it answers what came
# before, it does not negate the claim that follows.
_INTERJECTION = re.compile(
    r"^\W*(?:(?:no|nope|nah|yes|yeah|yep|ok|okay|well|oh)\s*[,.!;:-]+\s*)+", re.IGNORECASE
)
# Base forms of common verbs, so "Fern's deploys run on ..." finds "run" as the verb.
_BASE_VERBS = frozenset(
    """live work play use run have go do make take get drive ride own manage lead teach study
    attend meet open close start begin end ship cost pay earn weigh eat drink speak learn read
    write host track deploy keep hold belong stop stay visit travel fly sit seat serve stand
    need want like love prefer hate enjoy know think feel say tell see bank commute share report
    plan schedule handle support sell buy rent lease include contain cover mean reach leave
    move switch join quit hire fire replace upgrade migrate transfer rename promote""".split()
)
_VERB_FORMS = frozenset(
    form
    for v in _BASE_VERBS
    for form in (v, v + "s", v + "es", v + "ed", v + "d", v + "ing", v[:-1] + "ing",
                 v[:-1] + "ies", v[:-1] + "ied")
) | {"goes", "does", "has"}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Token:
    """One token: its text, lower-cased form, stem and position."""

    text: str
    low: str
    stem: str
    index: int
    possessive: bool = False
    pronoun: bool = False  # "I", "my", "we" resolved to the speaker: the subject, never a value


@dataclass(frozen=True, slots=True)
class Value:
    """A value span: ``kind`` is date, money, number, version, name or quoted;
    ``unit`` the noun a number counts ("engineers"); ``tokens`` its token indices."""

    text: str
    kind: str
    tokens: tuple[int, ...]
    unit: str = ""


@dataclass(frozen=True, slots=True)
class Identifier:
    """A member of a list named by a noun and a number or code ("project 28", "db-1")."""

    noun: str
    code: str
    in_subject: bool


@dataclass(frozen=True, slots=True)
class Fact:
    """The analysed shape of one fact (see the module doc)."""

    text: str
    tokens: tuple[Token, ...]
    key: frozenset[str]  # stems of the subject noun phrase (owner excluded)
    head: str | None  # the subject's head noun or name, stemmed
    owner: str | None  # the possessor of a thing subject ("kofi" in "Kofi's CI")
    values: tuple[Value, ...]
    identifiers: tuple[Identifier, ...]
    content: frozenset[str]  # template stems: no function words, cues, key, values
    mentions: frozenset[str]  # every stem that occurs other than as a possessor
    possessors: frozenset[str]  # stems that occur as possessors ("sam" in "Sam's manager")
    key_is_owner: bool  # the key is a possessor: "Elif's favourite band is ..." is about Elif
    strong_cues: tuple[str, ...]
    weak_cues: tuple[str, ...]
    additive: tuple[str, ...]
    negated: bool
    past_event: bool
    copula: bool
    speaker: str | None  # lower-cased: who "I" is
    thing_key: frozenset[str]  # key stems naming a thing ("office hours"), not a person
    comparable: bool  # one statement: a chat turn of several sentences has no one slot

    @property
    def families(self) -> frozenset[str]:
        """The attribute families the fact's words belong to ("Maple Elementary": school)."""
        return frozenset(f for t in self.tokens for f in FAMILY_OF.get(_stem(t.low), ()))


def stem(word: str) -> str:
    """The Porter stem of a lower-cased word (numbers and codes unchanged)."""
    return _stem(word)


@lru_cache(maxsize=8192)
def _stem(word: str) -> str:
    return word if any(c.isdigit() for c in word) else _STEMMER.stemWord(word)


FAMILY_OF: dict[str, tuple[str, ...]] = {}
for _family, _words in lx.FAMILIES.items():
    for _word in _words.split():
        _s = _stem(_word)
        FAMILY_OF[_s] = (*FAMILY_OF.get(_s, ()), _family)


def normalise_text(text: str) -> str:
    """NFKC, straight apostrophes and quotes, single spaces."""
    text = unicodedata.normalize("NFKC", text)
    text = text.replace("’", "'").replace("‘", "'").replace("“", '"').replace("”", '"')
    return " ".join(text.split())


def tokenize(text: str) -> tuple[Token, ...]:
    """Word, number and punctuation tokens of normalised text."""
    out = []
    for i, match in enumerate(_TOKEN.finditer(text)):
        raw = match.group(0)
        possessive = False
        word = raw
        if raw.endswith("'s") and len(raw) > 2 and raw[0].isalpha():
            word, possessive = raw[:-2], True
        elif raw.endswith("'") and len(raw) > 1 and raw[0].isalpha():
            word, possessive = raw[:-1], True
        low = word.lower()
        # capitalised words are not stemmed ("Wes" is not "we", "Carlos" not "carlo")
        out.append(Token(word, low, low if word[:1].isupper() else _stem(low), i, possessive))
    return tuple(out)


def _is_word(t: Token) -> bool:
    return t.text[:1].isalpha()


def _is_name(t: Token, first: bool) -> bool:
    """A capitalised word that is not merely sentence-initial ("Portland", "GitHub"),
    or a camel-cased one ("iPhone", "macOS")."""
    if not _is_word(t):
        return False
    if not t.text[:1].isupper():
        return t.text[:1].islower() and any(c.isupper() for c in t.text[1:])
    if first:
        return t.low not in _STARTERS and t.low not in lx.DETERMINERS
    return t.low not in ("i",)


def _is_verb(tokens: tuple[Token, ...], i: int) -> bool:
    """Whether ``tokens[i]`` reads as the main verb of a clause starting before it."""
    t = tokens[i]
    if not _is_word(t) or t.text[:1].isupper() or t.possessive:
        return False
    nxt = tokens[i + 1] if i + 1 < len(tokens) else None
    nxt_verbal = nxt is not None and (
        nxt.low in lx.AUXILIARIES or (nxt.low not in lx.PREPOSITIONS and _verbish(nxt))
    )
    if t.low in lx.AUXILIARIES or t.low in lx.IRREGULAR_PAST:
        return True
    if t.low in lx.DETERMINERS or t.low in lx.PREPOSITIONS or t.low in _ADVERBS:
        return False
    # "deploys run", "rent went": a noun followed by the verb is not the verb
    if _verbish(t):
        return not nxt_verbal
    # "Irene swims ...": a verb outside the word list, right after a name
    prev = tokens[i - 1] if i else None
    return (
        prev is not None
        and prev.text[:1].isupper()
        and not prev.possessive
        and t.low.isalpha()
        and t.low.endswith("s")
        and not t.low.endswith("ss")
        and not nxt_verbal
    )


def _verbish(t: Token) -> bool:
    low = t.low
    if not low.isalpha() or t.text[:1].isupper():
        return False
    if low in lx.IRREGULAR_PAST or low in lx.AUXILIARIES or low in _VERB_FORMS:
        return True
    return low.endswith("ed") and len(low) > 4


def _subject_span(tokens: tuple[Token, ...]) -> tuple[int, int]:
    """``(start, end)`` of the subject noun phrase: past any leading adverbial, up to the verb."""
    start = 0
    words = [t for t in tokens]
    if words and (words[0].low in _STARTERS and words[0].low not in lx.DETERMINERS):
        # "After the breach Amy ...", "These days Esme ...": skip to the first name or comma
        for j in range(1, min(len(words), 8)):
            if words[j].text == ",":
                start = j + 1
                break
            if _is_name(words[j], first=False):
                start = j
                break
    end = start
    for j in range(start, len(words)):
        t = words[j]
        if t.text in ",;:.!?" or (j > start and _is_verb(tokens, j)):
            end = j
            break
        if j > start and t.low in _ADVERBS:
            end = j
            break
        if t.low == "others" and j > start and words[j - 1].low == "and":
            end = j + 1
            break
        end = j + 1
    return start, end


@lru_cache(maxsize=4096)
def analyse(text: str, speaker: str | None = None) -> Fact:
    """The :class:`Fact` of ``text``; ``speaker`` resolves "I", "my" and "we"."""
    clean = normalise_text(text)
    prefix = re.match(r"^([A-Z][\w.'-]*(?: [A-Z][\w.'-]*)?):\s+", clean)
    if prefix:  # "Caroline: I went ..." (a raw chat turn)
        speaker, clean = prefix.group(1), clean[prefix.end() :]
    ends = [
        m for m in _SENTENCE_END.finditer(clean) if not _ABBREVIATION.search(clean, 0, m.start())
    ]
    comparable = not ends and len(clean.split()) <= MAX_WORDS
    tokens = _resolve_first_person(tokenize(clean), speaker)
    start, end = _subject_span(tokens)
    values, value_tokens = _values(tokens, start, end)
    identifiers = _identifiers(tokens, (start, end), value_tokens)
    ident_tokens = {i for ident in identifiers for i in _ident_positions(tokens, ident)}
    me = normalise_text(speaker).lower() if speaker else None
    values = tuple(
        v
        for v in values
        if not ident_tokens.intersection(v.tokens) and not (v.kind == "name" and v.text == me)
    )
    key, head, owner, copula, key_is_owner = _subject_key(
        tokens, start, end, value_tokens | ident_tokens
    )
    lowered = " " + " ".join(t.low for t in tokens) + " "
    strong = tuple(
        c for c in lx.STRONG_CUES if c != "went" and f" {c} " in lowered and _cue_counts(tokens, c)
    )
    if _became(tokens, end):
        strong = (*strong, "went")
    weak = tuple(c for c in lx.WEAK_CUES if f" {c} " in lowered)
    additive = tuple(c for c in lx.ADDITIVE_CUES if f" {c} " in lowered)
    cue_words = {w for c in (*strong, *weak, *additive) for w in c.split()}
    skip = value_tokens | ident_tokens
    content = frozenset(
        t.stem
        for t in tokens
        if _is_word(t)
        and t.index not in skip
        and t.low not in lx.LIGHT
        and t.low not in cue_words
        and t.stem not in key
        and not (owner and t.low == owner)
        and t.low not in _NUMBER_WORDS
        and t.low not in _ADVERBS
    )
    if key_is_owner:
        # "Arjun's flight to Lisbon is ..." / "... flight back from Lisbon is ...": the
        # relation words of the attribute phrase tell two attributes apart
        content |= {"^" + t.low for t in tokens[start:end] if t.low in lx.PREPOSITIONS}
    mentions = frozenset(
        form
        for t in tokens
        if (_is_word(t) and not t.possessive) or t.low[:1].isdigit()
        for form in (t.low, t.stem, _stem(t.low))
    )
    return Fact(
        text=clean,
        tokens=tokens,
        key=key,
        head=head,
        owner=owner,
        values=values,
        identifiers=identifiers,
        content=content,
        mentions=mentions,
        possessors=frozenset(f for t in tokens if t.possessive for f in (t.low, _stem(t.low))),
        key_is_owner=key_is_owner,
        strong_cues=strong,
        weak_cues=weak,
        additive=additive,
        negated=len(_NEGATION.findall(_INTERJECTION.sub("", clean))) % 2 == 1,
        past_event=_past_event(tokens, end, strong),
        copula=copula,
        speaker=normalise_text(speaker).lower() if speaker else None,
        thing_key=frozenset(
            t.stem
            for t in tokens[start:end]
            if t.stem in key and not t.text[:1].isupper() and t.low not in lx.RELATION_NOUNS
        ),
        # a fragment with no verb ("may trip") states no value of any slot
        comparable=comparable and end < len(tokens),
    )


def _resolve_first_person(tokens: tuple[Token, ...], speaker: str | None) -> tuple[Token, ...]:
    """ "I", "me", "we", "us" become the speaker; "my", "our" the speaker's (possessive)."""
    if not speaker:
        return tokens
    name = normalise_text(speaker)
    low = name.lower()
    out = []
    for t in tokens:
        if t.low in ("i", "me", "we", "us", "myself", "i'm", "i've", "we're", "we've"):
            out.append(Token(name, low, low, t.index, pronoun=True))
        elif t.low in ("my", "our", "mine", "ours"):
            out.append(Token(name, low, low, t.index, possessive=True, pronoun=True))
        else:
            out.append(t)
    return tuple(out)


def _values(tokens: tuple[Token, ...], start: int, end: int) -> tuple[tuple[Value, ...], set[int]]:
    """The value spans and the token positions they cover (names inside the subject,
    "the Berlin office", are part of the key, not values)."""
    values: list[Value] = []
    used: set[int] = set()
    n = len(tokens)
    i = 0
    while i < n:
        t = tokens[i]
        kind, span = _value_at(tokens, i, start)
        if kind == "name" and start <= i < end:
            kind = None
        if kind is None:
            i += 1
            continue
        unit = ""
        prev = tokens[i - 1] if i else None
        if kind in ("number", "version") and prev is not None and _is_name(prev, i - 1 == start):
            kind, unit = "version", prev.low  # "Node 16", "Python 3.9": a product's version
        elif kind == "number" and i + span < n and _is_word(tokens[i + span]):
            nxt = tokens[i + span]
            if nxt.low in _CURRENCY:
                kind, span = "money", span + 1
            elif nxt.low not in lx.LIGHT and nxt.low not in lx.PREPOSITIONS:
                unit = nxt.stem
        idx = tuple(range(i, i + span))
        text = " ".join(tokens[j].low for j in idx)
        values.append(Value(text, kind, idx, unit))
        used.update(idx)
        i += span
        del t
    return tuple(values), used


def _value_at(tokens: tuple[Token, ...], i: int, start: int) -> tuple[str | None, int]:
    t = tokens[i]
    low = t.low
    if low[:1] in "$€£¥":
        return "money", 1
    if re.fullmatch(r"\d{1,2}(?::\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d{2}", low):
        return "date", 1  # clock times count with dates: both say "when"
    if low in _DATE_WORDS:
        span = 1
        while i + span < len(tokens) and (
            tokens[i + span].low[:1].isdigit() or tokens[i + span].low in _DATE_WORDS
        ):
            span += 1
        return "date", span
    if re.fullmatch(r"(?:19|20)\d\d", low):
        return "date", 1
    if (
        re.fullmatch(r"\d+(?:st|nd|rd|th)?", low)
        and i + 1 < len(tokens)
        and tokens[i + 1].low in _MONTHS
    ):
        span = 2
        if i + 2 < len(tokens) and re.fullmatch(r"(?:19|20)\d\d", tokens[i + 2].low):
            span = 3
        return "date", span
    if re.fullmatch(r"\d+\.\d+(?:\.\d+)*", low):
        prev = tokens[i - 1] if i else None
        if prev is not None and (prev.low in ("version", "v") or _is_name(prev, i - 1 == start)):
            return "version", 1
        return "number", 1
    if low[:1].isdigit() or low in _NUMBER_WORDS:
        if re.fullmatch(r"\d+[a-z]\w*", low) and not re.fullmatch(r"\d+(?:k|st|nd|rd|th)", low):
            return None, 0  # a code like 4B: an identifier, not a value
        return "number", 1
    if t.text.startswith('"'):
        return None, 0
    if i > start and _is_name(t, first=False) and not t.possessive and not t.pronoun:
        span = 1
        while (
            i + span < len(tokens)
            and not tokens[i + span - 1].possessive
            and _is_name(tokens[i + span], first=False)
        ):
            span += 1
        return "name", span
    return None, 0


_CODE = re.compile(r"^(?:[a-z]+-?\d+[a-z]?|\d+[a-z])$")


def _identifiers(
    tokens: tuple[Token, ...], subject: tuple[int, int], value_tokens: set[int]
) -> tuple[Identifier, ...]:
    """Nouns followed by a number ("project 28") and codes ("db-1", "INC-204", "Q1")."""
    found: list[Identifier] = []
    start, end = subject
    for i, t in enumerate(tokens):
        in_subject = start <= i < end
        if _CODE.match(t.low) and not re.fullmatch(r"\d+(?:k|st|nd|rd|th|am|pm)", t.low):
            prefix = re.match(r"^[a-z]*", t.low)
            found.append(Identifier(prefix.group(0) if prefix else "", t.low, in_subject))
            continue
        if i == 0 or not re.fullmatch(r"\d+(?:\.\d+)*[a-z]?", t.low):
            continue
        noun = tokens[i - 1]
        if (
            not _is_word(noun)
            or noun.low in lx.LIGHT
            or noun.low in lx.PREPOSITIONS
            or noun.low in _DATE_WORDS
            or noun.low in ("version", "v")
            # outside the subject "Python 3.9" is a product's version, a value; as the
            # subject ("Rack 3 is ...", "Invoice 1001 is due ...") it names a member
            or (not in_subject and _is_name(noun, False) and not noun.text.isupper())
        ):
            continue
        found.append(Identifier(noun.stem, t.low, in_subject))
        value_tokens.discard(i)
    return tuple(found)


def _ident_positions(tokens: tuple[Token, ...], ident: Identifier) -> list[int]:
    return [t.index for t in tokens if t.low == ident.code]


def _subject_key(
    tokens: tuple[Token, ...], start: int, end: int, skip: set[int]
) -> tuple[frozenset[str], str | None, str | None, bool, bool]:
    """``(key stems, head, owner, copula, key is a possessor)`` of the subject noun phrase
    ``tokens[start:end]``."""
    span = [t for t in tokens[start:end] if _is_word(t) and t.low not in lx.DETERMINERS]
    verb = tokens[end] if end < len(tokens) else None
    copula = verb is not None and verb.low in lx.COPULAS
    if span and span[-1].low == "others" and len(span) >= 3 and span[-2].low == "and":
        span = span[:-2]  # "Priya and others" is Priya's group
    possessor = next((k for k, t in enumerate(span) if t.possessive), None)
    owner, key_is_owner = None, False
    if possessor is not None:
        owner_token, rest = span[possessor], span[possessor + 1 :]
        names = [t for t in rest if _is_name(t, first=False)]
        nouns = [t for t in rest if not _is_name(t, first=False)]
        if names and any(t.low in lx.RELATION_NOUNS for t in nouns):
            span = names  # "Nadia's sister Amira": Amira
        elif copula:
            span, key_is_owner = [owner_token], True  # "Ben's girlfriend is Hannah": about Ben
        elif rest and rest[-1].low in lx.RELATION_NOUNS:
            span, owner = rest, owner_token.low  # "Sam's manager works ...": the manager
        else:
            span, owner = rest or [owner_token], owner_token.low if rest else None
    words = [t for t in span if t.low not in lx.LIGHT and t.index not in skip]
    key = frozenset(t.stem for t in words) or frozenset(t.stem for t in span if _is_word(t))
    head = None
    for t in span:
        if t.index in skip or t.low in lx.LIGHT:
            continue
        if t.low in lx.PREPOSITIONS:
            break
        head = t.stem
    return key, head, owner, copula, key_is_owner


# Before a cue, these make it no change (yet): "won't quit", "would quit", "plan to move".
_NEGATORS = frozenset(
    "not never won't wont don't dont didn't didnt no can't cant would could should might may "
    "will gonna want wants plan plans planning hope hopes thinking considering if".split()
)


def _cue_counts(tokens: tuple[Token, ...], cue: str) -> bool:
    """Whether a change cue says a change: not negated ("won't quit", "never moved")
    and not "pushed Caroline to keep going" (pushed a person: urged, not postponed)."""
    words = cue.split()
    lows = [t.low for t in tokens]
    for i in range(len(lows) - len(words) + 1):
        if lows[i : i + len(words)] != words:
            continue
        before = lows[max(0, i - 3) : i]
        if any(w in _NEGATORS or w.endswith("n't") for w in before):
            continue
        after = tokens[i + len(words)] if i + len(words) < len(tokens) else None
        if cue == "pushed" and after is not None and after.text[:1].isupper():
            continue
        if cue in ("actually", "correction") and i > 1:
            continue  # a correction opens the sentence: "Actually, the demo is on the 12th"
        return True
    return False


def _became(tokens: tuple[Token, ...], verb_at: int) -> bool:
    """ "went vegan", "went quiet": ``went`` meaning *became*."""
    j = verb_at
    while j < len(tokens) and tokens[j].low in _ADVERBS:
        j += 1
    if j + 1 >= len(tokens) or tokens[j].low != "went":
        return False
    k = j + 1
    while k < len(tokens) and tokens[k].low in _ADVERBS:
        k += 1
    nxt = tokens[k].low if k < len(tokens) else ""
    return (
        bool(nxt)
        and _is_word(tokens[k])
        and not (nxt in lx.PREPOSITIONS or nxt.endswith("ing") or nxt in ("home", "there", "and"))
    )


def _past_event(tokens: tuple[Token, ...], verb_at: int, strong: tuple[str, ...]) -> bool:
    """Whether the main verb tells a past event ("visited", "ran") rather than a state."""
    if strong or verb_at >= len(tokens):
        return False
    j = verb_at
    while j < len(tokens) and tokens[j].low in _ADVERBS:
        j += 1
    if j >= len(tokens):
        return False
    verb = tokens[j].low
    if verb in lx.AUXILIARIES - {"had", "did", "got"}:
        return False  # "is planned", "has been": a state or a perfect
    if verb in lx.STATE_PARTICIPLES:
        return False
    if verb == "went":  # "went vegan" is a change; "went to Rome" an event
        return not _became(tokens, verb_at)
    return verb in lx.IRREGULAR_PAST or (verb.endswith("ed") and len(verb) > 4)
