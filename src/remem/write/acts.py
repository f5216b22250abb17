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
  ("no, ...", "nah, ...") of a proposal the previous turn made;
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
from enum import StrEnum
from typing import TYPE_CHECKING

from remem.write.intent import detects_memory_intent
from remem.write.messages import Message

if TYPE_CHECKING:
    from remem.write.act_meaning import ActScores

__all__ = [
    "BASE_VERBS",
    "Act",
    "Sentence",
    "Utterance",
    "classify",
    "split_sentences",
    "statements_only",
]


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
SESSION_ONLY = frozenset({Act.REQUEST, Act.QUESTION, Act.THANKS, Act.CHATTER})


@dataclass(frozen=True, slots=True)
class Sentence:
    """One sentence, what it does, and the cues that said so."""

    text: str
    act: Act
    cues: tuple[str, ...] = ()


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
        """Nothing in it is a fact, a lesson or a reminder: it is for the session only."""
        return all(s.act in SESSION_ONLY for s in self.sentences)

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
            and _AGREE.match(self.text) is not None
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
        now_bound = asks and _NOW_BOUND.search(self.text) is not None
        return [
            s.text
            for s in self.sentences
            if s.act is Act.REMEMBER
            or (
                s.act is Act.STATEMENT
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
            if s.act in keep or (s.act is Act.CHATTER and "short" in s.cues)
        ]


# -- closed classes --------------------------------------------------------------------
_WORD = re.compile(r"[\w'’@#./:+-]+", re.UNICODE)
_DISCOURSE = frozenset(
    """ok okay k kk right so and also oh ah aha well hey hi hiya hello morning evening yes yeah
    yep yup ya fine good great perfect lovely cool alright now then btw fyi anyway anyways ugh
    hmm hm sure lol ha haha wow oops sorry jesus damn man wait actually plus still one more
    thing important heads up quick wonderful brilliant nice awesome excellent""".split()
)
_NO = frozenset({"no", "nah", "nope", "nop"})
_GRATITUDE = re.compile(
    r"\b(?:thanks?|thank\s+you|thx|tks|ty|ta|cheers|much\s+appreciated|appreciate\s+it|"
    r"good\s+work|great\s+work|nice\s+work|well\s+done)\b|[👍🙏🙌🎉]",
    re.IGNORECASE,
)
_CLOSING = frozenset(
    """thanks thank you thx ty ta cheers so much a lot very nice good great work job that's
    lovely perfect wonderful brilliant for today see next time have one later bye done k ok
    okay cool and awesome excellent appreciated much really all it this again""".split()
)
_PRONOUN_SUBJECT = frozenset("i we you u they he she it this that there these those".split())
_AUX = frozenset(
    """is are was were am do does did can could will would should shall may might have has had
    isn't aren't wasn't weren't don't doesn't didn't can't couldn't won't wouldn't shouldn't
    haven't hasn't""".split()
)
_WH = frozenset("what whats what's why how which who whose whom where wheres where's".split())
_WH_CLAUSE = frozenset("when whenever once after before if while as until unless".split())
_DETERMINER = frozenset(
    """the a an all some any it this that these those me us them my our your his her their
    everything anything something nothing up out on off in down over back each every both
    another more""".split()
)
# Common base-form verbs a request starts with (a fixed vocabulary, not per example).
BASE_VERBS = frozenset(
    """add adapt adjust allow apply archive ask assign avoid backfill backport benchmark bench
    bisect block book build bump calculate call cancel change check clean clear clone close
    collect commit compare compile compress configure confirm connect continue convert copy
    correct create cut debug decrease define delete deploy describe destroy diff disable
    document double drop dump edit email enable ensure estimate explain export extend extract
    figure fill filter find finish fix flip follow force format generate get give go grab
    grep handle help hide implement import improve include increase initialise initialize
    inline insert inspect install integrate investigate keep kill label launch leave let lint
    list load localise localize lock log look lower make mark measure merge migrate mock
    monitor move name note notify open optimise optimize pack parse patch pause pick pin ping
    plan plot point polish port prepare print profile prune publish pull push put query
    raise read rebase rebuild record redeploy reduce refactor refresh regenerate register
    reinstall release reload remove rename render reorder repair replace reply report request
    rerun reset resize resolve restart restore resume retry return revert review rewrite roll
    rollback rotate run save scaffold scale schedule search send set setup share ship show
    simplify skip sort split squash start stash stop store stub submit support swap switch
    sync tag tail take tell test throttle tidy time toggle trace track translate trigger trim
    try turn uncomment undo uninstall unlock unpin update upgrade upload use validate verify
    wait warn watch wire wrap write""".split()
)
_POLITE = re.compile(
    r"^(?:(?:can|could|would|will)\s+(?:you|u)\b(?!\s+(?:be|tell\s+me\s+(?:if|whether)))|"
    r"would\s+you\s+mind\b|(?:i'?d|i\s+would)\s+like\s+(?:you\s+)?to\b|i\s+(?:want|need)\s+you\s+to\b|"
    r"(?:i'?d|i\s+would)\s+(?:like|love|need|want)\s+(?:that\s+)?(?:you|u)\b|"
    r"let'?s\b|lets\b|go\s+ahead\b|need\s+(?:an?|another|some|the|to|you)\b|"
    r"we\s+(?:need|want|must|should|have\s+to|gotta)\b(?!\s+(?:not|never))|"
    r"(?:you|u)\s+(?:should|must|need\s+to|have\s+to)\b)",
    re.IGNORECASE,
)
_AGREE = re.compile(
    r"^\W*(?:yes|yeah|yep|yup|exactly|correct|right|indeed|perfect|spot\s+on|that'?s\s+(?:it|right|"
    r"correct))\b",
    re.IGNORECASE,
)
_PLEASE = re.compile(r"\b(?:please|pls|plz|kindly)\b", re.IGNORECASE)
_STANDING = re.compile(
    r"\b(?:always|never|every\s+(?:single\s+)?time|each\s+time|from\s+now\s+on|going\s+forward|"
    r"in\s+(?:the\s+)?future|ever|house\s+rule|rule\s*:|the\s+rule|convention)\b",
    re.IGNORECASE,
)
_ONLY = re.compile(r"\bonly\b", re.IGNORECASE)
_NEG_HEAD = re.compile(
    r"^(?:please\s+)?(?:don'?t|do\s+not|dont|never|stop|quit|avoid|no\s+(?!one\b|idea\b|"
    r"problem\b|worries\b|need\b|rush\b|way\b)\w)",
    re.IGNORECASE,
)
_HABIT = re.compile(
    r"\b(?:we|i)\s+(?:(?:always|never|only|usually)\s+\w+|don'?t\s+\w+|do\s+not\s+\w+|"
    r"(?:use|write|keep|prefer|run)\b[^.]*?\b(?:here|in\s+this\s+(?:repo|project|codebase)))",
    re.IGNORECASE,
)
_CONTRAST = re.compile(
    r"(?:,\s*|\s)not\s+(?P<a>[^,.;!?]+)|\binstead\s+of\s+(?P<b>[^,.;!?]+)|"
    r"\brather\s+than\s+(?P<c>[^,.;!?]+)|\bprefers?\b[^,.;!?]*?\bover\s+(?P<d>[^,.;!?]+)",
    re.IGNORECASE,
)
_BLAME = re.compile(
    r"\b(?:wrong|incorrect|not\s+(?:quite\s+)?right|not\s+like\s+that|mistake|"
    r"(?:you|u)\s+(?:forgot|missed|did\s+it\s+again|broke|ignored)|"
    r"(?:you|u)(?:'re|\s+are)\s+\w+ing\b|i\s+(?:said|told\s+you|asked|already\s+said)|"
    r"like\s+i\s+(?:said|asked)|as\s+i\s+said|oh\s+no|"
    # the assistant's own past action, told back to it: about the turn before
    r"(?:you|u)\s+(?:\w{3,}ed|put|sent|made|wrote|ran|did|left|took|broke|gave))\b|"
    r"^(?:stop|again)\b",
    re.IGNORECASE,
)
_SUBORDINATE = re.compile(
    r"\s(?:so|so\s+that|because|since|as|which|where|while|whereas|until)\s", re.IGNORECASE
)
_NO_HEAD = re.compile(
    r"^(?:\W*(?:and|also|so|oh|ah|ok|okay|well|jesus|ugh|again|but)\b)*\W*no\s+(?!one\b|idea\b|"
    r"problem\b|worries\b|need\b|rush\b|way\b|wait\b)[a-z0-9`'\"_-]",
    re.IGNORECASE,
)
_AGAIN = re.compile(r"\bagain\b", re.IGNORECASE)
_GO_AHEAD = re.compile(r"\b(?:go\s+ahead|do\s+it|ship\s+it|apply\s+it)\b", re.IGNORECASE)
_SELECT = re.compile(r"^(?:use|prefer|pick|choose|go\s+with|stick\s+with|stay\s+on)\b", re.I)
_WE = re.compile(r"^(?:we|i)\s+(?=\w)", re.I)  # "we use X, not Y": the house's choice, as "use X"
_NEEDS = re.compile(r"\bneeds?\b.*\b(?:too|also|as\s+well)\b", re.IGNORECASE)
# someone else's saying, asking or wanting to act: context of the request, not a fact
_REPORT = re.compile(
    r"^(?:\w[\w-]*\s+){1,3}(?:says|said|asks|asked|is\s+asking|are\s+asking|wonders|"
    r"wondered|wants?\s+to|wanted\s+to|complained|mentioned)\b",
    re.IGNORECASE,
)
_ASIDE = re.compile(r"\b(?:sorry|apologies|lol|haha|lunch|brb)\b|😅|🙃|😂", re.IGNORECASE)
_ANCHOR = re.compile(r"\d|`|[\w-]+[./_][\w-]+")
_REMIND = re.compile(r"\bremind\s+(?:me|us)\b", re.IGNORECASE)
# a prompt about the day it is said on: what it states is that day's situation
_NOW_BOUND = re.compile(
    r"\b(?:today|tonight|yesterday|this\s+(?:morning|afternoon|evening))\b", re.IGNORECASE
)
_NAME = re.compile(r"[^\W_]+(?:-[^\W_]+){2,}")  # a name of three hyphenated parts: shop-stg-fra
_CLAUSE = re.compile(r"[:;—–]\s+|,\s+|\s+\(|\)\s*")
# before a past verb, the words that leave the speaker its subject ("I've just bumped")
_SPEAKER = frozenset(
    "i we i've we've ive weve i’ve we’ve have has had just also already finally".split()
)
_PROPOSAL = re.compile(
    r"\?|\b(?:could|should|shall|want\s+me\s+to|would\s+you\s+like|i\s+can|i\s+could|"
    r"we\s+could|option|alternatively|suggest|recommend)\b",
    re.IGNORECASE,
)
_SPLIT = re.compile(r"(?<=[.!?…])[\"')\]]*\s+|\n+|(?<=[\U0001F300-\U0001FAFF])\s+")
# a statement asked back for agreement: "we use poetry, right?", "you know our python
# is 3.12 now?" (a tag or a "you know" before it; closed classes)
_TAG = re.compile(
    r",?\s*(?:right|no|yeah|yes|correct|ok|okay|innit|isn'?t\s+it|aren'?t\s+(?:we|they)|"
    r"don'?t\s+(?:we|they)|doesn'?t\s+it)\s*\?+\W*$",
    re.IGNORECASE,
)
_KNOW = re.compile(r"^\W*(?:you\s+know|y'?know|as\s+you\s+know)[,\s]+(?:that\s+)?", re.I)
# where a statement ends and an ask begins inside one sentence ("my mum turns 70 on 14
# March, help me plan a surprise")
_CLAUSE_END = re.compile(r",\s+(?:(?:so|and|but|btw)\s+)?|;\s+|\s+[—–]\s+|:\s+")
_VALUES = re.compile(r"\d+(?:\.\d+)+|[A-Z][A-Z0-9]*_[A-Z0-9_]+")  # a version, a constant
_NAMED = re.compile(r"(?<=\w)[\s,;:]+[A-Z][a-z]+")  # a capitalised word inside: a name
_PREVIOUS_CHARS = 4000  # how much of the turn before a prompt is read for contrasts
_ABBREV = re.compile(r"\b(?:e\.g|i\.e|etc|vs|approx|no)\.$", re.IGNORECASE)
# A mark glued to a code identifier ("the value_parser! workaround", "Foo::bar!"): a
# Rust macro's "!", not the end of a sentence, when lower-case text goes on after it.
_CODE_MARK = re.compile(r"\w*(?:_|::)\w*[!?]$")


def split_sentences(text: str) -> list[str]:
    """Sentences of a prompt: after ``.``, ``!``, ``?`` or ``…`` and a space (any
    case follows: prompts are often lower-case), at line breaks and at a spaced dash
    before a lower-case word. A dot inside a token (``2.9.3``, ``settings.py``,
    ``datetime.now()``) never splits, nor a ``!`` glued to a code identifier before
    lower-case text (``the value_parser! workaround``)."""
    out: list[str] = []
    for part in _SPLIT.split(text):
        part = part.strip()
        if not part:
            continue
        if out and (_ABBREV.search(out[-1]) or (_CODE_MARK.search(out[-1]) and part[0].islower())):
            out[-1] = f"{out[-1]} {part}"
        else:
            out.append(part)
    return out


def _dash_clauses(sentence: str) -> list[str]:
    """A sentence cut at a spaced dash ("sync goes through CloudKit — so please keep
    ..."), each side its own act; a side with no verb that is only a few words (a
    topic: "the anymail settings — add them ...") stays with the clause after it."""
    parts = [p.strip() for p in re.split(r"\s+[—–]\s+", sentence) if p.strip()]
    out: list[str] = []
    carry = ""
    for part in parts:
        words = _tokens(part)
        verbless = not any(w in BASE_VERBS or w in _AUX or _verb_form(w) for w in words)
        if verbless and len(words) <= 4 and part is not parts[-1]:
            carry = f"{carry}{part} — "
            continue
        out.append(carry + part)
        carry = ""
    return out or [sentence]


def _tokens(text: str) -> list[str]:
    return [w.lower().strip("'’.:,") for w in _WORD.findall(text)]


def _lead(words: list[str]) -> tuple[list[str], set[str]]:
    """The sentence without its leading discourse markers, and which were there."""
    seen: set[str] = set()
    i = 0
    while i < len(words):
        word = words[i]
        if word in _NO:
            seen.add("no")
        elif word in ("please", "pls", "plz", "kindly"):
            seen.add("please")
        elif word not in _DISCOURSE and not _GRATITUDE.fullmatch(word):
            break
        i += 1
    return words[i:], seen


def _verb_form(word: str) -> bool:
    """``word`` is an inflected form of a listed verb (``goes``, ``runs``, ``used``)."""
    for suffix in ("es", "s", "ed", "d"):
        if word.endswith(suffix) and word[: -len(suffix)] in BASE_VERBS:
            return True
    return False


def _is_verb_head(words: list[str]) -> bool:
    """The head of the clause is a base-form verb: not a noun that is the subject of
    the next word ("sync goes", "test is failing", "build was green")."""
    if not words or words[0] not in BASE_VERBS:
        return False
    nxt = words[1] if len(words) > 1 else ""
    return nxt not in _AUX and nxt not in ("'s", "s") and not _verb_form(nxt)


def _clause_imperative(text: str) -> bool:
    """A clause after a comma, dash or colon starts with a base-form verb
    ("while you're in there, turn on X", "the settings — add them to base")."""
    for clause in re.split(r"[,;:]\s+|\s+[—–-]\s+", text)[1:]:
        words, _ = _lead(_tokens(clause))
        if _is_verb_head(words):
            return True
    return False


def _main_clause(text: str) -> str:
    """The sentence up to its first subordinate clause ("... so we never double-send"):
    a standing adverb or a contrast there is about the purpose, not the request."""
    return _SUBORDINATE.split(text, maxsplit=1)[0]


def _overlaps_previous(text: str, previous: str) -> bool:
    """A rejected side of a contrast ("not Y", "instead of Y") that the previous
    turn said or did."""
    if not previous:
        return False
    before = previous.lower()
    for match in _CONTRAST.finditer(text):
        side = next(g for g in match.groups() if g)
        words = [w for w in _tokens(side) if len(w) > 2 and w not in _DETERMINER]
        if any(w in before for w in words[:3]):
            return True
    return False


def _sentence(
    text: str,
    *,
    previous: str,
    proposal: bool,
    meaning: Callable[[str], ActScores] | None,
    margins: tuple[float, float, float],
) -> Sentence:
    words, lead = _lead(_tokens(text))
    core = " ".join(words)
    cues: list[str] = sorted(lead)
    if _REMIND.search(text):
        return Sentence(text, Act.REMINDER, ("remind",))
    if detects_memory_intent(text):
        return Sentence(text, Act.REMEMBER, ("remember",))
    if not words:
        if _GRATITUDE.search(text):
            return Sentence(text, Act.THANKS, ("gratitude",))
        if _STANDING.search(text):  # "always." after a rule
            return Sentence(text, Act.RULE, ("standing",))
        return Sentence(text, Act.CHATTER, ("interjection",))
    if _GRATITUDE.search(text) and all(w in _CLOSING or not w.isalpha() for w in words):
        return Sentence(text, Act.THANKS, ("gratitude",))
    if _GRATITUDE.search(text) and not _ANCHOR.search(text) and not _NAMED.search(text):
        # thanks with an aside ("I see, thanks for explaining"), nothing pinned down
        return Sentence(text, Act.THANKS, ("gratitude",))
    main = _main_clause(text)
    interrogative = (
        text.rstrip().endswith("?")
        or (words[0] in _WH and not (len(words) > 1 and words[1] == "about"))
        or (words[0] in _AUX and len(words) > 1 and words[1] not in ("you", "u"))
    )
    standing = bool(_STANDING.search(main))
    negated = bool(_NEG_HEAD.match(core)) or bool(_NO_HEAD.match(text))
    blame = bool(_BLAME.search(text)) or (
        not interrogative and bool(_AGAIN.search(text)) and (negated or words[0] == "again")
    )
    against = _overlaps_previous(main, previous)
    polite = bool(_POLITE.match(core)) or bool(_GO_AHEAD.search(core))
    imperative = (
        polite
        or _is_verb_head(words)
        or ("please" in lead and words[0] not in _PRONOUN_SUBJECT)
        or bool(_PLEASE.search(core) and words[0] not in _PRONOUN_SUBJECT | _WH)
        or _clause_imperative(text)
    )
    directive = imperative or negated or bool(re.search(r"\b(?:you|u)\b", core))
    if blame or against:
        cues.append("blame" if blame else "contrast-with-previous")
        return Sentence(text, Act.CORRECTION, tuple(cues))
    if "no" in lead and proposal and not interrogative:
        cues.append("declines-proposal")
        return Sentence(text, Act.RULE, tuple(cues))
    habit = _HABIT.search(main) is not None
    if (
        negated
        or (standing and not (interrogative and not polite))
        or (_ONLY.search(main) and directive)
        or (_CONTRAST.search(main) and _SELECT.match(_WE.sub("", core, count=1)))
        or habit
        or re.search(r"\brule\b", core) is not None
    ):
        cues.append("standing" if standing else "negated" if negated else "habit")
        return Sentence(text, Act.RULE, tuple(cues))
    if interrogative and not polite:
        return Sentence(text, Act.QUESTION, ("interrogative",))
    if imperative or _NEEDS.search(core):
        if meaning is not None:  # a task for now, or how to work from now on
            scores = meaning(text)
            if scores.standing_margin >= margins[2]:
                return Sentence(
                    text, Act.RULE, (f"embedding-standing:{scores.standing_margin:.2f}",)
                )
        return Sentence(text, Act.REQUEST, ("imperative",))
    if _REPORT.search(core) or (_ASIDE.search(text) and not _ANCHOR.search(text)):
        return Sentence(text, Act.CHATTER, ("aside",))
    if len(words) <= 2 and not any(any(c.isdigit() for c in w) for w in words):
        return Sentence(text, Act.CHATTER, ("short",))
    if meaning is not None:
        scores = meaning(text)
        # a statement that pins values down ("this is our repo, Airflow 2.8.1, dbt 1.7
        # on Snowflake") is what the project is, not how to work
        if (
            scores.standing_margin >= margins[1]
            and not _VALUES.search(text)
            and not _GRATITUDE.search(text)  # "I see, thanks for explaining"
        ):
            return Sentence(text, Act.RULE, (f"embedding-standing:{scores.standing_margin:.2f}",))
        if _open_head(words) and scores.request_margin >= margins[0]:
            return Sentence(text, Act.REQUEST, (f"embedding:{scores.request_margin:.2f}",))
    return Sentence(text, Act.STATEMENT, tuple(cues))


def _open_head(words: list[str]) -> bool:
    """The clause's first word may be a verb the list does not know ("tweak the prompt
    ..."): not a pronoun, a determiner or a possessive, nor a noun its next word makes a
    subject ("logs are in loki now", "the monorepo's on nx"), and the clause has no
    copula ("slo for reads is p99 < 150ms": a statement)."""
    if words[0] in _PRONOUN_SUBJECT or words[0] in _DETERMINER or "'" in words[0]:
        return False
    if any(w in ("is", "are", "was", "were") for w in words):  # "slo for reads is p99"
        return False
    return not (len(words) > 1 and (words[1] in _AUX or words[1] in ("'s", "s")))


def durable_beside_ask(text: str) -> bool:
    """Whether a statement said beside a request or a question holds beyond it: one of
    its clauses carries a value (a number, a path, an identifier, code) and reports no
    one else's past action ("staging = namespace ledger-stg", "bumped msrv to 1.80",
    "from next Monday they deliver at 06:00" — not "Partner resent all of March",
    "dependabot opened a PR bumping pgx to v5.7.1", "the beat schedule isn't firing")."""
    return any(
        (_ANCHOR.search(clause) is not None or _NAME.search(clause) is not None)
        and not _others_past(clause)
        for clause in _CLAUSE.split(text)
        if clause
    )


def _others_past(clause: str) -> bool:
    """The clause's first past-tense verb (``-ed``) has a subject other than the
    speaker: someone else's action, reported (a subject-less "bumped go to 1.23",
    "I've decided to ..." is the speaker's own change)."""
    words = _tokens(clause)
    for n, word in enumerate(words):
        if word.isalpha() and len(word) >= 5 and word.endswith("ed"):
            return any(w not in _SPEAKER for w in words[:n])
    return False


def classify(
    text: str,
    *,
    previous: str | None = None,
    meaning: Callable[[str], ActScores] | None = None,
    request_margin: float = 0.1,
    standing_margin: float = 0.06,
    imperative_standing_margin: float = 0.15,
    fact_margin: float = 0.1,
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
    ``fact-like`` (a fact candidate, :meth:`Utterance.statements`). The defaults are
    Config's (``act_*``)."""
    before = previous or ""
    proposal = bool(_PROPOSAL.search(before[-400:])) if before else False
    parts = [c for part in split_sentences(text) for c in _dash_clauses(part)] or [text.strip()]
    margins = (request_margin, standing_margin, imperative_standing_margin)

    def read(part: str, first: bool) -> Sentence:
        return _sentence(
            part, previous=before, proposal=proposal and first, meaning=meaning, margins=margins
        )

    sentences = tuple(
        s for n, part in enumerate(parts) if part for s in _read_part(part, n == 0, read)
    )
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
    return Utterance(text=text, sentences=sentences)


def _fact_margin(scores: ActScores) -> float:
    return scores.statement - max(scores.request, scores.standing)


def _read_part(part: str, first: bool, read: Callable[[str, bool], Sentence]) -> list[Sentence]:
    """One sentence's acts: itself, a statement asked back for agreement ("we use
    poetry, right?"), or a statement and the ask after it in one sentence ("I'm
    allergic to shellfish — can you suggest a menu?")."""
    one = read(part, first)
    if one.act is Act.QUESTION:
        bare = _TAG.sub("", part).strip()
        if _KNOW.match(bare):  # "you know our python is 3.12 now?"
            bare = _KNOW.sub("", bare).rstrip("?").strip()
        if bare and bare != part.strip():
            again = read(bare, first)
            if again.act is Act.STATEMENT:
                return [Sentence(part, Act.STATEMENT, (*again.cues, "tag-question"))]
    if one.act not in (Act.REQUEST, Act.QUESTION):
        return [one]
    for match in _CLAUSE_END.finditer(part):
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
    words = _tokens(clause)
    if len(words) < 3 or words[0] in _WH_CLAUSE or words[0] in _WH or words[0] in BASE_VERBS:
        return False
    if words[0] in ("i", "we", "they", "he", "she", "im"):  # a subject; its verb follows
        return True
    return any("'" in w or "’" in w for w in words) or any(
        w in _AUX or w == "am" or _verb_form(w) for w in words[1:]
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
