"""The default extractor: offline rules, no model.

For each message it keeps what a person stated (or clearly demonstrated),
sentence by sentence: greetings, filler, questions, failed attempts and
debugging output are dropped; "I/my/we" become the speaker's name with the verb
agreeing; relative dates become absolute against the message time. Assistant
statements are kept only when the user confirms them in the next turn, and
then count as the user's (strength ``implied``). Content that is untrusted
(tool output, ``[UNTRUSTED DATA]`` blocks) is never followed: its facts carry
``source_trust=untrusted`` and a reduced importance.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from remem.model import Strength, Trust
from remem.slots.lexicon import AUXILIARIES, IRREGULAR_PAST, PREPOSITIONS
from remem.slots.tokens import VERB_FORMS
from remem.write.classify import build_candidate, content_words, is_small_talk, words
from remem.write.dates import resolve_relative_dates
from remem.write.extract.base import CandidateFact, ExtractContext, Extraction, Flag
from remem.write.extract.person import resolve_first_person, resolve_second_person
from remem.write.extract.sentences import (
    capitalise,
    clauses,
    is_failed_attempt,
    is_filler,
    is_greeting,
    is_question,
    sentences,
    split_untrusted,
    strip_lead,
)
from remem.write.extract.shapes import plain_statement
from remem.write.intent import detects_memory_intent, wants_permanent
from remem.write.messages import tool_payload
from remem.write.short import is_fragment, is_verbless_note
from remem.write.supersede import content_hash
from remem.write.transcript import Message, role_for

EXTRACTOR_VERSION = "rules-1"

# Tool output can be huge; past this many sentences per message it is not read.
MAX_UNTRUSTED_SENTENCES = 20
# Facts shorter than this many content words carry nothing to remember.
MIN_CONTENT_WORDS = 2
# A fact longer than this many characters is cut at a clause boundary.
MAX_FACT_CHARS = 400

_CONFIRM = re.compile(
    r"^\s*(?:yes|yeah|yep|yup|exactly|correct|that's right|that is right|that's correct|"
    r"precisely|absolutely|right|indeed|affirmative|you got it|spot on)\b",
    re.IGNORECASE,
)
_INTENT_PREFIX = re.compile(
    r"^(?:please\s+|pls\s+|also\s+|and\s+)?(?:always\s+)?(?:remember|note|don't forget|do not forget|"
    r"keep in mind|for future reference|never forget|make a note)\b(?:\s+(?:that|this|forever))?"
    r"\s*[:,\-–—]?\s*",
    re.IGNORECASE,
)
_SUBJECTLESS = {
    "gonna": "{n} is going to", "going": "{n} is", "been": "{n} has been",
    "planning": "{n} is planning", "thinking": "{n} is thinking", "trying": "{n} is trying",
    "working": "{n} is working", "hoping": "{n} is hoping", "looking": "{n} is looking",
    "just": "{n} just", "started": "{n} started", "finished": "{n} finished",
    "went": "{n} went", "got": "{n} got", "had": "{n} had", "bought": "{n} bought",
    "made": "{n} made", "took": "{n} took", "visited": "{n} visited", "love": "{n} loves",
    "loved": "{n} loved", "learned": "{n} learned", "signed": "{n} signed",
    "glad": "{n} is glad", "excited": "{n} is excited", "proud": "{n} is proud",
    "sorry": "{n} is sorry", "thankful": "{n} is thankful", "grateful": "{n} is grateful",
}  # fmt: skip
_ASSISTANT_LEAD = re.compile(
    r"^(?:so|ok|okay|got it|understood|noted|just to confirm|to confirm|sounds like|"
    r"if i understand correctly|let me confirm)[,:!.]?\s*",
    re.IGNORECASE,
)


@dataclass(slots=True)
class _Piece:
    text: str
    untrusted: bool
    strength: Strength
    flags: set[Flag]


class RulesExtractor:
    """Extract candidate facts with offline rules (the default extractor)."""

    version = EXTRACTOR_VERSION

    def extract(
        self, messages: Sequence[Message], *, context: ExtractContext
    ) -> list[CandidateFact]:
        """Candidate facts from ``messages``; see the module docstring for the rules."""
        facts: list[CandidateFact] = []
        seen: set[str] = set()
        names = _speaker_names(messages, context)
        for index, message in enumerate(messages):
            name = _display_name(message, context)
            written = []
            for piece in self._pieces(messages, index, context):
                text = piece.text
                if not piece.untrusted and Flag.CONFIRMED not in piece.flags:
                    text = plain_statement(text, tuple(names))
                if not piece.untrusted:
                    text = _resolve_people(text, name, _addressee(messages, index, context))
                text = resolve_relative_dates(text, message.timestamp or context.reference_time)
                written.append((_tidy(text), piece))
            for text, piece in _join_dependents(written, name, names, context):
                if len(content_words(text)) < MIN_CONTENT_WORDS:
                    continue
                key = content_hash(text)
                if key in seen:
                    continue
                seen.add(key)
                owner = (
                    _display_name(messages[index + 1], context)
                    if Flag.CONFIRMED in piece.flags
                    else name
                )
                fact = build_candidate(
                    text,
                    config=context.config,
                    speaker=None if piece.untrusted else owner,
                    strength=piece.strength,
                    trust=Trust.UNTRUSTED if piece.untrusted else Trust.TRUSTED,
                    flags=piece.flags,
                    known_entities=names,
                    extractor_version=self.version,
                )
                fact.message_index = index + 1 if Flag.CONFIRMED in piece.flags else index
                fact.ref = message.ref
                fact.session = message.session
                fact.valid_from = message.timestamp
                facts.append(fact)
        return Extraction(facts, extractor_version=self.version)

    def _pieces(
        self, messages: Sequence[Message], index: int, context: ExtractContext
    ) -> Iterator[_Piece]:
        message = messages[index]
        if message.role == "system" or tool_payload(message):
            return
        if message.role == "assistant":
            yield from _confirmed(messages, index)
            return
        base_flags: set[Flag] = set()
        trusted_text = "" if message.untrusted else message.text
        if detects_memory_intent(trusted_text):
            base_flags.add(Flag.REMEMBER_REQUESTED)
        if wants_permanent(trusted_text):
            base_flags |= {Flag.REMEMBER_REQUESTED, Flag.PERMANENT_REQUESTED}
        names = [message.speaker, *_speaker_names(messages, context)]
        for segment, untrusted in split_untrusted(message.text, untrusted=message.untrusted):
            found = sentences(segment)
            if untrusted:
                found = found[:MAX_UNTRUSTED_SENTENCES]
            for sentence in found:
                if untrusted:
                    if not is_question(sentence) and not is_greeting(sentence):
                        yield _Piece(sentence, True, Strength.IMPLIED, set())
                    continue
                stripped = _INTENT_PREFIX.sub("", sentence)
                cleaned = strip_lead(stripped, names)
                if _skip(cleaned) or (_CONFIRM.match(sentence) and not cleaned):
                    continue
                for clause in clauses(cleaned):
                    clause = strip_lead(clause, names)
                    if not _skip(clause):
                        flags = set(base_flags)
                        yield _Piece(clause, False, _strength_of(clause), flags)
        if message.caption and not message.untrusted:
            caption = message.caption.strip().rstrip(".")
            yield _Piece(f"I shared {caption}.", False, Strength.INFERRED, set())


def _join_dependents(
    written: list[tuple[str, _Piece]], speaker: str, names: list[str], context: ExtractContext
) -> list[tuple[str, _Piece]]:
    """The sentences of one message, each that cannot stand as a fact of its own joined
    to its neighbour: "Tribunal letter came. Appeal hearing 16th of September 2026.",
    "Scrap yard, Dockside Recycling. They pay by bank transfer now.", "Stavros is my
    barber. Cash only.", "Aled Parry is my solicitor. Did the Anchor Street purchase."

    A sentence the gate would refuse for its size alone (``too_short``) that says
    something (:func:`remem.write.classify.is_informative`, or a verbless fragment after
    a fact: :func:`remem.write.short.is_fragment`) continues the fact before it, or
    leads into the next one when it comes first; a sentence that goes on about the one
    before (:func:`_continues`) joins it whatever its size. A join is made only when the
    gate takes the neighbour alone and the two together (:func:`remem.write.gate.gate`),
    so a join never lets in what the gate refuses ("Maria. Support is vital." stays
    out); the dependent must not be refused for what it says (an opinion, a suggestion).
    The user's own statements only: untrusted and confirmed pieces are never joined."""
    from remem.write.gate import (  # the gate reads the injection module, which reads this one
        ACCEPTED,
        gate,
    )

    verdicts: dict[str, str] = {}

    def verdict(text: str, piece: _Piece) -> str:
        if text not in verdicts:
            candidate = build_candidate(
                text, config=context.config, speaker=speaker, strength=piece.strength,
                flags=set(piece.flags), known_entities=names,
            )  # fmt: skip
            verdicts[text] = gate(candidate, config=context.config).reason
        return verdicts[text]

    out: list[tuple[str, _Piece]] = []
    lead: list[tuple[str, _Piece]] = []
    for text, piece in written:
        if not _own(piece):
            out.append((text, piece))
            continue
        mine = verdict(text, piece)
        # a short verbless note ("Minimum one hour.", "Gullcrest Property from today.") is
        # whole alone, and still goes with the sentence beside it in its message
        note = (
            mine == ACCEPTED
            and len(words(text)) < context.config.gate_min_words
            and is_verbless_note(text, speaker=speaker)
        )
        said = (mine in _SIZE_ONLY and _says(text, speaker)) or note
        before = out[-1] if out and _own(out[-1][1]) else None
        if before is not None and mine in (ACCEPTED, *_SIZE_ONLY):
            continues = _continues(piece.text, before[0], speaker)
            dependent = said or (mine in _SIZE_ONLY and is_fragment(text, speaker=speaker))
            tail = text
            if continues and speaker and text.startswith(f"{speaker} "):
                tail = capitalise(text[len(speaker) + 1 :])  # no subject: not the speaker's
            joined = f"{before[0]} {tail}"
            if (
                (continues or dependent)
                and verdict(before[0], before[1]) == ACCEPTED
                and verdict(joined, before[1]) == ACCEPTED
            ):
                out[-1] = (joined, before[1])
                continue
        elif before is None and said and not (lead and mine == ACCEPTED):
            lead.append((text, piece))
            continue
        if lead:
            joined = " ".join([*(t for t, _ in lead), text])
            if mine == ACCEPTED and verdict(joined, piece) == ACCEPTED:
                text = joined
            else:
                out.extend(lead)
            lead = []
        out.append((text, piece))
    return out + lead


def _says(text: str, speaker: str) -> bool:
    """Whether a sentence says something of its own: a number, or a content word that is
    neither small talk nor a name ("Tribunal letter came.", "GP, Dr Rahmani." — an
    acronym is a word; not "No worries, Nate!", whose name only addresses someone)."""
    mine = {w.lower() for w in speaker.split()}
    for word in words(text):
        low = word.lower()
        if word[:1].isdigit():
            return True
        name = word[:1].isupper() and not word.isupper()
        if content_words(word) and not name and low not in mine and not is_small_talk(low):
            return True
    return False


# Gate verdicts that say a sentence is too small to stand alone, not what it says is wrong
_SIZE_ONLY = ("too_short", "chatter")


def _continues(raw: str, before: str, speaker: str) -> bool:
    """Whether a sentence goes on about what the sentence before it is about: one whose
    subject is a third person's pronoun ("She knows the gout history.", "Fenced, he can
    run there off the lead."), a subordinate clause alone, or one with no subject of its
    own ("Did the Anchor Street purchase.", "Has everything for the 634.") — unless the
    sentence before is about the speaker (after "I had a great weekend." a subjectless
    "Went hiking." is the speaker's: :data:`_SUBJECTLESS`)."""
    said = raw.split()
    first, second = ([*(w.strip(",.!?").lower() for w in said[:2]), ""])[:2]
    # "Fenced, he can run there off the lead.": after one fronted word, a pronoun subject
    fronted = second if said and said[0].endswith(",") else ""
    # "For when Kuba goes to Poland.", "Because the post is slow.": a subordinate clause
    # with no main clause after it (no comma) says why or when of the sentence before
    subordinate = "," not in raw and (
        first in _SUBORDINATORS or (first in PREPOSITIONS and second in _SUBORDINATORS)
    )
    if first in _THIRD_PERSON or fronted in _THIRD_PERSON:
        return True  # someone other than the speaker, named in the sentence before
    subjectless = (
        (first in VERB_FORMS or first in IRREGULAR_PAST or first in AUXILIARIES)
        and first not in _SUBJECTLESS
        and not first.endswith("ing")  # "Visiting castles is ...": a gerund subject
    )
    return subordinate or (subjectless and not (speaker and before.startswith(speaker)))


_THIRD_PERSON = frozenset("he she they".split())
# Subordinating conjunctions (a closed class of grammar words)
_SUBORDINATORS = frozenset(
    "when whenever where if because since so while until unless though although whereas".split()
)


def _own(piece: _Piece) -> bool:
    return not piece.untrusted and Flag.CONFIRMED not in piece.flags


def _skip(sentence: str) -> bool:
    return (
        not sentence
        or is_filler(sentence)
        or is_question(sentence)
        or is_greeting(sentence)
        or is_failed_attempt(sentence)
    )


def _strength_of(sentence: str) -> Strength:
    """Explicit when the speaker states something about themselves; implied otherwise."""
    if re.search(r"\b(?:I|I'm|I've|I'd|I'll|my|me|we|our|us)\b", sentence, re.IGNORECASE):
        return Strength.EXPLICIT
    if sentence.split(" ", 1)[0].lower() in _SUBJECTLESS:
        return Strength.EXPLICIT
    return Strength.IMPLIED


def _confirmed(messages: Sequence[Message], index: int) -> Iterator[_Piece]:
    """Statements of an assistant turn that the next user turn confirms."""
    if index + 1 >= len(messages):
        return
    reply = messages[index + 1]
    if reply.role != "user" or not _CONFIRM.match(reply.text):
        return
    candidates = []
    for sentence in sentences(messages[index].text):
        sentence = _ASSISTANT_LEAD.sub("", sentence).strip()
        if re.search(r"\byou(?:r|'re|'ve|'d)?\b", sentence, re.IGNORECASE):
            if re.match(r"^(?:do|does|did|is|are|should|would|can|could|will)\b", sentence, re.I):
                continue  # "Do you prefer X?" cannot be turned into a statement safely
            candidates.append(sentence.rstrip("?").rstrip() + ".")
    for sentence in candidates:
        yield _Piece(sentence, False, Strength.IMPLIED, {Flag.CONFIRMED})


def _resolve_people(text: str, speaker: str, addressee: str | None) -> str:
    first = text.split(" ", 1)
    template = _SUBJECTLESS.get(first[0].lower())
    if template and len(first) > 1 and not re.match(r"\s*(?:I|we)\b", first[1]):
        text = template.format(n="I") + " " + first[1]
    text = resolve_first_person(text, speaker, addressee=addressee)
    if addressee:
        text = resolve_second_person(text, addressee)
    return text


def _tidy(text: str) -> str:
    text = " ".join(text.split())
    text = re.sub(r"\s+([,.!?;:])(?=\s|$)", r"\1", text)  # never inside ".venv"
    if len(text) > MAX_FACT_CHARS:
        cut = text.rfind(",", 0, MAX_FACT_CHARS)
        text = text[: cut if cut > 40 else MAX_FACT_CHARS].rstrip(" ,") + "."
    if text and text[-1] not in ".!?":
        text += "."
    return capitalise(text)


def _display_name(message: Message, context: ExtractContext) -> str:
    """How facts name the speaker: their name, or the configured user/assistant name."""
    speaker = message.speaker.strip()
    generic = not speaker or role_for(speaker) != "user" or speaker.lower() in {"user", "human"}
    if message.role == "assistant":
        return context.assistant_name if generic else speaker
    if generic:
        return context.user_name or "the user"
    return speaker


def _speaker_names(messages: Sequence[Message], context: ExtractContext) -> list[str]:
    names = {_display_name(m, context) for m in messages if m.role == "user"}
    return sorted(n for n in names if n and n[0].isupper())


def _addressee(messages: Sequence[Message], index: int, context: ExtractContext) -> str | None:
    """Who "you" is: the nearest other speaker before (else after) this message."""
    me = messages[index]
    if me.role == "assistant":
        return _display_name(messages[index + 1], context) if index + 1 < len(messages) else None
    order = [*range(index - 1, -1, -1), *range(index + 1, len(messages))]
    for other in order:
        candidate = messages[other]
        if candidate.role in {"user", "assistant"} and candidate.speaker != me.speaker:
            return _display_name(candidate, context)
    return None
