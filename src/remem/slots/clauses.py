"""The clauses of one fact, each a statement the update check can compare.

People give a reason and then the new value in one sentence ("Since the lease
ended, we moved to Leeds", "The route got cut, so I'm catching the 6:50 train
now", "Mateo has soccer after school now, so he does homework after dinner").
Compared whole, such a sentence has the reason's subject and words; compared
clause by clause, one clause holds the update. Cut points, read from the
sentence's form:

- a leading subordinate clause ("Because …,", "Since …,", "After …,", "As …,",
  "Once …,", "Following …,"): up to its comma, or without a comma up to where
  the speaker is named again ("Since the baby came Kai has dropped to …");
- a coordinator before a new clause: ", so", " so ", ", but", ", and", "; ",
  and a comma or colon before a new subject and verb ("…now, Saturdays are for …",
  "Process changed: we deploy the app first");
- a trailing reason (" because …", " since …");
- a verb phrase joined by "and" keeps the subject ("Rob sold the car and is
  car-free now" -> "Rob is car-free now").

A later clause whose subject is "he", "she" or "they" takes the person the
first clause is about ("Mateo has soccer …, so he does homework …" -> "Mateo
does homework …"). Pure functions.
"""

from __future__ import annotations

import re

from remem.slots.tokens import Token, is_verb, tokenize

_LEAD = re.compile(
    r"^(?:because|since|as|after|once|following|when|now that|given that|due to|thanks to|"
    r"ever since|with)\b",
    re.IGNORECASE,
)
_CUT = re.compile(
    r"\s*(?:,\s*(?:and\s+)?so\b|\bso\b(?=\s+(?:now\s+|then\s+)?(?:(?-i:[A-Z])|(?:i|we|he|she|they|"
    r"my|our|his|her|their|the)\b))|,\s*but\b|\bbut\b|;|"
    r",\s*which\b.*?(?=,|$)|\s+(?:because|since)\b(?=\s+[a-z]))\s*",
    re.IGNORECASE,
)
_PRONOUN = re.compile(r"^(?:(?:now|then|also)\s+)?(?:he|she|they)\b", re.IGNORECASE)
_NOT_NAMED = frozenset("he she they it this that these those his her their the a an".split())
_AUX_AFTER_AND = re.compile(r"\s+and\s+(?=(?:is|are|was|were|has|have|had|now|also)\b)")


def clauses(text: str, speaker_words: frozenset[str]) -> list[str]:
    """The clauses of ``text`` (one sentence) as statements, in order; ``text`` itself
    when it has only one."""
    body = text.strip().rstrip(".!?").strip()
    parts: list[str] = []
    lead = _LEAD.match(body)
    if lead:
        comma = body.find(",", lead.end())
        if comma > 0:
            parts.append(body[:comma])
            body = body[comma + 1 :].strip()
        else:
            cut = _speaker_again(body, speaker_words, lead.end())
            if cut is not None:
                parts.append(body[:cut].strip())
                body = body[cut:]
    for piece in _CUT.split(body):
        piece = piece.strip(" ,")
        if piece:
            parts.extend(_comma_clauses(piece))
    parts = _and_clauses(parts)
    if len(parts) <= 1:
        return [text]
    return _resolve_pronouns([p for p in parts if p])


def _speaker_again(body: str, speaker_words: frozenset[str], after: int) -> int | None:
    """Where the speaker is named again after a subordinate clause with no comma."""
    for match in re.finditer(r"[A-Za-z][\w'-]*", body):
        if match.start() > after + 3 and match.group(0).lower() in speaker_words:
            return match.start()
    return None


def _comma_clauses(piece: str) -> list[str]:
    """``piece`` cut at commas, and colons before a space, that open a clause of their
    own (a subject and a verb within four words): "Process changed: we deploy first"."""
    out: list[str] = []
    start = 0
    for comma in [m.start() for m in re.finditer(r",|:(?=\s)", piece)]:
        rest = piece[comma + 1 :].strip()
        if _opens_clause(tokenize(rest)):
            out.append(piece[start:comma].strip())
            start = comma + 1
    out.append(piece[start:].strip())
    return [p for p in out if p]


def _opens_clause(tokens: tuple[Token, ...]) -> bool:
    if not tokens or not tokens[0].text[:1].isalpha():
        return False
    return any(is_verb(tokens, j) for j in range(1, min(len(tokens), 5)))


def _and_clauses(parts: list[str]) -> list[str]:
    """A verb phrase joined by "and" as a clause with the same subject."""
    out: list[str] = []
    for part in parts:
        bits = _AUX_AFTER_AND.split(part, maxsplit=1)
        if len(bits) == 2:
            subject = _subject_text(bits[0])
            if subject:
                out += [bits[0], f"{subject} {bits[1]}"]
                continue
        out.append(part)
    return out


def _subject_text(clause: str) -> str | None:
    """The words of ``clause`` before its main verb."""
    tokens = tokenize(clause)
    for j in range(1, len(tokens)):
        if is_verb(tokens, j):
            words = clause.split()
            return " ".join(words[:j]) if 0 < j <= len(words) else None
    return None


def _resolve_pronouns(parts: list[str]) -> list[str]:
    """A later clause's "he"/"she"/"they" subject as the first clause's named subject."""
    first = _subject_text(parts[0])
    named = first is not None and first[:1].isupper() and first.split()[0].lower() not in _NOT_NAMED
    out = [parts[0]]
    for part in parts[1:]:
        if named and first and _PRONOUN.match(part):
            part = re.sub(r"\b(?:he|she|they)\b", first, part, count=1, flags=re.IGNORECASE)
        out.append(part)
    return out
