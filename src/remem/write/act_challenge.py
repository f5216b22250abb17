"""A correction asked as a question: the turn before, challenged.

A user who finds the last turn wrong often says so as a question rather than an
order: "isn't that the old way of doing forms?", "didn't we want everything in
utc?", "why did you use npm?", "could we maybe not leave the debug print in?",
"naive again?", "no, raw sql with the user's text??". Read by mood alone these are
questions, and a question is never a lesson (its answer is what is asked for).

:func:`challenge` reads a question's structure for the shapes that object to what
was just done, never for topics:

- **negative**: an auxiliary with "n't" at its head, then a subject ("isn't that …",
  "didn't I ask …", "shouldn't that be …", "doesn't the team use …");
- **why-you**: "why" asking after the assistant's own doing ("why did you …", "why
  are you …", "why is there …");
- **not-suggested**: a suggestion frame around a negated verb ("could we maybe not
  add …", "can you please not edit …"): said plainly, a prohibition;
- **again**: a question that says the thing came back ("naive again?"; not a
  wh-question: "what's the port again?" asks to be told);
- **no-lead**: a question opened by a refusal ("hmm no, X with Y??");
- **judged**: a statement that names the turn and judges it ("that's the old way",
  "this is sql injection"; "that's not how …" structure reads already).

A shape alone does not make a correction ("didn't the tests pass?" asks): the prompt
must follow an assistant turn and the lesson model
(:mod:`remem.write.act_lesson`) must score the whole prompt at least
``act_challenge_lesson_min`` (Config; chosen on leave-one-project-out scores of the
spent sets, docs/benchmarks.md). :func:`as_correction` then reads the challenging
questions and the statements beside them as a correction of that turn (cue
:data:`CUE`), so the lesson carries what the turn did; requests stay requests.
"""

from __future__ import annotations

import re

from remem.write.act_sentence import Act, Sentence
from remem.write.act_words import DEICTIC, NO, WH, strip_lead, tokens
from remem.write.acts import Utterance

__all__ = ["CUE", "as_correction", "challenge", "challenged"]

CUE = "challenge"
_NEGATIVE_AUX = frozenset(
    """isn't aren't wasn't weren't doesn't don't didn't shouldn't wouldn't couldn't can't
    won't haven't hasn't isnt arent wasnt werent doesnt dont didnt shouldnt wouldnt
    couldnt cant wont havent hasnt""".split()
)
# who or what a negative question is about: the turn's doing, or what was agreed
_SUBJECT = frozenset("that this it these those we i you u the there they our your".split())
_DRAWN_OUT = re.compile(r"([a-z])\1{2,}")
_JUDGED = frozenset({"that's", "thats", "this's"})
_WHY = frozenset({"why", "why'd", "whyd"})
_ADDRESSEE = frozenset({"you", "u", "there", "we"})
# "could we maybe not add", "can you please not edit": a negated verb after a
# suggestion frame ("can"/"will" only with a softener: "can you not find it?" asks)
_SOFT = r"(?:maybe|perhaps|please|pls|just|possibly|kindly)\s+"
_NOT_SUGGESTED = re.compile(
    rf"\b(?:(?:could|would)\s+(?:we|you|u)\s+(?:{_SOFT})*"
    rf"|(?:can|will)\s+(?:we|you|u)\s+(?:{_SOFT})+)not\s+[a-z]",
    re.IGNORECASE,
)


def challenge(sentence: Sentence) -> str | None:
    """The shape in which ``sentence`` objects to what was just done (see the module
    doc), or None."""
    text = sentence.text.rstrip()
    # a drawn-out word is the word ("noooo wait, didn't I …": a refusal, then the ask)
    words, lead = strip_lead([_DRAWN_OUT.sub(r"\1", w) for w in tokens(text)])
    if not words:
        return None
    if sentence.act is Act.STATEMENT:
        # "that's the old way", "this is sql injection": the turn named and judged
        deictic = words[0] in _JUDGED or (words[0] in DEICTIC and words[1:2] == ["is"])
        return "judged" if deictic and len(words) > 2 else None
    if sentence.act is not Act.QUESTION and not text.endswith("?"):
        return None
    # (not a tag: "…, shouldn't they?")
    if len(words) > 2 and words[0] in _NEGATIVE_AUX and words[1] in _SUBJECT:
        return "negative"
    if words[0] in _WHY and any(w in _ADDRESSEE for w in words[1:3]):
        return "why-you"
    if _NOT_SUGGESTED.search(text):
        return "not-suggested"
    if "again" in words and words[0] not in WH:  # "what's the port again?" asks to be told
        return "again"
    if "no" in lead or (words[0] in NO and len(words) > 1):
        return "no-lead"
    return None


def challenged(said: Utterance, *, previous: str | None) -> bool:
    """Whether ``said`` follows an assistant turn, corrects nothing yet, and has a
    sentence shaped as an objection to that turn (:func:`challenge`)."""
    if not (previous or "").strip() or said.has(Act.CORRECTION):
        return False
    return any(challenge(s) is not None for s in said.sentences)


def as_correction(said: Utterance) -> Utterance:
    """``said`` with its challenging questions, its statements and its rules read as a
    correction of the turn before (cue :data:`CUE`); requests and other questions stay
    what they are."""
    sentences = []
    for s in said.sentences:
        if challenge(s) is not None or s.act in (Act.STATEMENT, Act.RULE):
            sentences.append(Sentence(s.text, Act.CORRECTION, (*s.cues, CUE)))
        else:
            sentences.append(s)
    return Utterance(text=said.text, sentences=tuple(sentences))
