"""Text plumbing for the rules extractor: untrusted blocks, sentences, clauses,
and what to throw away (greetings, filler, questions, failed attempts, logs)."""

from __future__ import annotations

import re
from collections.abc import Iterable

from remem.textsplit import split_sentences

UNTRUSTED_OPEN = "[UNTRUSTED DATA]"
UNTRUSTED_CLOSE = "[/UNTRUSTED DATA]"

_CLAUSE = re.compile(
    r"(?:,\s*|\s+)(?:and|but|so|plus)\s+(?=(?:I|I'm|I've|I'll|I'd|we|we're|we've|we'll)\s+\w"
    # "..., and my car is ..." starts a clause too; "I love my wife and my kids" does not
    r"|(?:my|our)\s+[\w'’ -]{1,40}?\s+(?:is|are|was|were|has|have|had|needs?|expires?|"
    r"starts?|ends?|broke|died|got|will|won't|can't)\b)"
    r"|;\s+",
)
_LEADING = re.compile(
    r"^(?:(?:oh|ohh|well|so|yeah|yea|yes|yep|wow|whoa|haha+|hah|lol|hey|hi|hello|ah+|aw+|omg|"
    r"btw|by the way|actually|anyway|anyways|honestly|and|but|also|ok|okay|um+|uh+|hmm+|gosh|"
    r"man|dude|thanks|thank you|yay|ugh|totally|definitely|absolutely|true|sure|cool|great|"
    r"nice|awesome|amazing|exactly|indeed|of course|no way|aww+|"
    # announcement lead-ins: "Big news:", "Quick update -", "Guess what!"
    r"(?:big|good|great|exciting|some|quick|small)\s+(?:news|update)(?=\s*[:!\-–—])|guess what)"
    r"\b[\s,!.\-–—:]*)+",
    re.IGNORECASE,
)
_GREETING = re.compile(
    r"^(?:hey|hi|hello|yo|good (?:morning|afternoon|evening|night)|thanks|thank you|thx|bye|"
    r"goodbye|see you|see ya|take care|talk (?:to you )?(?:soon|later)|cheers|congrats|"
    r"congratulations|welcome|you're welcome|no problem|np|good to (?:see|hear)|nice to|"
    r"glad to|happy to|sounds good|sounds great|sounds like|have a (?:good|great|nice)|"
    r"how (?:are|have|is|was) you|what's up|long time|keep (?:it )?up|catch you|bye for now)\b",
    re.IGNORECASE,
)
_FAILED = re.compile(
    r"\b(?:tried|attempted)\b.*\b(?:but|didn't|did not|doesn't|no luck|failed|still)\b|"
    r"\b(?:didn't|did not|doesn't|does not) (?:work|help|fix|change anything)\b|\bno luck\b|"
    r"\bstill (?:getting|failing|broken|the same)\b|\bthat (?:failed|broke it)\b",
    re.IGNORECASE,
)
_LOG_LINE = re.compile(
    r"^\s*(?:Traceback \(most recent|File \"|at [\w.$<>]+\(|[\w.]+(?:Error|Exception)\b:?|"
    r"\$ |>>> |\.\.\. |#\s|//|\[\d{2}:\d{2}|\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}|"
    r"(?:DEBUG|INFO|WARN|WARNING|ERROR|FATAL|TRACE)\b|[-+]{3} |@@ |\s{4,}\S)",
)
_IMPERATIVE = re.compile(
    r"^(?:let me know|let's|lets|keep (?:it up|going|at it|up the|that|your|on|pushing)|"
    r"hang in there|don't (?:quit|give up|stop)|way to go|later|appreciate (?:it|that)|"
    r"don't worry|stay (?:safe|strong|positive)|good luck|have fun|enjoy|take care|"
    r"tell me|check (?:it|this) out|look at (?:this|that)|can't wait|keep me posted|"
    r"you got this|you've got this|go for it|(?:great|good|nice|glad|happy) to (?:hear|see|know)|to (?:hear|see) (?:from|that|you)|"
    r"hope (?:you|that|all|it|everything|things)|sending (?:hugs|love))\b",
    re.IGNORECASE,
)
_FILLER_WORDS = set(
    "wow cool awesome great nice amazing glad happy thanks thank lol haha yeah yep sure ok okay "
    "totally definitely absolutely sounds sound good love fun hope hey hi hello bye cheers "
    "congrats congratulations sorry aww omg oh ah true right agreed exciting interesting "
    "beautiful fantastic wonderful incredible super inspiring proud that's thats it's its "
    "that it this is was so really very much too what a an the i you me we us my your so "
    "such just yes no same here there again well indeed exactly absolutely lovely sweet "
    "wonderful kind of pretty all those these are were be been being to for with and but "
    "or awesome cute brilliant perfect".split()
)
_CODE_FENCE = re.compile(r"```.*?(?:```|\Z)", re.DOTALL)


def split_untrusted(text: str, *, untrusted: bool = False) -> list[tuple[str, bool]]:
    """``text`` cut into ``(segment, untrusted)`` parts at ``[UNTRUSTED DATA]`` markers.

    The untrusted region runs from the first open marker to the last close marker:
    the content inside a block may itself hold a close marker and "trusted" text
    after it, so nothing between two markers is ever taken as trusted. An unclosed
    block runs to the end: unknown content is never trusted by default.
    """
    if untrusted:
        return [(text.replace(UNTRUSTED_OPEN, " ").replace(UNTRUSTED_CLOSE, " "), True)]
    start = text.find(UNTRUSTED_OPEN)
    if start < 0:
        return [(text, False)] if text.strip() else []
    end = text.rfind(UNTRUSTED_CLOSE)
    before = text[:start]
    if end < start:
        inside, after = text[start + len(UNTRUSTED_OPEN) :], ""
    else:
        inside, after = text[start + len(UNTRUSTED_OPEN) : end], text[end + len(UNTRUSTED_CLOSE) :]
    inside = inside.replace(UNTRUSTED_OPEN, " ").replace(UNTRUSTED_CLOSE, " ")
    parts = [(before, False), (inside, True), (after, False)]
    return [(segment, flag) for segment, flag in parts if segment.strip()]


def untrusted_region(text: str) -> str:
    """The text of ``text``'s ``[UNTRUSTED DATA]`` region ("" when it has none)."""
    return " ".join(segment for segment, inside in split_untrusted(text) if inside)


def is_noise_line(line: str) -> bool:
    """Whether a line is debugging output, a stack trace, code or a log record."""
    stripped = line.strip()
    if not stripped:
        return True
    if _LOG_LINE.match(line):
        return True
    symbols = sum(1 for c in stripped if not (c.isalnum() or c.isspace() or c in ".,'’!?-:;\"()"))
    return len(stripped) > 8 and symbols / len(stripped) > 0.15


def sentences(text: str) -> list[str]:
    """Sentences of ``text`` without code blocks and log lines (:mod:`remem.textsplit`)."""
    text = _CODE_FENCE.sub("\n", text)
    lines = [line for line in text.splitlines() if not is_noise_line(line)]
    found = (" ".join(chunk.split()) for chunk in split_sentences("\n".join(lines)))
    return [chunk for chunk in found if chunk]


def clauses(sentence: str) -> list[str]:
    """A sentence cut where a new clause about the speaker starts ("..., and I ...")."""
    parts = [p.strip(" ,;") for p in _CLAUSE.split(sentence)]
    parts = [p for p in parts if p]
    if len(parts) > 1 and parts[-1][-1:] not in ".!?" and sentence[-1:] in ".!?":
        parts[-1] += sentence[-1]
    return [p if p[-1:] in ".!?" else p + "." for p in parts]


def strip_lead(sentence: str, names: Iterable[str] = ()) -> str:
    """Drop leading interjections ("Oh wow,") and vocatives ("Mel!", ", Caroline!")."""
    out = sentence
    for _ in range(3):
        before = out
        out = _LEADING.sub("", out).lstrip(" ,!.-")
        for name in names:
            if not name:
                continue
            out = re.sub(rf"^{re.escape(name)}\w*\s*[,!.:]\s*", "", out)
            out = re.sub(rf",\s*{re.escape(name)}\w*\s*(?=[.!?]?$)", "", out)
        if out == before:
            break
    return capitalise(out)


def capitalise(text: str) -> str:
    """``text`` with its first word capitalised when that is a plain lower-case word;
    a token such as "v2.1.0", "iOS" or "eBay" stays as written."""
    first = re.match(r"\S*", text)
    word = first.group(0).rstrip(".,!?;:") if first else ""
    word = re.sub(r"'s?$", "", word)  # "alex's sister ..." is capitalised as "alex" is
    if word.isalpha() and word.islower():
        return text[:1].upper() + text[1:]
    return text


def is_question(sentence: str) -> bool:
    """Whether the sentence asks rather than states."""
    return sentence.rstrip().endswith("?")


def is_greeting(sentence: str) -> bool:
    """Greetings, thanks, farewells and other pleasantries."""
    return _GREETING.match(sentence.strip()) is not None


def is_filler(sentence: str) -> bool:
    """Small talk with nothing to remember: only chatter words, or a chat imperative."""
    if _IMPERATIVE.match(sentence):
        return True
    tokens = [t.lower() for t in re.findall(r"[A-Za-z']+", sentence)]
    meaningful = [t for t in tokens if t not in _FILLER_WORDS and not t[:1].isdigit()]
    return len(meaningful) == 0


def is_failed_attempt(sentence: str) -> bool:
    """A report of something tried that did not work (not worth remembering as a fact)."""
    return _FAILED.search(sentence) is not None
