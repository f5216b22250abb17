"""A correction by example: "No. Like this:" and the code that is right.

A user who finds the assistant's last edit wrong often shows what it should have
been rather than saying what was wrong: "No. Like this:", then a fenced block of
code. Read by mood alone the sentence only introduces a paste (chatter) and the
block is the session's material, so the prompt teaches nothing and the example —
the one thing the next session needs — is dropped.

:func:`by_example` reads the structure: after an assistant turn, a short sentence
that points forward to the block by manner ("like this", "like so", "this way", "as
follows"; a refusal or an interjection before it: "No. Like this:") and is followed
by a fenced block is a correction of that turn (cue :data:`CUE`), and the block is
its example (the same cue on the pasted part), which the lesson keeps
(:func:`example_text`, clipped). A manner phrase inside a longer sentence ("now add
the endpoint, like this:") asks for new work and is left as it was; a paste that is
not fenced (a log, a diagnostic) is never an example.
"""

from __future__ import annotations

import re

from remem.write.act_sentence import Act, Sentence
from remem.write.act_words import strip_lead, tokens
from remem.write.acts import Utterance

__all__ = ["CUE", "EXAMPLE_CHARS", "by_example", "example_text"]

CUE = "example"
EXAMPLE_CHARS = 240  # what a lesson keeps of the example's code
_MANNER = re.compile(r"\b(?:like\s+(?:this|so)|this\s+way|as\s+follows)\b", re.IGNORECASE)
_INTRO_WORDS = 6  # the introducing sentence, leading "no"/"ok" aside, at most this long
_FENCE = re.compile(r"^\s*(?:```|~~~)[\w#+.-]*\s*$")


def _introduces(sentence: Sentence, after: Sentence | None) -> bool:
    if after is None or "pasted" not in after.cues or not after.text.lstrip().startswith("```"):
        return False
    if "introduces-paste" not in sentence.cues or not _MANNER.search(sentence.text):
        return False
    words, _ = strip_lead(tokens(sentence.text))
    return 0 < len(words) <= _INTRO_WORDS


def by_example(said: Utterance, *, previous: str | None) -> Utterance:
    """``said`` with a sentence that shows by example how the turn before should have
    been (see the module doc) read as a correction, and its block marked as the
    example; unchanged without a turn before or such a sentence."""
    if not (previous or "").strip():
        return said
    sentences = list(said.sentences)
    found = False
    for n, s in enumerate(sentences[:-1]):
        if _introduces(s, sentences[n + 1]):
            sentences[n] = Sentence(s.text, Act.CORRECTION, (*s.cues, CUE))
            after = sentences[n + 1]
            sentences[n + 1] = Sentence(after.text, after.act, (*after.cues, CUE))
            found = True
    if not found:
        return said
    return Utterance(text=said.text, sentences=tuple(sentences))


def example_text(block: str, *, limit: int = EXAMPLE_CHARS) -> str:
    """A fenced example as one line of code for a lesson: its lines without the fences,
    spaces collapsed, clipped at ``limit``."""
    lines = [line for line in block.splitlines() if not _FENCE.match(line)]
    code = " ".join(" ".join(lines).split())
    return f"`{code}`" if len(code) <= limit else f"`{code[: limit - 1]}…`"
