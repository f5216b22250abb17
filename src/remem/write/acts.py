"""What each sentence of a prompt does: a prompt is an instruction to the assistant,
not a fact about the world.

A user talking to a coding assistant states facts ("we deploy to Fly.io now"),
but mostly asks (requests, questions), corrects what the assistant just did,
sets standing rules ("never run migrate without a pg_dump first"), asks to be
reminded, thanks and chats. Only the statements are facts; a correction or a rule
is a lesson; a request, a question, thanks and chatter are for the session only.

:func:`classify` reads each sentence's structure, never a list of known prompts:

- **mood** — interrogative (a question mark; a wh-word or an auxiliary before its
  subject), imperative (a base-form verb at the head of the sentence or of a
  clause after a comma or dash; "can/could/would you ...", "please ...",
  "let's ...", "I need you to ...", a bare "need ...");
- **address** — the assistant as the subject of a directive ("you should ...",
  "always you give ...");
- **standing rules** — a directive with a frequency or scope adverb ("always",
  "never", "every time", "only", "from now on", "anymore", "ever") or a negated
  head ("don't ...", "no floats for money"), a habitual "we always / never / don't
  ...", a contrast ("use X, not Y", "we use X, not Y", "instead of Y", "rather than
  Y"), a rule named as
  one ("house rule:");
- **corrections** — an error or blame cue about the turn before ("wrong", "not
  like that", "you forgot", "I told you", "again", "stop", the assistant's own past
  action told back to it: "you formatted with prettier defaults, we have ..."), a contrast whose
  rejected side is what the assistant's previous turn said or did, a refusal
  ("no, ...", "nah, ...") of a proposal the previous turn made; after a turn, what it
  did named by a demonstrative and judged ("that is not how we ...", "that was the slow
  command again", an objection frame before it: "I'm afraid that ...", "sorry to
  interrupt, but that ..."), or undone ("could we go back to X");
- **hedges are politeness, not doubt** — a directive inside a suggestion frame ("perhaps
  we could avoid X", "I'd rather we didn't X", "could we use X rather than Y") is read
  as said plainly; asked as a question it is a rule only with a standing cue, as "could
  you ...?" is;
- **pasted material** — a fenced block or a compiler's / linter's diagnostic line is the
  session's material, never a statement of the user's (nor is the sentence introducing
  it);
- **reminders** and **remember** requests by their frames; **thanks** and
  **chatter** by having nothing but gratitude, interjections or asides in them.

The vocabularies below are closed classes (pronouns, auxiliaries, discourse
markers) and a fixed list of common base-form verbs, not grown per example.
Whether a clause's head is a verb the list does not know is left to the
embedding model when the caller has one (:func:`classify` ``request_score``:
the cosine margin of a sentence to requests over statements, with the threshold
``act_request_margin`` in Config).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from remem.write.act_beside import durable_beside_ask
from remem.write.act_sentence import LESSON_ACTS, SESSION_ONLY, Act, Sentence, read_sentence
from remem.write.act_words import (
    AGREE,
    AUX,
    BASE_VERBS,
    CLAUSE_END,
    KNOW,
    NOW_BOUND,
    PROPOSAL,
    TAG,
    WH,
    WH_CLAUSE,
    dash_clauses,
    pasted_parts,
    split_sentences,
    tokens,
    verb_form,
)
from remem.write.messages import Message

if TYPE_CHECKING:
    from remem.write.act_meaning import ActScores

__all__ = [
    "BASE_VERBS",
    "LESSON_ACTS",
    "SESSION_ONLY",
    "Act",
    "Sentence",
    "Utterance",
    "classify",
    "durable_beside_ask",
    "split_sentences",
    "statements_only",
]

_PREVIOUS_CHARS = 4000  # how much of the turn before a prompt is read for contrasts


@dataclass(frozen=True, slots=True)
class Utterance:
    """A prompt, sentence by sentence."""

    text: str
    sentences: tuple[Sentence, ...] = field(default_factory=tuple)

    def has(self, *acts: Act) -> bool:
        return any(s.act in acts for s in self.sentences)

    @property
    def acts(self) -> tuple[Act, ...]:
        return tuple(dict.fromkeys(s.act for s in self.sentences))

    @property
    def is_lesson(self) -> bool:
        """A correction of the assistant or a standing rule about how to work."""
        return self.has(*LESSON_ACTS)

    @property
    def session_only(self) -> bool:
        """Nothing in it is a fact, a lesson or a reminder: it is for the session only
        (a statement said in passing, cue ``passing``, the speaker's own plan, cue
        ``plan``, or a judgement by degree, cue ``judgement``, is no fact)."""
        return all(
            s.act in SESSION_ONLY or not _NOT_FACT.isdisjoint(s.cues) for s in self.sentences
        )

    @property
    def thanks(self) -> bool:
        """Gratitude or acceptance, and nothing else asked or corrected."""
        return self.has(Act.THANKS) and not self.has(
            Act.CORRECTION, Act.RULE, Act.REQUEST, Act.QUESTION
        )

    @property
    def confirms(self) -> bool:
        """The prompt opens by agreeing with what was said before ("yes, exactly",
        "right, that's it") and corrects nothing."""
        return (
            bool(self.sentences)
            and AGREE.match(self.text) is not None
            and not self.has(Act.CORRECTION)
        )

    def statements(self) -> list[str]:
        """The sentences that state something, and those asked to be remembered: the
        candidates for facts (none in a correction or a rule: the lesson it becomes
        keeps them, as its reasons). Beside a request or a question, a statement is
        what the ask is about — what happened, what is wrong today — and stays a
        candidate only when it pins a value down (:func:`durable_beside_ask`) or the
        embedding model reads it as a statement of fact (cue ``fact-like``: "I'm
        allergic to shellfish — can you suggest a menu?")."""
        if self.is_lesson:
            return []
        asks = self.has(Act.REQUEST, Act.QUESTION)
        now_bound = asks and NOW_BOUND.search(self.text) is not None
        return [
            s.text
            for s in self.sentences
            if s.act is Act.REMEMBER
            or (
                s.act is Act.STATEMENT
                and _NOT_FACT.isdisjoint(s.cues)
                and (
                    not asks
                    or (not now_bound and ("fact-like" in s.cues or durable_beside_ask(s.text)))
                )
            )
        ]

    def lesson_sentences(self) -> list[str]:
        """The sentences of the correction or rule, with the statements that give its
        reason and the fragments that name its subject ("nextest."), in order (what a
        lesson keeps of the prompt)."""
        if not self.is_lesson:
            return []
        keep = (Act.CORRECTION, Act.RULE, Act.STATEMENT, Act.REQUEST)
        return [
            s.text
            for s in self.sentences
            if s.act in keep or (s.act is Act.CHATTER and ("short" in s.cues or "pasted" in s.cues))
        ]


def classify(
    text: str,
    *,
    previous: str | None = None,
    meaning: Callable[[str], ActScores] | None = None,
    request_margin: float = 0.1,
    standing_margin: float = 0.06,
    imperative_standing_margin: float = 0.15,
    fact_margin: float = 0.1,
    durable_min: float | None = None,
) -> Utterance:
    """What each sentence of ``text`` (a user's prompt) does. ``previous``: the
    assistant's turn before it (its reply and the tool calls it made), for
    corrections that contrast with it and refusals of what it proposed.
    ``meaning``: the embedding model's reading of a sentence the structure leaves
    open (:func:`remem.write.act_meaning.act_meaning`): a statement nearer a standing
    instruction than a task or a fact by ``standing_margin`` (an imperative: by
    ``imperative_standing_margin``) is a rule; a statement not headed by a pronoun
    nearer a task than a fact by ``request_margin`` is a request; beside an ask, a
    statement nearer a fact than a task or an instruction by ``fact_margin`` is
    ``fact-like`` (a fact candidate, :meth:`Utterance.statements`); a statement whose
    durable-fact logit (:class:`remem.write.act_meaning.ActScores` ``durable``) is below
    ``durable_min`` was said in passing (cue ``passing``: never a fact candidate). The
    defaults are Config's (``act_*``), but ``durable_min`` (None: off)."""
    before = previous or ""
    proposal = bool(PROPOSAL.search(before[-400:])) if before else False
    margins = (request_margin, standing_margin, imperative_standing_margin)

    def read(part: str, first: bool) -> Sentence:
        return read_sentence(
            part, previous=before, proposal=proposal and first, meaning=meaning, margins=margins
        )

    sentences = tuple(_read_text(text, read))
    # "again no LIMIT… please, this costs credits": a rule said again is a correction
    if any(s.act is Act.CORRECTION for s in sentences):
        sentences = tuple(
            Sentence(s.text, Act.CORRECTION, s.cues) if s.act is Act.RULE else s for s in sentences
        )
    if meaning is not None and any(s.act in (Act.REQUEST, Act.QUESTION) for s in sentences):
        sentences = tuple(
            Sentence(s.text, s.act, (*s.cues, "fact-like"))
            if s.act is Act.STATEMENT and _fact_margin(meaning(s.text)) >= fact_margin
            else s
            for s in sentences
        )
    if meaning is not None and durable_min is not None:
        sentences = tuple(_passing(s, meaning, durable_min) for s in sentences)
    sentences = tuple(_aside(s) for s in sentences)
    return Utterance(text=text, sentences=sentences)


# cues of a statement that is no fact candidate
_NOT_FACT = frozenset({"passing", "plan", "judgement"})
# the speaker's own intention ("I'll put the DSN in the env", "weekend I will work on the
# GSTR-1 thing", "I'm gonna go paddle tomorrow"): a plan of the moment, not how things are
_PLAN = re.compile(
    r"\b(?:i'll|i’ll|i\s+will|i(?:'m|’m|\s+am|m)\s+(?:going\s+to|gonna)|i\s+gonna)\s+"
    r"(?!be\b|have\b|need\b)\w",
    re.IGNORECASE,
)


# a thing graded by degree ("the list is very slow, 6-7 seconds", "the docs are so
# confusing", "rpk is so much nicer"): how it strikes the speaker now, not how it is set
_JUDGEMENT = re.compile(
    r"\b(?:is|are|was|were|'s|'re|’s|’re|looks|feels|seems)\s+(?:very|so+|too|really|"
    r"super|quite|extremely|pretty|kinda|way)\s+[a-z]",
    re.IGNORECASE,
)


def _aside(s: Sentence) -> Sentence:
    """``s`` with cue ``plan`` when it is the speaker's own plan, ``judgement`` when it
    grades a thing by degree: neither is a fact candidate."""
    if s.act is not Act.STATEMENT:
        return s
    if _PLAN.search(s.text):
        return Sentence(s.text, s.act, (*s.cues, "plan"))
    if _JUDGEMENT.search(s.text):
        return Sentence(s.text, s.act, (*s.cues, "judgement"))
    return s


def _passing(s: Sentence, meaning: Callable[[str], ActScores], durable_min: float) -> Sentence:
    """``s`` marked ``passing`` when it is a statement the durable-fact model scores
    below ``durable_min``."""
    if s.act is not Act.STATEMENT:
        return s
    durable = meaning(s.text).durable
    if durable is None or durable >= durable_min:
        return s
    return Sentence(s.text, s.act, (*s.cues, "passing"))


def _read_text(text: str, read: Callable[[str, bool], Sentence]) -> list[Sentence]:
    """The sentences of ``text`` in order: what was pasted into it (a fenced block, a
    diagnostic line) is the session's material, not the user's saying (``pasted``), and
    a sentence that only introduces it ("CI failed with this, in case it helps:") is
    about it (``introduces-paste``)."""
    out: list[Sentence] = []
    pieces = pasted_parts(text) or [(text.strip(), False)]
    for n, (piece, pasted) in enumerate(pieces):
        if pasted:
            out.append(Sentence(piece, Act.CHATTER, ("pasted",)))
            continue
        parts = [c for part in split_sentences(piece) for c in dash_clauses(part)] or [piece]
        for i, part in enumerate(parts):
            if i == len(parts) - 1 and n + 1 < len(pieces) and part.rstrip().endswith(":"):
                out.append(Sentence(part, Act.CHATTER, ("introduces-paste",)))
                continue
            out.extend(_read_part(part, not out, read))
    return out


def _fact_margin(scores: ActScores) -> float:
    return scores.statement - max(scores.request, scores.standing)


def _read_part(part: str, first: bool, read: Callable[[str, bool], Sentence]) -> list[Sentence]:
    """One sentence's acts: itself, a statement asked back for agreement ("we use
    poetry, right?"), or a statement and the ask after it in one sentence ("I'm
    allergic to shellfish — can you suggest a menu?")."""
    one = read(part, first)
    if one.act is Act.QUESTION:
        bare = TAG.sub("", part).strip()
        if KNOW.match(bare):  # "you know our python is 3.12 now?"
            bare = KNOW.sub("", bare).rstrip("?").strip()
        if bare and bare != part.strip():
            again = read(bare, first)
            if again.act is Act.STATEMENT:
                return [Sentence(part, Act.STATEMENT, (*again.cues, "tag-question"))]
    if one.act not in (Act.REQUEST, Act.QUESTION):
        return [one]
    for match in CLAUSE_END.finditer(part):
        left, right = part[: match.start()].strip(), part[match.end() :].strip()
        if not left or not right or not _finite_statement(left):
            continue
        head = _read_part(left, first, read)
        tail = read(right, False)
        if all(s.act is Act.STATEMENT for s in head) and tail.act in (Act.REQUEST, Act.QUESTION):
            return [*head, tail]
    return [one]


def _finite_statement(clause: str) -> bool:
    """A clause with a subject and a finite verb, not a subordinate one ("if there's a
    tradeoff"): what can stand as a statement of its own."""
    words = tokens(clause)
    if len(words) < 3 or words[0] in WH_CLAUSE or words[0] in WH or words[0] in BASE_VERBS:
        return False
    if words[0] in ("i", "we", "they", "he", "she", "im"):  # a subject; its verb follows
        return True
    return any("'" in w or "’" in w for w in words) or any(
        w in AUX or w == "am" or verb_form(w) for w in words[1:]
    )


def statements_only(
    messages: Sequence[Message], *, read: Callable[..., Utterance] | None = None
) -> list[Message]:
    """``messages`` with each prompt (``Message.prompt``) cut to the sentences that
    state something: what it asks, questions, thanks and chatter, and the lessons
    and reminders the agent layer takes apart, are not facts. Each prompt is read
    against the assistant's turn before it, by ``read`` (default :func:`classify`,
    structure alone; the write path passes :func:`remem.write.act_meaning.reader`, as
    the hooks read the prompt). Same length and order as ``messages``."""
    read = read or classify
    out: list[Message] = []
    previous: list[str] = []
    for message in messages:
        if message.role == "user" and message.prompt:
            utterance = read(message.text, previous="\n".join(previous)[-_PREVIOUS_CHARS:])
            out.append(replace(message, text=" ".join(utterance.statements())))
            previous = []
            continue
        out.append(message)
        if message.role == "user":
            previous = []
        elif message.role in ("assistant", "tool"):
            previous.append(message.text)
    return out
