"""Sentence shapes people use for facts about themselves, made into plain statements
before first person is resolved (:mod:`remem.write.extract.rules`).

- **lower-case first person**: "im with verizon", "i switched" -> "I'm", "I";
- **a labelled value**: "Editor: Sublime Text." -> "My editor is Sublime Text.";
  a label is one to three plain words, the value a phrase that does not start
  with a verb or a pronoun (then it is a sentence with a lead-in, not a record);
- **an arrow**: "A → B" says a change from A to B: "Switched Sublime → Neovim."
  -> "Switched from Sublime → Neovim."; with no verb before it, "changed":
  "Evernote → Obsidian, done." -> "Changed from Evernote → Obsidian, done.";
  "Editor: Sublime → Neovim" -> "My editor changed from Sublime → Neovim" (the
  arrow and both sides stay as written: a version range is a token);
- **no subject**: a statement that opens with a past verb or a present
  participle is the speaker's: "Sold my Xbox and bought a PS5." -> "I sold my
  Xbox and bought a PS5."; "Freelancing now." -> "I'm freelancing now."

All are read from the sentence's form (word classes of the slot lexicon), not
from a list of phrases. Pure functions.
"""

from __future__ import annotations

import re

from remem.slots.lexicon import IRREGULAR_PAST
from remem.slots.tokens import ADVERBS, VERB_FORMS

_LOWER_I = (
    (re.compile(r"(?<![\w.'’-])i(?=['’](?:m|ve|d|ll)\b)"), "I"),
    (re.compile(r"(?<![\w.'’-])i(?![\w.'’@/-])"), "I"),
    (re.compile(r"(?<![\w.'’-])[Ii]m(?![\w.'’@/-])"), "I'm"),
    (re.compile(r"(?<![\w.'’-])[Ii]ve(?![\w.'’@/-])"), "I've"),
)
_PRONOUNS = frozenset("i i'm i've we we're we've my our he she they it this that you".split())
_LABEL = re.compile(
    r"^(?P<label>[A-Za-z][A-Za-z'’]*(?: [A-Za-z][A-Za-z'’]*){0,2})\s*:\s+(?P<value>\S.*)$"
)
_ARROW = re.compile(r"\s*(?:→|->|=>|⟶|➔|➜)\s*")
# -ed adjectives that describe the speaker rather than tell what they did
_STATES = frozenset(
    "based located interested allergic tired excited worried stuck obsessed".split()
)
# -ing words that are nouns, not something the speaker is doing ("Wedding in June!")
_ING_NOUNS = frozenset(
    """wedding meeting building morning evening thing nothing something anything everything
    ceiling feeling spring string ring king during sibling clothing parking warning
    painting lightning pudding""".split()
)
_LEADING_ADVERBS = ADVERBS | {"then", "finally", "officially", "basically"}


def lower_case_first_person(text: str) -> str:
    """ "i", "im", "ive" written in lower case (or "Im" at a sentence start) as "I", "I'm", "I've"."""
    for pattern, replacement in _LOWER_I:
        text = pattern.sub(replacement, text)
    return text


def _verbish(word: str) -> bool:
    low = word.lower()
    return (
        low in VERB_FORMS
        or low in IRREGULAR_PAST
        or _past(low)
        or (low.endswith("ing") and len(low) > 4 and low not in _ING_NOUNS)
    )


def _past(low: str) -> bool:
    return low in IRREGULAR_PAST or (
        len(low) > 4 and low.endswith("ed") and not low.endswith("eed") and low.isalpha()
    )


def labelled(text: str, names: tuple[str, ...] = ()) -> str:
    """ "Label: value." as "My label is value." (see the module doc); else ``text``."""
    match = _LABEL.match(text)
    if not match:
        return text
    label, value = match.group("label"), match.group("value")
    words = label.split()
    first_value = value.split()[0].strip(",.;!?").lower()
    if (
        any(w.lower() in _PRONOUNS or _verbish(w) for w in words)
        or label in names
        or first_value in _PRONOUNS
        or _verbish(first_value)
        or len(value.split()) > 12
    ):
        return text
    if _ARROW.search(value):
        return f"My {label.lower()} changed from {value}"
    plural = words[-1].endswith("s") and not words[-1].endswith(("ss", "us", "is"))
    return f"My {label.lower()} {'are' if plural else 'is'} {value}"


def arrows(text: str) -> str:
    """ "A → B" read as a change from A: "from" (and "changed" when no verb comes before)
    is put in front of A, and "A → B" itself is kept as written."""
    parts = _ARROW.split(text)
    if len(parts) != 2 or not parts[0].strip() or not parts[1].strip():
        return text
    words = parts[0].split()
    verb_at = max((i for i, w in enumerate(words) if _verbish(w.strip(",;"))), default=-1)
    thing = words[verb_at + 1 :]
    if not thing or len(thing) > 3 or any(w.endswith((",", ";")) for w in words):
        return text  # "We moved -> ...", or an arrow inside a longer sentence
    head = " ".join(words[: verb_at + 1])
    body = text.strip()
    rest = body[len(head) :].lstrip() if head and body.startswith(head) else body
    return f"{head or 'Changed'} from {rest}"


def subjectless(text: str) -> str:
    """A statement opening with a past verb or a present participle given its subject,
    the speaker ("I"); else ``text``."""
    words = text.split()
    at = 0
    while at < len(words) - 1 and words[at].lower().strip(",") in _LEADING_ADVERBS:
        at += 1
    if at >= len(words) - 1:
        return text
    word = words[at].strip(",;:!?.")
    low = word.lower()
    nxt = words[at + 1]
    if not word.isalpha():
        return text
    if low in _STATES:
        return f"I'm {_lower_first(text)}"
    if _past(low):
        if any(_past(w.lower().strip(",.")) for w in words[at + 1 : at + 4]):
            return text  # "Hundred people came", "United Airlines cancelled": a subject
        return f"I {_lower_first(text)}"
    if (
        low.endswith("ing")
        and len(low) > 4
        and low not in _ING_NOUNS
        and len(words) <= 8
        and not any(_verbish(w.strip(",.!?")) for w in words[at + 1 :])
        and nxt.lower().strip(",.!?") not in ("is", "was", "are", "were")
    ):
        return f"I'm {_lower_first(text)}"
    return text


def _lower_first(text: str) -> str:
    first = text.split(" ", 1)[0]
    if first[:1].isupper() and first[1:].islower() and first.lower() not in ("i", "i'm"):
        return text[:1].lower() + text[1:]
    return text


def plain_statement(text: str, names: tuple[str, ...] = ()) -> str:
    """Every shape above made plain, in order: case, label, arrow, subject."""
    return subjectless(arrows(labelled(lower_case_first_person(text), names)))
