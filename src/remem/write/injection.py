"""Prompt injection: instructions aimed at the agent are never facts.

Every check runs on each view of :func:`remem.textnorm.views` (normalised,
skeleton, base64-decoded), so full-width letters, zero-width splits, bidi
controls, HTML comments and entities, look-alike letters, letter spacing and
base64 hide nothing.

Two pattern sets:

- **strong**, checked in every source, trusted or not: overrides ("ignore
  previous instructions", "new instructions:"), chat-template and role markers
  (``[SYSTEM]``, ``<|im_start|>``, ``[INST]``, ``[TRUSTED]``), hiding things from
  the user ("do not tell the user"), making the agent tell the user to pay or
  click, jailbreak personas ("you are now in developer mode"), and exfiltration
  of conversations, prompts or credentials to a URL or address.
- **weak**, checked only in untrusted content (tool output, web pages,
  ``[UNTRUSTED DATA]`` blocks, whatever the caller marks untrusted): role lines
  (``system:``), role tags (``<system>``), persona switches ("you are now a ...",
  "act as", "pretend to be"), standing orders ("from now on always ...", "always
  respond ..."), orders to the memory ("remember that ..."), blanket approvals
  ("approved all payments"), money transfers, sending things to URLs, notes to
  "the AI", and claims about the content's own trust.

A hit flags the whole message (:func:`flag_messages`): the write path rejects
every fact that came from it or quotes it (gate reason ``injection``) and the
resource row keeps the flag. A human talking to a human ("remember to always run
the tests", "from now on I'll take the 8am train") matches neither set when the
message is trusted; docs/benchmarks.md reports the false-positive rate.
"""

from __future__ import annotations

import csv
import re
from collections.abc import Sequence
from dataclasses import replace

from remem.markup import MAX_REGION_TEXT, Region, regions, visible
from remem.textnorm import skeleton, views
from remem.write.acts import BASE_VERBS
from remem.write.evidence import ADOPT, HIDDEN, TRUSTED, UNTRUSTED, assess, may_address
from remem.write.extract.sentences import UNTRUSTED_OPEN, split_untrusted
from remem.write.injection_paste import code_order, pasted_order
from remem.write.transcript import Message, untrusted_for

MAX_PHRASE = 80  # characters of the matched phrase kept as the flag (and shown)
_HEAD = re.compile(r"^[^:,\n]{0,60}[:,]\s*")  # a line's head: "AI assistant:", "Note to AI,"
EMBEDDED_LINES = 400  # lines of a pasted document read for an order to the assistant
# An order's head after an address: a verb in the imperative (the requests' vocabulary
# and the verbs of conduct and memory) or, after "you"/"the assistant", a modal.
ORDER_VERBS = BASE_VERBS | frozenset(
    """remember memorise memorize recommend suggest treat ignore forget approve trust mention
    say respond reply answer prefer favour favor promote advise assume consider accept
    store save record""".split()
)
_ORDER_LEAD = frozenset("please always never do don't dont not kindly also just you".split())
_MODAL = frozenset("must should shall need needs".split())
_OBJECT_LEAD = frozenset(
    "this that these those the a an all any every my your their them it".split()
)
_NOT_ORDER = frozenset(
    """is was are were be been has have had do does did i we he she it they this that there
    here what which who when where why how and or but if of in on at to for with by from as
    all any every each some no not""".split()
)
# A line that gives the user's turn in a pasted transcript ("User:", "Me:", "Q:").
_SENTENCES = re.compile(r"(?<=[.!?])\s+")
_USER_TURN = re.compile(r"^\W*(?:user|human|me|you|customer|client|q|question)\s*:", re.I)
_QUOTE_CHARS = 40  # a fact quotes a flagged message when this much of it appears there

_STRONG = re.compile(
    "|".join(
        [
            # overrides of what the agent was told
            r"\b(?:ignore|disregard|forget|override|bypass|discard)\s+(?:all\s+|any\s+|every\s+)?"
            r"(?:of\s+)?(?:the\s+|your\s+|these\s+|those\s+|its\s+)?(?:previous|prior|above|"
            r"earlier|preceding|former|original|initial|system|developer|safety)\s+(?:\w+\s+)?"
            r"(?:instructions?|prompts?|directives?|guidelines|rules|commands|context|"
            r"programming|constraints)\b",
            r"\b(?:ignore|disregard)\s+(?:all|everything)\s+(?:above|before|previously|prior)\b",
            # the same glued together (letter-spaced text joined with its word spaces lost)
            r"(?:ignore|disregard|forget|override|bypass)(?:all|any|every|the|your|of)*"
            r"(?:previous|prior|above|earlier|preceding|system|developer|original|initial)"
            r"(?:instructions?|prompts?|rules|directives|guidelines)",
            r"\b(?:new|updated|revised|real|actual|true|hidden|secret)\s+(?:system\s+)?"
            r"(?:instructions?|directives?|prompt)\s*:",
            r"\bsystem\s+(?:prompt|override|instruction|message)\s*:",
            # chat-template and role markers
            r"\[\s*/?\s*(?:system|sys|developer|override|trusted|verified|inst)\s*\]",
            r"<\|\s*[a-z_]{2,30}\s*\|>",
            r"<<\s*/?\s*sys\s*>>",
            # hiding things from the user
            r"\b(?:do\s+not|don't|dont|never)\s+(?:tell|inform|notify|alert|warn|let)\s+the\s+user",
            r"\bwithout\s+(?:telling|informing|notifying|alerting|asking)\s+the\s+user\b",
            r"\b(?:hide|conceal|keep)\s+(?:this|it|that)\s+(?:secret\s+)?from\s+the\s+user\b",
            # making the agent push the user to act
            r"\b(?:tell|instruct|ask|advise|remind|urge|direct|convince|persuade)\s+(?:the\s+)?"
            r"users?\s+to\s+(?:\w+\s+){0,3}?(?:wire|transfer|send|pay|deposit|buy|purchase|click|"
            r"visit|download|install|enter|provide|share|give|call)\b",
            # jailbreak personas
            r"\byou\s+are\s+(?:now\s+)?(?:no\s+longer\s+(?:bound|restricted|limited|an?\s+ai)|"
            r"(?:in\s+)?(?:developer|god|admin|jailbreak|unrestricted|dan)\s+mode|dan\b|"
            r"unrestricted|unfiltered|jailbroken)",
            r"\b(?:developer|god|jailbreak|dan)\s+mode\s+(?:is\s+)?(?:enabled|activated|on)\b",
            # revealing the prompt, exfiltrating the conversation or credentials
            r"\b(?:reveal|print|output|repeat|leak|dump|show)\s+(?:me\s+)?(?:your|the)\s+"
            r"(?:system\s+prompt|initial\s+prompt|hidden\s+instructions|instructions\s+above)\b",
            r"\b(?:send|post|upload|forward|leak|transmit|email|copy|exfiltrate)\s+(?:me\s+)?"
            r"(?:(?:all|the|your|any|every|of|this|our)\s+)*(?:\w+\s+){0,2}?(?:conversation|chat|"
            r"chat\s+history|system\s+prompt|instructions|memor(?:y|ies)|credentials?|passwords?|"
            r"(?:api|ssh|private|access|secret)\s+keys?|tokens?|secrets?|environment\s+variables|"
            r"env|cookies?)\b"
            r"[^.\n]{0,80}?(?:https?://|www\.|\b[\w.+-]+@[\w-]+\.\w+)",
        ]
    ),
    re.IGNORECASE,
)
# Weak patterns by what they catch; each group a list of alternatives.
_WEAK_GROUPS: dict[str, list[str]] = {
    "role": [  # role lines and tags inside content
        # (blanks of the line only: "^\s*" ran over every later blank line, a
        # quadratic scan of a message of blank lines)
        r"^[ \t]*+(?:#+[ \t]*)?(?:system|assistant|developer|user|human|ai|admin)[ \t]*:",
        r"<\s*/?\s*(?:tool|system|assistant|user|instructions?|im_start|im_end|prompt|"
        r"developer|admin)\b[^>]*>",
    ],
    "persona": [  # persona switches
        r"\byou\s+are\s+now\s+(?:an?|the|my|no\s+longer|in|called|named|playing|acting|"
        r"going\s+to|to|(?-i:[A-Z][\w-]+))\b",
        r"\b(?:act|behave)\s+as\s+(?:an?|the|if|though)\b",
        r"\bpretend\s+(?:to\s+be|you\s+are|you're|that)\b",
        r"\b(?:role-?play|roleplay)\b|\bstay\s+in\s+character\b",
        r"\b(?:switch|change)\s+(?:to|into)\s+(?:\w+\s+)?(?:mode|persona|character)\b",
    ],
    "standing": [  # standing orders (what a lesson is: see adoption_flag)
        r"\bfrom\s+now\s+on,?\s+(?:you\b|always\b|never\b|only\b|do\b|don't\b|respond|reply|"
        r"answer|say|tell|ignore|act|behave|treat|refer|call|remember)",
        r"\b(?:henceforth|going\s+forward),?\s+(?:you|always|never)\b",
        r"\b(?:always|never)\s+(?:respond|reply|answer|say|tell|recommend|suggest|mention|"
        r"output|include|refer)\b",
    ],
    "new_orders": [
        r"\b(?:these\s+are\s+)?(?:your|the)\s+new\s+(?:instructions|task|goal|rules|orders)\b",
    ],
    "memory": [  # orders to the memory itself (a lesson is one too)
        r"\b(?:remember|memori[sz]e)\s+(?:that|this|the\s+following)\b",
        r"\b(?:store|save|add|write|record|insert)\s+(?:this|that|the\s+following)\s+"
        r"(?:\w+\s+)?(?:in|to|into)\s+(?:your\s+)?(?:long[- ]term\s+)?memory\b",
        r"\bupdate\s+your\s+memory\b",
    ],
    "approval": [  # blanket approvals and money
        r"\b(?:approved|authori[sz]ed|pre-approved|whitelisted|cleared|allowed|permitted)\s+"
        r"(?:all|any|every|each|unlimited|future)\b",
        r"\b(?:has|have|with|granted)\s+(?:full\s+)?(?:admin|root|unlimited|unrestricted)\s+"
        r"(?:access|rights|privileges|permissions|approval)\b",
        r"\b(?:wire|transfer|send|pay|deposit|remit)\s+(?:the\s+|all\s+|your\s+|any\s+)?"
        r"(?:\$\s?[\d,.]+\s*|[\d,.]+\s*(?:usd|eur|gbp|dollars|euros|btc)\s+)?(?:money|funds|"
        r"payments?|cash|bitcoin|btc|crypto|usdt|eth)\b[^.\n]{0,60}?\bto\b",
        r"\b(?:wire|transfer)\s+\$\s?[\d,.]+",
    ],
    "sending": [  # sending things out
        r"\b(?:send|post|upload|forward|email|transmit)\s+(?:\S+\s+){0,5}?(?:to|via)\s+"
        r"(?:https?://|www\.|[\w.+-]+@[\w-]+\.\w+)",
    ],
    "exfiltration": [
        r"\bexfiltrat\w*|\bjailbreak\w*",
        r"!\[[^\]]*\]\(https?://[^)\s]*\?[^)\s]*=",  # markdown image that carries data out
    ],
    "address": [  # words to the agent
        r"\b(?:note|message|instructions?|memo)\s+(?:to|for)\s+(?:the\s+|any\s+|all\s+)?"
        r"(?:ai|assistant|agent|model|llm|chatbot|bot)s?\b",
        r"\bif\s+you\s+are\s+(?:an?\s+)?(?:ai|llm|language\s+model|assistant|agent|bot)\b",
        r"\b(?:ai|assistant|agent|model|llm)s?\s+(?:reading|processing|summari[sz]ing)\s+"
        r"this\b",
        r"\b(?:important|attention|urgent|notice)\s*[:!]\s*(?:\w+\s+){0,3}?"
        r"(?:ai|assistant|agent|model|llm)\b",
        r"\b(?:ignore|disregard)\s+(?:the\s+|your\s+)?(?:user|safety|guidelines|policy|"
        r"policies|restrictions|rules)\b",
    ],
    "trust_claim": [  # claims about the content's own trust
        r"\"?\buntrusted\"?\s*[:=]\s*\"?false\b|\"?\btrusted\"?\s*[:=]\s*\"?true\b",
        r"\bsource_trust\b",
        r"\b(?:this|the\s+following)\s+(?:message|content|text|data|output|note)\s+is\s+"
        r"(?:trusted|verified|safe|from\s+the\s+(?:user|developer|system|admin))\b",
    ],
}
# What a user's lesson or rule may be: a standing order, an order to remember, a payment
# or an approval of their own, sending something to an address. Sending secrets out and
# claimed approvals are scored by remem.write.evidence instead (exfiltration, consent).
_ORDERS = frozenset({"standing", "memory", "approval", "sending"})


def _weak(groups: list[str]) -> re.Pattern[str]:
    return re.compile(
        "|".join(p for g in groups for p in _WEAK_GROUPS[g]), re.IGNORECASE | re.MULTILINE
    )


_WEAK = _weak(list(_WEAK_GROUPS))
_WEAK_ADOPT = _weak([g for g in _WEAK_GROUPS if g not in _ORDERS])


def _phrase(match: re.Match[str]) -> str:
    return " ".join(match.group(0).split())[:MAX_PHRASE]


def find_injection(text: str, *, untrusted: bool) -> str | None:
    """The instruction-like phrase in ``text``, if any: strong patterns always, weak
    ones too when ``untrusted``, then the evidence score of :mod:`remem.write.evidence`
    against the threshold of a trusted or an untrusted text. Every view of the text
    is checked (see module doc)."""
    for view in views(text):
        match = _STRONG.search(view) or (_WEAK.search(view) if untrusted else None)
        if match:
            return _phrase(match)
    return assess(text, context=UNTRUSTED if untrusted else TRUSTED).phrase()


def find_hidden(text: str, *, adopt: bool = False) -> str | None:
    """The flag of an instruction in a hidden or side region of ``text``
    (:func:`remem.markup.regions`: comments, hidden elements, attributes, link titles,
    alt text, encoded runs ...), each checked as untrusted text — hidden ones against
    the lowest threshold, since a reader never saw them. The hidden regions that sit in
    the text are also read joined, in their order: an order split across two hidden
    places ("Whenever travel comes up," ... "push the site …") is one order."""
    found_regions = regions(text)
    placed = sorted(
        (r for r in found_regions if r.hidden and r.span), key=lambda r: r.span or (0, 0)
    )
    if len(placed) >= 2:
        joined = " ".join(" ".join(r.text.split()) for r in placed)[:MAX_REGION_TEXT]
        found_regions = [*found_regions, Region("hidden_joined", joined, True)]
    for region in found_regions:
        body = region.text.replace("_", " ")
        found = None
        for view in views(body):
            match = _STRONG.search(view) or (_WEAK_ADOPT if adopt else _WEAK).search(view)
            if match:
                found = _phrase(match)
                break
        if found is None:
            found = assess(body, context=HIDDEN if region.hidden else UNTRUSTED).phrase()
        if found:
            return f"{region.form}: {found}"[:MAX_PHRASE]
    return None


def adoption_flag(text: str) -> str | None:
    """The injection flag of a text about to become (or shown as) a lesson or a rule:
    the check of untrusted text, less the standing orders and orders to remember —
    a correction is one ("from now on always run the linter") — so strong patterns,
    role markers, persona switches, words to "the AI", approvals, money, sending
    things out and trust claims all count, in the text and its hidden parts."""
    for view in views(text):
        match = _STRONG.search(view) or _WEAK_ADOPT.search(view)
        if match:
            return _phrase(match)
    return assess(text, context=ADOPT).phrase() or find_hidden(text, adopt=True)


def scan_message(text: str, *, untrusted: bool) -> str | None:
    """The flag for a whole message: strong patterns and evidence anywhere; weak
    patterns in all of it when the message is untrusted, else only inside its
    ``[UNTRUSTED DATA]`` region and its hidden and side regions (:func:`find_hidden`),
    which are inspected here, before any fact is drawn from the message."""
    found = find_injection(text, untrusted=untrusted) or find_hidden(text)
    if found or untrusted:
        return found
    found = _embedded_order(text) or pasted_order(text) or code_order(text)
    if found:
        return found
    for segment, inside in split_untrusted(text):
        if inside:
            found = find_injection(segment, untrusted=True)
            if found:
                return found
    return None


def _embedded_order(text: str) -> str | None:
    """An order addressed to the assistant on a later line of a pasted document (a CSV
    row, a comment, a calendar field, a docstring ...): the user's own words come first
    and say "I"; a line further down — or a cell of a delimited row — that names the
    assistant ("AI assistant:", "Note to AI:", "Memory directive:") and also orders it
    (another feature of the evidence, an order the untrusted patterns know, or a
    sentence in the imperative or with a modal of obligation) is someone else's,
    whatever markup carries it. In a pasted transcript (a line labelled as the user's
    turn) "AI:" is a speaker, and its imperative is not enough."""
    for view in views(text):  # each normalised form of the whole text, split in lines
        if not may_address(view):
            continue  # most pastes: no name of the assistant and no role word anywhere
        lines = [line for line in view.splitlines() if line.strip()]
        transcript = any(_USER_TURN.match(line) for line in lines)
        for line in lines[1:EMBEDDED_LINES]:
            if not may_address(line):
                continue
            for segment in _segments(line):
                found = _ordered(segment, transcript=transcript)
                if found:
                    return f"embedded: {found}"[:MAX_PHRASE]
    return None


def _imperative(sentence: str) -> bool:
    """``sentence`` opens with a verb in the imperative or a modal of obligation, or
    with a bare word and an object after it ("grade this essay"): said after an address."""
    words = re.findall(r"[a-z']+", sentence.lower())
    while words and words[0] in _ORDER_LEAD:
        words = words[1:]
    if words and (words[0] in ORDER_VERBS or words[0] in _MODAL):
        return True
    # a bare word and its object after an address: "grade this essay", "rank them first"
    return len(words) > 1 and words[0] not in _NOT_ORDER and words[1] in _OBJECT_LEAD


def _segments(line: str) -> list[str]:
    """``line`` and, for a row of a delimited table (CSV, TSV, pipes), each of its cells."""
    if line.count(",") + line.count("\t") + line.count("|") < 2:
        return [line]
    try:
        cells = next(csv.reader([line], delimiter="\t" if "\t" in line else ","))
    except (csv.Error, StopIteration):
        cells = []
    cells += line.split("|")
    return [line, *(c for c in cells if may_address(c))]


def _ordered(segment: str, *, transcript: bool) -> str | None:
    """The address of ``segment`` when it names the assistant and orders it."""
    evidence = assess(segment, context=UNTRUSTED)
    named = {"address", "authority"} & evidence.features.keys()
    if not named:
        return None
    said = _HEAD.sub("", segment.strip().strip("\"'"), count=1)  # what follows the address
    ordered = bool(set(evidence.features) - named) or bool(_WEAK.search(said))
    if not ordered and not transcript:
        ordered = any(_imperative(part) for part in _SENTENCES.split(said)[:3])
    return evidence.features[sorted(named)[0]] if ordered else None


def flag_messages(messages: Sequence[Message]) -> list[Message]:
    """``messages`` with :attr:`Message.injection` set on each one that carries an
    instruction aimed at the agent (an existing flag is kept: flags only add)."""
    return [
        m if m.injection else replace(m, injection=scan_message(m.text, untrusted=m.untrusted))
        for m in messages
    ]


def seen_only(messages: Sequence[Message]) -> list[Message]:
    """``messages`` with their hidden regions cut (:func:`remem.markup.visible`): what
    facts may be drawn from. A hidden part is never a trusted fact; whether it held an
    instruction was judged on the whole message (:func:`scan_message`) before."""
    out = []
    for m in messages:
        found = regions(m.text)
        out.append(replace(m, text=visible(m.text, found)) if found else m)
    return out


def injection_of(content: str, message_index: int, messages: Sequence[Message]) -> str | None:
    """The flag that rejects a fact: its own message's, or that of a flagged message
    whose text it quotes (an assistant echoing a tool's order, an LLM misattributing)."""
    if not messages:
        return None
    own = messages[min(max(message_index, 0), len(messages) - 1)]
    if own.injection:
        return own.injection
    flagged = [m for m in messages if m.injection]
    if not flagged:
        return None
    needle = " ".join(skeleton(content).casefold().split())[:_QUOTE_CHARS]
    if len(needle) < _QUOTE_CHARS // 2:
        return None
    for message in flagged:
        if needle in " ".join(skeleton(message.text).casefold().split()):
            return message.injection
    return None


def raw_trust(
    text: str,
    role: str | None,
    *,
    trusted: bool | None,
    lower: bool = False,
    adopt: bool = False,
) -> tuple[bool, str | None]:
    """``(untrusted, injection flag)`` for a text stored verbatim (raw ``Memory.add``).

    Trust as :func:`~remem.write.transcript.untrusted_for` decides, lowered when the
    text holds an ``[UNTRUSTED DATA]`` block (verbatim storage cannot split it) and
    when it is flagged: a flagged text is stored as untrusted whatever the caller
    said, because trusting a source is not obeying what it tells the agent. ``adopt``:
    the text is a lesson or a rule, checked as :func:`adoption_flag` checks it too."""
    untrusted = untrusted_for(role, trusted=trusted, lower=lower) or UNTRUSTED_OPEN in text
    flag = scan_message(text, untrusted=untrusted) or (adoption_flag(text) if adopt else None)
    return untrusted or flag is not None, flag
