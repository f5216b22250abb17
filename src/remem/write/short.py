"""Short statements: is a text under ``config.gate_min_words`` words a whole fact?

"Sam moved to Tampere.", "Maya joined Stripe.", "I retired." are facts; "ok sounds
good", "Got it.", "I agree.", "Aaron had fun." are not. The test reads the clause
the update path reads (:func:`remem.slots.analyse`): a **subject** (a name, a
pronoun, a noun phrase), a **main verb** that states rather than wishes (not
"should", "could", "would" ...), and after it **information**: a value (a name, a
number, a date, money, a version), or a content word that is not small talk, an
evaluation, a place deixis ("home", "there") or nobody in particular ("you guys").
A change verb of the update path ("retired", "graduated", "moved") is itself
information: it says the old value ended.

Pure functions with no I/O.
"""

from __future__ import annotations

import re

from remem.slots import analyse
from remem.slots.lexicon import LIGHT
from remem.slots.tokens import ADVERBS, Token, is_verb, is_word, verbish
from remem.write.classify import is_small_talk

# A main verb that wishes, offers or guesses states no fact ("We should hang out").
_MODALS = frozenset("should could would might may must shall ought let's lets".split())
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
_NO_SUBJECT = frozenset("it this that these those there here what which who".split())
# Words after the verb that point somewhere or at somebody without naming anything.
_NO_VALUE = frozenset(
    """home back away there here together too either anyway again yet though guys everyone
    everybody anyone anybody someone somebody something anything everything nothing
    nobody none do doing done go going gone come coming get getting""".split()
)
_EVALUATION = re.compile(
    r"^(?:great|awesome|amazing|cool|beautiful|terrible|awful|nice|fun|boring|inspiring|"
    r"wonderful|incredible|lovely|fantastic|perfect|horrible|cute|sweet|stunning|gorgeous|"
    r"special|brilliant|impressive|good|bad|tough|hard|exciting|interesting|blast|"
    r"fine|glad|happy|sad|sorry|excited|tired|busy|bored|thrilled|stoked|lucky)$"
)


def is_complete_short(text: str, *, speaker: str | None = None, min_information: int = 1) -> bool:
    """Whether the short ``text`` states a fact: subject, stating verb, and at least
    ``min_information`` informative words after the verb (a change verb counts as
    one). ``speaker`` resolves "I" and "my"."""
    fact = analyse(_expand(text), speaker)
    tokens = fact.tokens
    if any(t.text in ".!?;" for t in tokens[:-1]):
        return False  # "Got it. Thanks!": more than one sentence
    at = _main_verb(tokens, fact.verb_at)
    subject = [t for t in tokens[:at] if is_word(t)] if at is not None else []
    if at is None or not subject or all(t.low in _NO_SUBJECT for t in subject):
        return False  # no verb, or no subject that names someone or something
    verb = tokens[at]
    if verb.low in _MODALS:
        return False
    # a change the update path reads ("retired", "went vegan"), not "went home"
    cues = {c.split()[0] for c in fact.strong_cues}  # "passed" of "passed away"
    found = 1 if verb.low in cues and not fact.negated else 0
    values = {i for v in fact.values for i in v.tokens}
    found += sum(1 for t in tokens[at + 1 :] if _informative(t, values))
    return found >= min_information


def _informative(t: Token, values: set[int]) -> bool:
    """A value token, a number, or a content word that names something."""
    if t.index in values or t.low[:1].isdigit() or t.low[:1] in "$€£¥":
        return True
    return (
        is_word(t)
        and not t.pronoun
        and t.low not in LIGHT
        and t.low not in ADVERBS
        and t.low not in _NO_VALUE
        and t.low not in _MODALS
        and not is_small_talk(t.low)
        and not _EVALUATION.match(t.low)
    )


def _expand(text: str) -> str:
    """Contractions spelled out, so "I'm a nurse" has its verb: "I am a nurse";
    a title's period dropped."""
    for pattern, replacement in _CONTRACTIONS:
        text = pattern.sub(replacement, text)
    return text


def _main_verb(tokens: tuple[Token, ...], end: int) -> int | None:
    """The index of the main verb: the word after a personal pronoun ("I bike to work",
    a verb outside the slot lexicon), else where the subject ends (past adverbs)."""
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
    if at < len(tokens) and (is_verb(tokens, at) or verbish(tokens[at])):
        return at
    return None


def _past_adverbs(tokens: tuple[Token, ...], at: int) -> int:
    while at < len(tokens) and tokens[at].low in ADVERBS:
        at += 1
    return at
