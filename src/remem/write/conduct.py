"""Conduct: whether a text tells the assistant how to behave as an assistant.

A lesson or a rule is an instruction. Most are about the work — "run the linter
before committing", "never push to main directly", "use pnpm, not npm" — and an
agent may learn those from its own episodes. Some are about the assistant's own
conduct: what it says to the user and how (language, tone, what it mentions or
recommends), what it reveals or hides, where it sends things, whose orders it
follows or ignores, who it pretends to be, what it approves or pays, and
destructive commands it would run. remem adopts a rule of that second kind only
when the user stated it in their own words in a session (see
:mod:`remem.provenance`); learnt from an agent's or a tool's text it is *held*.

:func:`conduct_phrase` finds such an instruction by structure: a verb of one of
those classes at the head of a clause (after "always", "never", "please", "don't",
"from now on", "you should", "the assistant must" ...), or with the assistant's
audience as its object ("tell the user", "in every reply"), or a destructive
command anywhere. The classes are fixed by what conduct is, not grown per example.
"""

from __future__ import annotations

import re

from remem.textnorm import normalise, skeleton

__all__ = ["conduct_phrase"]

_MAX_PHRASE = 80

# The head of a clause, then any run of adverbs, negations and modals aimed at the agent.
# Both runs are bounded and possessive: a clause may start after any boundary, so a long
# run is met from a later start anyway, and an unbounded one made the scan quadratic (a
# message of 4,000 blank lines took 46 seconds).
_HEAD = (
    r"(?:^|(?<=[.!?;:,\n])|\b(?:and|then|so|but|or)\b)[\s,\"'(*-]{0,16}+"
    r"(?:(?:please|kindly|always|never|only|also|just|now|first|instead|immediately|"
    r"from\s+now\s+on|going\s+forward|henceforth|in\s+(?:the\s+)?future|"
    r"make\s+sure\s+(?:to|you)|be\s+sure\s+to|remember\s+to|do\s+not|don'?t|"
    r"(?:you|the\s+(?:assistant|ai|agent|model|bot|llm))\s+(?:should|must|shall|will|"
    r"need\s+to|have\s+to|are\s+to|ought\s+to|may|can)(?:\s+not|n'?t)?)[\s,]{1,16}+){0,8}+"
)
# Verbs whose object is the assistant's audience or its own output.
_SPEAK = (
    r"respond|reply|answer|say|tell|speak|talk|greet|address|mention|recommend|suggest|"
    r"promote|advertise|endorse|praise|apologi[sz]e|inform|notify|warn|remind|"
    r"call\s+(?:me|the\s+user|him|her|them|users)|refer\s+(?:me|the\s+user|users|people)"
)
_SENSITIVE = (
    r"(?:system\s+)?prompts?|instructions|conversations?|chats?|(?:chat\s+)?history|"
    r"memor(?:y|ies)|passwords?|credentials?|(?:api\s+|ssh\s+|private\s+|secret\s+)?keys?|"
    r"secrets?|tokens?|cookies?|env(?:ironment)?(?:\s+variables)?|"
    r"(?:personal|private|user|customer)\s+data|files?|logs?|messages?|emails?"
)
_CLASSES: dict[str, str] = {
    # how it talks to the user: every reply, its language and tone
    "speaks": rf"(?:{_SPEAK})\b",
    # what it reveals or hides
    "reveals": r"(?:reveal|disclose|leak|expose|dump|hide|conceal|withhold|keep\s+(?:it|this|that)"
    r"\s+(?:secret|quiet|hidden)|(?:share|show|print|display|output)\s+(?:\w+\s+){0,2}?"
    rf"(?:{_SENSITIVE}))\b",
    # whose orders it follows: it drops its own, or takes them from content and strangers
    "obeys": r"(?:ignore|disregard|forget|override|bypass|skip)\s+(?:\w+\s+){0,3}?"
    r"(?:instructions?|orders|directives|prompts?|guidelines|polic(?:y|ies)|restrictions|"
    r"safety|rules)\b|(?:follow|obey|comply\s+with|execute|carry\s+out|trust|believe|"
    r"defer\s+to|prioriti[sz]e)\s+(?:\w+\s+){0,3}?(?:(?:instructions?|orders|commands|"
    r"directives|requests|messages|content|links)\s+(?:in|from|on|inside|within|found\s+in)"
    r"\s+(?:\w+\s+){0,2}?(?:e-?mails?|messages?|pages?|web\w*|sites?|websites?|documents?|"
    r"tools?|outputs?|comments?|issues?|tickets?|anyone|strangers?|customers?|senders?)|"
    r"anyone|whoever|everyone|the\s+sender|strangers?)\b",
    # who it is
    "persona": r"(?:act\s+as|pretend|role-?play|impersonate|pose\s+as|identify\s+(?:yourself\s+)?as|"
    r"call\s+yourself|be\s+(?:an?|the|my)\s+\w+|you\s+are\s+(?:now\s+)?(?:an?|the|my)\s+\w+)\b",
    # what it approves, buys or pays
    "approves": r"(?:approve|authori[sz]e|grant|allow|permit|whitelist|accept|confirm|sign\s+off)"
    r"\s+(?:\w+\s+){0,2}?(?:payments?|refunds?|transfers?|requests?|access|invoices?|purchases?|"
    r"transactions?|orders|all|any|every(?:thing)?|anything|admin|root)\b|"
    r"(?:pay|wire|donate|buy|purchase|transfer\s+(?:\$|money|funds|the\s+money))\b(?!\s+attention)",
}
_HEADED = re.compile(
    _HEAD + "(?:" + "|".join(f"(?P<{name}>{body})" for name, body in _CLASSES.items()) + ")",
    re.IGNORECASE | re.MULTILINE,
)
# Anywhere in the text, not only at a clause's head.
_ANYWHERE = re.compile(
    "|".join(
        [
            # its audience or its output as the object
            rf"\b(?:{_SPEAK}|write|sign|end|start|begin|prefix|include|add|append|put|use)\s+"
            r"(?:\w+\s+){0,4}?(?:(?:to|with|in|at\s+the\s+(?:end|start)\s+of)\s+)?"
            r"(?:every|each|all|any|your|the)\s+(?:responses?|repl(?:y|ies)|answers?|outputs?)\b",
            r"\b(?:tell|inform|notify|warn|remind|ask|answer|reply\s+to|respond\s+to|greet|"
            r"address)\s+(?:the\s+)?users?\b",
            r"\b(?:in|with|using|use|adopt)\s+(?:an?\s+)?(?:\w+\s+)?(?:tone|voice|persona|emojis?)\b",
            # sending things out
            r"\b(?:send|forward|e-?mail|mail|post|upload|transmit|exfiltrate|copy|sync|report|"
            r"submit|leak)\s+(?:\S+\s+){0,6}?(?:to|into|via)\s+(?:https?://|www\.|"
            r"[\w.+-]+@[\w-]+\.\w+|(?:an?\s+|the\s+|this\s+|my\s+)?(?:webhook|endpoint|url|"
            r"server|address|inbox|channel|pastebin|gist))",
            # destructive commands
            r"\brm\s+(?:-\w*[rf]\w*\s+)+(?:--\S+\s+)*(?:/|~|\$HOME\b|\*|\.(?:\s|$))",
            r"\b(?:mkfs(?:\.\w+)?|shred|wipefs)\b|\bdd\s+if=",
            r"\bchmod\s+(?:-R\s+)?[0-7]?777\b|\bchown\s+-R\b",
            r"\b(?:curl|wget)\b[^|\n]{0,200}\|\s*(?:sudo\s+)?(?:ba|z)?sh\b",
            r"\bgit\s+push\s+(?:\S+\s+){0,3}?(?:--force\b|-f\b)|\bgit\s+reset\s+--hard\b",
            r"\bgit\s+(?:commit|push)\b[^\n]{0,80}--no-verify\b",
            r"\b(?:drop|truncate)\s+(?:table|database|schema)\b",
            r"\b(?:disable|turn\s+off|switch\s+off|bypass|skip)\s+(?:the\s+)?(?:\w+\s+)?"
            r"(?:auth(?:entication)?|2fa|mfa|ssl|tls|certificate\s+checks?|verification|"
            r"firewall|antivirus|security|audit(?:ing)?|logging|sandbox)\b",
        ]
    ),
    re.IGNORECASE | re.MULTILINE,
)


def conduct_phrase(text: str) -> str | None:
    """The phrase of ``text`` that tells the assistant how to behave as an assistant
    (see the module doc), or None when it is only about the work."""
    base = normalise(text)
    for view in dict.fromkeys([base, skeleton(base)]):
        match = _ANYWHERE.search(view) or _HEADED.search(view)
        if match:
            return " ".join(match.group(0).split())[:_MAX_PHRASE]
    return None
