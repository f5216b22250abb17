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
from dataclasses import dataclass, replace
from functools import lru_cache

from remem.slots import lexicon as lx
from remem.slots.clauses import clauses
from remem.slots.cues import became, cue_counts, decided, moved_to, past_event
from remem.slots.subject import placed_by, speaker_words, who
from remem.slots.tokens import (
    ADVERBS,
    FAMILY_OF,
    NUMBER_WORDS,
    STARTERS,
    Token,
    is_name,
    is_verb,
    is_word,
    normalise_text,
    stem,
    tokenize,
    verbish,
)
from remem.slots.values import Identifier, Value, ident_positions, identifiers_in, values_in
from remem.textsplit import sentence_spans

__all__ = ["MAX_WORDS", "Fact", "Identifier", "Value", "analyse"]

MAX_WORDS = 40  # a longer text is not one statement about one slot
MAX_SENTENCES = 4  # a text of more sentences is not read as a few statements

_NEGATION = re.compile(
    r"\b(?:not|never|no longer|no)\b|n't\b|\b(?:doesnt|dont|isnt|wasnt|arent|didnt|wont|cant)\b",
    re.IGNORECASE,
)
# A reply word that opens a sentence ("No, don't use npm here."): it answers what came
# before, it does not negate the claim that follows.
_INTERJECTION = re.compile(
    r"^\W*(?:(?:no|nope|nah|yes|yeah|yep|ok|okay|well|oh)\s*[,.!;:-]+\s*)+", re.IGNORECASE
)


_TITLES = frozenset("mr mrs ms mx dr prof st".split())
_PRESENT_BE = frozenset("is are am 's 're 'm".split())
_ORDINALS = frozenset("second third".split())


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
    verb_at: int  # where the subject ends: the main verb, or an adverb before it, or the end
    who: str | None = None  # the speaker, another person or a thing (remem.slots.subject)
    clauses: tuple[Fact, ...] = ()  # its clauses, when it has several (remem.slots.clauses)

    @property
    def families(self) -> frozenset[str]:
        """The attribute families the fact's words belong to ("Maple Elementary": school,
        "Salt Lake City": home). A name of one word gives none: alone, "City" (in "City
        and Guilds 2391") or "Union" names no city and no union; a compound's last word
        is its head, and says its kind."""
        alone = {v.tokens[0] for v in self.values if v.kind == "name" and len(v.tokens) == 1}
        return frozenset(
            f
            for t in self.tokens
            if not (t.index in alone and t.text[:1].isupper())
            for f in FAMILY_OF.get(stem(t.low), ())
        )


def _subject_span(tokens: tuple[Token, ...], begin: int = 0) -> tuple[int, int]:
    """``(start, end)`` of the subject noun phrase: past any leading adverbial, up to the
    verb (the sentence read from ``begin``)."""
    start = begin
    words = [t for t in tokens]
    if begin < len(words) and (
        words[begin].low in STARTERS and words[begin].low not in lx.DETERMINERS
    ):
        # "After the breach Amy ...", "These days Esme ...": skip to the first name or comma
        for j in range(begin + 1, min(len(words), begin + 8)):
            if words[j].text == ",":
                start = j + 1
                break
            if is_name(words[j], first=False):
                start = j
                break
    end = start
    for j in range(start, len(words)):
        t = words[j]
        title = t.text == "." and j > 0 and words[j - 1].low in _TITLES  # "Mrs. Tan's"
        if (t.text in ",;:.!?" and not title) or (j > start and is_verb(tokens, j)):
            end = j
            break
        if j > start and t.low in ADVERBS:
            end = j
            break
        if t.low == "others" and j > start and words[j - 1].low == "and":
            end = j + 1
            break
        end = j + 1
    if _verb_first(tokens, start):
        return start, start  # "Bumped msrv to 1.80": no subject, the verb opens it
    close = next(
        (j for j in range(start + 1, min(len(tokens), start + 5)) if tokens[j].text in ",:"), None
    )
    if close is not None and _lead_phrase(tokens, start, close):
        # "Good news, platform team upgraded ...", "Short intro first: this is ...": a
        # verbless phrase closed by a comma or colon before a whole clause frames it
        return _subject_span(tokens, close + 1)
    verbless = end >= len(tokens) or tokens[end].text in ",;:.!?"
    if verbless and start < len(tokens) and tokens[start].low in lx.PREPOSITIONS:
        return start, start  # "Down to 3 cigs a day!": a fragment about the speaker
    return start, end


def _lead_phrase(tokens: tuple[Token, ...], start: int, end: int) -> bool:
    """Whether ``tokens[start:end]`` is a short verbless phrase closed by a comma or a
    colon that only frames the clause after it: plain words (no name, possessive,
    pronoun or number: "Priya, my sister, ..." and "My dentist, Dr. Chen, is ..." are
    the subject) followed by a subject and its verb."""
    if not start < end < len(tokens) - 2:
        return False
    phrase = tokens[start:end]
    if any(
        not t.text.isalpha()
        or verbish(t)
        or t.possessive
        or t.pronoun
        or (t.index > phrase[0].index and t.text[:1].isupper())
        or t.low in lx.PREPOSITIONS
        for t in phrase
    ):
        return False
    lead = tokens[end + 1]
    if lead.text[:1].isupper() and is_name(lead, first=False) and lead.low not in STARTERS:
        return False  # "Sam, Priya moved ...": a name after a name-like phrase
    first, stop = _subject_span(tokens, end + 1)
    return first < stop < len(tokens) and is_verb(tokens, stop)


def _verb_first(tokens: tuple[Token, ...], start: int) -> bool:
    """Whether the sentence has no subject and opens with its verb in the past tense
    ("Bumped msrv to 1.80", "Moved the staging db to eu-west-1", "Switched to uv"):
    the first word has a past form and no other verb follows before the clause ends
    ("Used cars are cheap" has its verb)."""
    if start + 1 >= len(tokens):
        return False
    first = tokens[start]
    low = first.low
    past = low in lx.IRREGULAR_PAST or (low.endswith("ed") and len(low) > 4)
    if not (past and first.text[:1].isupper() and first.text[1:].islower()):
        return False
    if low in lx.AUXILIARIES or first.possessive or low in lx.STATE_PARTICIPLES:
        return False
    for j in range(start + 1, len(tokens)):
        t = tokens[j]
        if t.text in ",;:.!?":
            break
        # a later verb (not one read off the capitalised first word: "Upgraded eks")
        if t.low in lx.AUXILIARIES or (j > start + 1 and is_verb(tokens, j)):
            return False
    return True


def _object_first(clean: str) -> str | None:
    """ "Bumped msrv to 1.80" told as "Msrv bumped to 1.80": a change verb with no
    subject acts on its object, the slot whose value changes. None when the sentence
    has another shape (one to five words of object, then a preposition)."""
    match = _VERB_OBJECT.match(clean)
    if not match or match.group(1).lower() not in lx.STRONG_CUES:
        return None
    thing = match.group(2)
    if any(
        w.lower() in lx.PREPOSITIONS or w.lower() in lx.LIGHT - lx.DETERMINERS
        for w in thing.split()
    ):
        return None
    return f"{thing[:1].upper()}{thing[1:]} {match.group(1).lower()} {match.group(3)}"


_VERB_OBJECT = re.compile(
    r"^([A-Za-z]+)\s+((?:[^\s,;:]+\s+){0,4}?[^\s,;:]+)\s+((?:to|from|off|into|onto|back|over)\b.*)$"
)


@lru_cache(maxsize=4096)
def analyse(text: str, speaker: str | None = None) -> Fact:
    """The :class:`Fact` of ``text``; ``speaker`` resolves "I", "my" and "we"."""
    clean = normalise_text(text)
    prefix = re.match(r"^([A-Z][\w.'-]*(?: [A-Z][\w.'-]*)?):\s+", clean)
    if prefix:  # "Caroline: I went ..." (a raw chat turn)
        speaker, clean = prefix.group(1), clean[prefix.end() :]
    # one sentence ("St. Luke's", "Dr. Chen", "version 2.0" end none)
    spans = sentence_spans(clean)
    comparable = len(spans) <= 1 and len(clean.split()) <= MAX_WORDS
    tokens = _resolve_first_person(tokenize(clean), speaker)
    start, end = _subject_span(tokens)
    if start == end == 0 and (reordered := _object_first(clean)) is not None:
        return replace(analyse(reordered, speaker), text=clean)
    values, value_tokens = values_in(tokens, start, end)
    identifiers = identifiers_in(tokens, (start, end), value_tokens)
    ident_tokens = {i for ident in identifiers for i in ident_positions(tokens, ident)}
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
        c for c in lx.STRONG_CUES if c != "went" and f" {c} " in lowered and cue_counts(tokens, c)
    )
    if became(tokens, end):
        strong = (*strong, "went")
    for told in (moved_to(tokens, values), decided(tokens)):
        if told and told not in strong:
            strong = (*strong, told)
    weak = tuple(c for c in lx.WEAK_CUES if f" {c} " in lowered)
    additive = tuple(
        c
        for c in lx.ADDITIVE_CUES
        # an ordinal adds only as "a second ...": "started third grade" is a position
        if f" {c} " in lowered
        and (c not in _ORDINALS or re.search(rf" (?:a|another) {c} ", lowered))
    )
    if "again" in additive and end < len(tokens) and tokens[end].low in _PRESENT_BE:
        # "Paula is eating meat again": a state come back, so a change ("back to"), not
        # one more of a kind ("went to the dentist again")
        additive = tuple(c for c in additive if c != "again")
        strong = (*strong, "again")
    cue_words = {w for c in (*strong, *weak, *additive) for w in c.split()}
    skip = value_tokens | ident_tokens
    content = frozenset(
        t.stem
        for t in tokens
        if is_word(t)
        and t.index not in skip
        and t.low not in lx.LIGHT
        and t.low not in cue_words
        and t.stem not in key
        and not (owner and t.low == owner)
        and t.low not in NUMBER_WORDS
        and t.low not in ADVERBS
    )
    if key_is_owner:
        # "Arjun's flight to Lisbon is ..." / "... flight back from Lisbon is ...": the
        # relation words of the attribute phrase tell two attributes apart
        content |= {"^" + t.low for t in tokens[start:end] if t.low in lx.PREPOSITIONS}
    mentions = frozenset(
        form
        for t in tokens
        if (is_word(t) and not t.possessive) or t.low[:1].isdigit()
        for form in (t.low, t.stem, stem(t.low))
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
        possessors=frozenset(f for t in tokens if t.possessive for f in (t.low, stem(t.low))),
        key_is_owner=key_is_owner,
        strong_cues=strong,
        weak_cues=weak,
        additive=additive,
        negated=len(_NEGATION.findall(_INTERJECTION.sub("", clean))) % 2 == 1,
        past_event=past_event(tokens, end, strong),
        copula=copula,
        speaker=normalise_text(speaker).lower() if speaker else None,
        thing_key=frozenset(
            t.stem
            for t in tokens[start:end]
            if t.stem in key
            and not t.text[:1].isupper()
            and t.low not in lx.RELATION_NOUNS
            # the speaker is no thing ("The user bumped msrv to 1.80" said by "user")
            and t.low not in speaker_words(speaker)
        ),
        # a fragment with no verb ("may trip") states no value of any slot
        comparable=comparable and end < len(tokens),
        verb_at=end,
        who=who(tokens, start, end, speaker, copula),
        # a raw chat turn ("Caroline: ...") is a transcript line, never read as statements
        clauses=_clauses(clean, speaker)
        if comparable
        else (() if prefix else _sentences(clean, spans, speaker)),
    )


def _clauses(text: str, speaker: str | None) -> tuple[Fact, ...]:
    parts = clauses(text, speaker_words(speaker))
    return tuple(analyse(p, speaker) for p in parts) if len(parts) > 1 else ()


def _sentences(text: str, spans: list[tuple[int, int]], speaker: str | None) -> tuple[Fact, ...]:
    """The statements of a short text of several sentences, each with its clauses
    ("Landlord just put the rent up to £1,250. Fun times."): the whole has no one
    slot, but each sentence is a statement the update check can compare. A long text
    (more than ``MAX_SENTENCES``) is a chat turn or a document, not a few statements."""
    if not 1 < len(spans) <= MAX_SENTENCES:
        return ()
    out: list[Fact] = []
    for a, b in spans:
        fact = analyse(text[a:b], speaker)
        if fact.comparable:
            out += (fact, *fact.clauses)
    return tuple(out)


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


def _subject_key(
    tokens: tuple[Token, ...], start: int, end: int, skip: set[int]
) -> tuple[frozenset[str], str | None, str | None, bool, bool]:
    """``(key stems, head, owner, copula, key is a possessor)`` of the subject noun phrase
    ``tokens[start:end]``."""
    span = [t for t in tokens[start:end] if is_word(t) and t.low not in lx.DETERMINERS]
    verb = tokens[end] if end < len(tokens) else None
    copula = verb is not None and verb.low in lx.COPULAS
    if span and span[-1].low == "others" and len(span) >= 3 and span[-2].low == "and":
        span = span[:-2]  # "Priya and others" is Priya's group
    possessor = next((k for k, t in enumerate(span) if t.possessive), None)
    owner, key_is_owner = None, False
    if possessor is not None:
        owner_token, rest = span[possessor], span[possessor + 1 :]
        names = [t for t in rest if is_name(t, first=False)]
        nouns = [t for t in rest if not is_name(t, first=False)]
        if names and any(t.low in lx.RELATION_NOUNS for t in nouns):
            span = names  # "Nadia's sister Amira": Amira
        elif copula and not (rest and rest[-1].low in lx.RELATION_NOUNS and placed_by(tokens, end)):
            span, key_is_owner = [owner_token], True  # "Ben's girlfriend is Hannah": about Ben
        elif rest and rest[-1].low in lx.RELATION_NOUNS:
            span, owner = rest, owner_token.low  # "Sam's manager works ...": the manager
        else:
            span, owner = rest or [owner_token], owner_token.low if rest else None
    words = [t for t in span if t.low not in lx.LIGHT and t.index not in skip]
    key = frozenset(t.stem for t in words) or frozenset(t.stem for t in span if is_word(t))
    head = None
    for t in span:
        if t.index in skip or t.low in lx.LIGHT:
            continue
        if t.low in lx.PREPOSITIONS:
            break
        head = t.stem
    return key, head, owner, copula, key_is_owner
