"""What one sentence of a prompt does (:class:`Act`), read from its structure and,
where structure leaves it open, the embedding model's reading (:func:`read_sentence`;
the whole prompt is read by :func:`remem.write.acts.classify`)."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from remem.write.act_words import (
    AGAIN,
    ANCHOR,
    ASIDE,
    AUX,
    BLAME,
    CLOSING,
    CONTRAST,
    DEICTIC,
    DEONTIC,
    DESIRE,
    DETERMINER,
    FOR_NOW,
    GO_AHEAD,
    GRATITUDE,
    HABIT,
    HEDGE,
    INVERTED,
    NAMED,
    NEEDS,
    NEG_HEAD,
    NEGATION,
    NO_HEAD,
    OBJECTION,
    ONLY,
    PLEASE,
    POLITE,
    PRONOUN_SUBJECT,
    RATHER_NOT,
    REMIND,
    REPORT,
    REVERT,
    SELECT,
    STANDING,
    SUBORDINATE,
    VALUES,
    WE,
    WH,
    WH_CLAUSE,
    fronted_imperative,
    is_verb_head,
    strip_lead,
    tokens,
)
from remem.write.intent import detects_memory_intent

if TYPE_CHECKING:
    from remem.write.act_meaning import ActScores


class Act(StrEnum):
    """What one sentence of a prompt does."""

    STATEMENT = "statement"
    REQUEST = "request"
    QUESTION = "question"
    CORRECTION = "correction"
    RULE = "rule"
    REMINDER = "reminder"
    REMEMBER = "remember"
    THANKS = "thanks"
    CHATTER = "chatter"


LESSON_ACTS = frozenset({Act.CORRECTION, Act.RULE})
STANDING_CUE = "embedding-standing"  # a rule by the sentence's nearness to instructions alone
SESSION_ONLY = frozenset({Act.REQUEST, Act.QUESTION, Act.THANKS, Act.CHATTER})


@dataclass(frozen=True, slots=True)
class Sentence:
    """One sentence, what it does, and the cues that said so."""

    text: str
    act: Act
    cues: tuple[str, ...] = ()


def _clause_imperative(text: str) -> bool:
    """A clause after a comma, dash or colon starts with a base-form verb
    ("while you're in there, turn on X", "the settings — add them to base")."""
    for clause in re.split(r"[,;:]\s+|\s+[—–-]\s+", text)[1:]:
        words, _ = strip_lead(tokens(clause))
        if is_verb_head(words):
            return True
    return False


def _main_clause(text: str) -> str:
    """The sentence up to its first subordinate clause ("... so we never double-send"):
    a standing adverb or a contrast there is about the purpose, not the request."""
    return SUBORDINATE.split(text, maxsplit=1)[0]


def _overlaps_previous(text: str, previous: str) -> bool:
    """A rejected side of a contrast ("not Y", "instead of Y") that the previous
    turn said or did."""
    if not previous:
        return False
    before = previous.lower()
    for match in CONTRAST.finditer(text):
        side = next(g for g in match.groups() if g)
        words = [w for w in tokens(side) if len(w) > 2 and w not in DETERMINER]
        if any(w in before for w in words[:3]):
            return True
    return False


# the speaker as the subject of a question ("can I just use ...?", "should I ...?")
_ASKS_SELF = re.compile(r"\b(?:can|could|should|shall|may|do)\s+i\b", re.IGNORECASE)
# who or what a question about the turn before has as its subject
_TURN_SUBJECTS = frozenset("you u that this it that's thats this's it's its".split())
# the words of BLAME that judge a thing, not the assistant's act
_JUDGING = re.compile(r"(?:wrong|incorrect|not\s+(?:quite\s+)?right|mistake)$", re.IGNORECASE)


def read_sentence(
    text: str,
    *,
    previous: str,
    proposal: bool,
    meaning: Callable[[str], ActScores] | None,
    margins: tuple[float, float, float],
) -> Sentence:
    """What ``text``, one sentence of a prompt, does: by its structure, read against
    ``previous`` (the assistant's turn before) and whether that turn ``proposal``-ed
    something; ``meaning`` and ``margins`` (request, standing, imperative standing)
    decide what structure leaves open."""
    words, lead = strip_lead(tokens(text))
    core = " ".join(words)
    cues: list[str] = sorted(lead)
    if REMIND.search(text):
        return Sentence(text, Act.REMINDER, ("remind",))
    if detects_memory_intent(text):
        return Sentence(text, Act.REMEMBER, ("remember",))
    if not words:
        if GRATITUDE.search(text):
            return Sentence(text, Act.THANKS, ("gratitude",))
        if STANDING.search(text):  # "always." after a rule
            return Sentence(text, Act.RULE, ("standing",))
        return Sentence(text, Act.CHATTER, ("interjection",))
    if GRATITUDE.search(text) and all(w in CLOSING or not w.isalpha() for w in words):
        return Sentence(text, Act.THANKS, ("gratitude",))
    if GRATITUDE.search(text) and not ANCHOR.search(text) and not NAMED.search(text):
        # thanks with an aside ("I see, thanks for explaining"), nothing pinned down
        return Sentence(text, Act.THANKS, ("gratitude",))
    hedged = _unhedged(text, previous=previous, proposal=proposal, meaning=meaning, margins=margins)
    if hedged is not None:
        return hedged
    main = _main_clause(text)
    interrogative = (
        text.rstrip().endswith("?")
        or (words[0] in WH and not (len(words) > 1 and words[1] == "about"))
        or (words[0] in AUX and len(words) > 1 and words[1] not in ("you", "u"))
        or INVERTED.search(main) is not None
    )
    standing = bool(STANDING.search(main))
    negated = bool(NEG_HEAD.match(core)) or bool(NO_HEAD.match(text)) or _negated_clause(text)
    this_task = negated and not standing and FOR_NOW.search(main) is not None
    negated = negated and not this_task  # "no photo for now": a limit to this task
    deictic = words[0] in DEICTIC or "same" in words[:3]
    # a yes/no question about a thing ("is the code wrong or the test?") asks whether it
    # is wrong: its judging word blames no turn ("did you break it?", "is that wrong?" do)
    about_thing = (
        interrogative
        and words[0] in AUX
        and len(words) > 1
        and words[1] not in _TURN_SUBJECTS
        and not words[0].endswith("nt")
    )
    blamed = [
        m.group(0) for m in BLAME.finditer(text) if not (about_thing and _JUDGING.match(m.group(0)))
    ]
    blame = bool(blamed) or (
        not interrogative
        and bool(AGAIN.search(text))
        and (
            negated or (words[0] == "again" and not _greeted(text)) or (bool(previous) and deictic)
        )
    )
    # the turn before, named and judged: "that is not how we declare dependencies here",
    # "I'm afraid that would delete every report" (an objection frame, then what was done)
    judged = bool(previous) and (
        (deictic and any(w in NEGATION for w in words[1:8]) and not interrogative)
        or (OBJECTION.match(text) is not None and _deictic_after(OBJECTION, text))
    )
    blame = blame or judged
    polite = bool(POLITE.match(core)) or bool(GO_AHEAD.search(core))
    # the speaker asking leave or advice ("can I just use X instead of Y?"): no correction
    asks_self = interrogative and _ASKS_SELF.search(main) is not None
    against = (not asks_self and _overlaps_previous(main, previous)) or (
        bool(previous) and REVERT.search(main) is not None and (polite or not interrogative)
    )
    imperative = (
        polite
        or is_verb_head(words)
        or fronted_imperative(words)
        or ("please" in lead and words[0] not in PRONOUN_SUBJECT)
        or bool(PLEASE.search(core) and words[0] not in PRONOUN_SUBJECT | WH)
        or _clause_imperative(text)
    )
    directive = imperative or negated or bool(re.search(r"\b(?:you|u)\b", core))
    if blame or against:
        cues.append("blame" if blame else "contrast-with-previous")
        return Sentence(text, Act.CORRECTION, tuple(cues))
    if "no" in lead and proposal and not interrogative:
        cues.append("declines-proposal")
        return Sentence(text, Act.RULE, tuple(cues))
    if this_task:
        return Sentence(text, Act.REQUEST, ("for-now",))
    habit = HABIT.search(main) is not None
    if (
        negated
        or (standing and not (interrogative and not polite))
        or (ONLY.search(main) and directive)
        or (CONTRAST.search(main) and SELECT.match(WE.sub("", core, count=1)))
        or habit
        or re.search(r"\brule\b", core) is not None
    ):
        cues.append("standing" if standing else "negated" if negated else "habit")
        return Sentence(text, Act.RULE, tuple(cues))
    if interrogative and not polite:
        return Sentence(text, Act.QUESTION, ("interrogative",))
    if imperative or NEEDS.search(core):
        # a task for now, or how to work from now on; a polite ask said as a question
        # ("could you commit everything?") is for now unless a standing cue says more
        asked = polite and text.rstrip().endswith("?")
        if meaning is not None and not asked:
            scores = meaning(text)
            if scores.standing_margin >= margins[2]:
                return Sentence(text, Act.RULE, (f"{STANDING_CUE}:{scores.standing_margin:.2f}",))
        return Sentence(text, Act.REQUEST, ("imperative",))
    if REPORT.search(core) or (ASIDE.search(text) and not ANCHOR.search(text)):
        return Sentence(text, Act.CHATTER, ("aside",))
    named = [w for w in words if any(c.isalnum() for c in w)]  # not "+", "&", "->"
    if len(named) <= 2 and not any(any(c.isdigit() for c in w) for w in named):
        return Sentence(text, Act.CHATTER, ("short",))
    wish = _obligation_on_a_thing(main, words)
    if wish and (meaning is None or _asked_for(meaning(text), margins[0])):
        return Sentence(text, Act.REQUEST, ("obligation",))
    if meaning is not None and not wish:
        scores = meaning(text)
        # a statement that pins values down ("this is our repo, Airflow 2.8.1, dbt 1.7
        # on Snowflake") is what the project is, not how to work
        if (
            scores.standing_margin >= margins[1]
            and not VALUES.search(text)
            and not GRATITUDE.search(text)  # "I see, thanks for explaining"
        ):
            return Sentence(text, Act.RULE, (f"{STANDING_CUE}:{scores.standing_margin:.2f}",))
        if _open_head(words) and scores.request_margin >= margins[0]:
            return Sentence(text, Act.REQUEST, (f"embedding:{scores.request_margin:.2f}",))
    if DESIRE.match(core):
        return Sentence(text, Act.REQUEST, ("desire",))
    if meaning is not None and _verbless(words, text):
        # a noun phrase alone ("0.9.1 patch release") is a terse ask unless the reading
        # puts it nearer a fact than a task or an instruction ("Postgres 16 on port 5433")
        scores = meaning(text)
        if scores.statement - max(scores.request, scores.standing) < 0:
            return Sentence(text, Act.REQUEST, ("verbless",))
    return Sentence(text, Act.STATEMENT, tuple(cues))


def _unhedged(
    text: str,
    *,
    previous: str,
    proposal: bool,
    meaning: Callable[[str], ActScores] | None,
    margins: tuple[float, float, float],
) -> Sentence | None:
    """A directive inside a suggestion frame, read as if said plainly: hedges are
    politeness, not doubt ("perhaps we could use X rather than Y" is "use X rather than
    Y"; "I'd rather we didn't X" is "don't X"; "perhaps we could add X" asks for X).
    None when the plain words are no directive ("we could never reproduce it")."""
    match = RATHER_NOT.match(text)
    if match is not None:
        plain = "don't " + text[match.end() :].lstrip()
    else:
        match = HEDGE.match(text)
        if match is None:
            return None
        plain = text[match.end() :]
    inner = read_sentence(
        plain, previous=previous, proposal=proposal, meaning=meaning, margins=margins
    )
    if inner.act is Act.REQUEST and "imperative" in inner.cues:
        return Sentence(text, Act.REQUEST, ("imperative", "hedged"))  # "perhaps we could add ..."
    head, _ = strip_lead(tokens(plain))
    if (
        inner.act is Act.STATEMENT
        and head
        and head[0].isalpha()
        and head[0] not in AUX
        and head[0] not in _NOT_ACTIONS
    ):
        # after "we ought to" / "could we" comes a verb, known or not ("I think we
        # ought to also exclude participants with ..."): a task asked for
        return Sentence(text, Act.REQUEST, ("hedged",))
    if inner.act not in (Act.RULE, Act.CORRECTION):
        return None
    if inner.act is Act.RULE and text.rstrip().endswith("?") and "standing" not in inner.cues:
        return None  # "can we use X instead of Y?": asked for now, as "could you ...?"
    return Sentence(text, inner.act, (*inner.cues, "hedged"))


def _asked_for(scores: ActScores, request_margin: float) -> bool:
    """A wish about a thing ("the sheet should also let them choose ...") is asked for
    when the reading puts it nearer a task than a fact by ``request_margin``, or nearer
    a task or an instruction than a fact by as much (the same margin both ways)."""
    return (
        scores.request_margin >= request_margin
        or scores.statement - max(scores.request, scores.standing) <= -request_margin
    )


# after a suggestion frame, verbs of being, having and perceiving report, not ask ("we
# could be wrong", "we might have a problem", "you could see it coming")
_NOT_ACTIONS = frozenset("be been being have had see seen know tell".split())


def _negated_clause(text: str) -> bool:
    """A clause after a colon or semicolon is a negated directive ("one working habit I
    should explain: please do not run ./gradlew test")."""
    for clause in re.split(r"[;:]\s+", text)[1:]:
        words, _ = strip_lead(tokens(clause))
        if NEG_HEAD.match(" ".join(words)):
            return True
    return False


def _deictic_after(frame: re.Pattern[str], text: str) -> bool:
    """After the frame, the sentence's subject is a demonstrative: the turn before."""
    match = frame.match(text)
    rest = tokens(text[match.end() :]) if match else []
    return bool(rest) and rest[0] in DEICTIC


def _obligation_on_a_thing(main: str, words: list[str]) -> bool:
    """A modal of obligation whose subject is a thing, in a clause that starts with
    that subject: "the error messages should be inline" — not "if it fails it should
    alert in #data-alerts" (a condition first: how the system is set up), nor "we / you
    / it should ...", nor a "must" that pins a value down."""
    match = DEONTIC.search(main)
    if match is None or words[0] in WH_CLAUSE or words[0] in PRONOUN_SUBJECT:
        return False
    if match.group().lower().startswith("must") and ANCHOR.search(main):
        # a constraint that pins a value down ("commit messages must start with the
        # ticket, e.g. ABC-12"): how the project is, not a wish for now
        return False
    before = tokens(main[: match.start()])
    return bool(before) and before[-1] not in PRONOUN_SUBJECT


# a greeting before "again" ("hi again!") greets someone back; it blames nothing
_GREETINGS = frozenset("hi hello hey hiya morning evening welcome".split())


def _greeted(text: str) -> bool:
    words = tokens(text)
    return len(words) > 1 and words[0] in _GREETINGS and words[1] == "again"


def _verbless(words: list[str], text: str) -> bool:
    """A short phrase (at most ``_PHRASE_WORDS`` words) with no auxiliary, copula, modal,
    personal pronoun, -ed or -ing form or contraction — a listed verb may be a noun here ("patch release",
    "tests for the parser") — and no assignment ("staging = namespace ledger-stg",
    "prod db: pg-main-3")."""
    if "=" in text or ":" in text or len(words) > _PHRASE_WORDS:
        return False
    return not any(
        w in AUX
        or w in _CLAUSE_WORDS
        or "'" in w
        or "’" in w
        or (w.isalpha() and len(w) > 4 and w.endswith(("ed", "ing")))
        for w in words
    )


_PHRASE_WORDS = 6
# a copula, "must", or a personal pronoun as a subject: a clause, not a phrase ("Local
# we must update also.")
_CLAUSE_WORDS = frozenset("am be been being 's s must i we you u they he she it".split())


def _open_head(words: list[str]) -> bool:
    """The clause's first word may be a verb the list does not know ("tweak the prompt
    ..."): not a pronoun, a determiner or a possessive, nor a noun its next word makes a
    subject ("logs are in loki now", "the monorepo's on nx"), and the clause has no
    copula ("slo for reads is p99 < 150ms": a statement)."""
    if (
        words[0] in PRONOUN_SUBJECT
        or words[0] in DETERMINER
        or words[0] in WH_CLAUSE  # "if it fails ...": a condition, no verb
        or "'" in words[0]
    ):
        return False
    if any(w in ("is", "are", "was", "were") for w in words):  # "slo for reads is p99"
        return False
    if len(words) > 2 and (words[2] in AUX or words[2] == "must") and words[1].isalpha():
        return False  # a two-word subject ("commit message must start with ...")
    return not (len(words) > 1 and (words[1] in AUX or words[1] in ("'s", "s")))
