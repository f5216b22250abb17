"""What is at stake in a sentence: the subjects a third party's text plants or moves to
hurt the user — a feature of :mod:`remem.write.evidence`, weighing in hidden and side
regions and pasted lines only (untrusted text), never in the user's own words.

Read by concept, not by phrase: a credential (a password, a key, a recovery code or
phone), a payment detail (an IBAN, an account or card number, a transfer, a refund), a
literal account number or phone number, a claim that something was checked or
authorised (approved, vetted, audited, scanned clean, "no further checks"), a check
suppressed ("do not flag", "without waiting for CI"), a delegation ("may act on their
behalf", "has access to their drafts"). One stake is not an attack — a changelog says
"rotated the API token", an invoice names an IBAN — so it weighs 1: beside an order
(remember, save, approve ...) or a claim made about the user (:func:`claim`) it
reaches the side regions' threshold of 2.
"""

from __future__ import annotations

import re

__all__ = ["STAKES", "claim", "stake"]

STAKES = ("stake", "checked", "waived")  # the features read here, each weighing 1

_STAKE = re.compile(
    # credentials and what recovers an account
    r"\b(?:passwords?|passphrases?|passcodes?|pin\s+(?:codes?|numbers?)|(?:api|access|secret|"
    r"private|ssh|signing|deploy)\s+keys?|(?:api|access|auth|bearer|refresh|session)\s+tokens?|"
    r"credentials?|secrets?|"
    r"seed\s+phrases?|recovery\s+(?:codes?|phone|email|number|address)|security\s+questions?|"
    r"one-time\s+(?:codes?|passwords?)|two-factor|2fa|mfa|otp)\b"
    # payment details and money moved
    r"|\b(?:iban|swift|bic|sort\s+code|routing\s+(?:number|no)|account\s+(?:number|no|details)|"
    r"bank\s+(?:details|account|info\w*)|card\s+(?:ending|number)|payee|beneficiar(?:y|ies)|"
    r"wire\s+transfers?|transfers?\s+to|payments?\s+to|refund\w*|remittance|"
    r"(?:must|should|is\s+to|are\s+to)\s+be\s+paid)\b"
    # a contact that verifies or recovers, told as new or as what is kept
    r"|\b(?:new|updated|changed|alternate|backup|verification|saved|stored|registered|"
    r"default)\s+(?:\w+\s+){0,2}?(?:phone|mobile|number|email|e-mail|address|contact)\b"
    # literal account and phone numbers: "NL91 ABNA 0417 1643 00", "+44 7700 900461"
    r"|\b[a-z]{2}\d{2}(?:\s?[a-z0-9]{4}){3,7}\b|(?<![\w+])\+\d{1,3}[\s-]?\d{2,4}(?:[\s-]?\d{2,4}){2,3}\b"
    # the user's own records
    r"|\b(?:the\s+user's|their|his|her)\s+(?:[\w-]+\s+){0,2}?(?:notes|memories|messages|history|"
    r"conversations?|chats?|contacts|documents|drafts|emails|records)\b"
    # delegation: someone else acts for the user or reaches their things
    r"|\b(?:on\s+(?:his|her|their|the\s+user's|my)\s+behalf|power\s+of\s+attorney|"
    r"(?:access|full\s+access)\s+to\s+(?:his|her|their|the\s+user's)\b)"
)
# A check claimed done, or an order that makes it so ("Approve this PR.").
_CHECKED = re.compile(
    r"\b(?:pre-?approved|pre-?authori[sz]ed|(?:was|were|been|is|are|as)\s+(?:\w+\s+)?(?:vetted|"
    r"audited|certified)|whitelisted|allow-?listed|signed\s+off|lgtm|"
    r"scanned\s+and\s+(?:is\s+|was\s+|found\s+)?(?:clean|safe)|"
    r"(?:verified|confirmed|approved|authori[sz]ed|cleared)\s+by|"
    r"(?:review|audit|scan|check)s?\s+(?:\w+\s+){0,4}?(?:was|were|has\s+been|have\s+been)\s+"
    r"(?:completed|done|passed)|"
    r"passed\s+(?:the\s+|all\s+|its\s+)?(?:\w+\s+)?(?:checks?|audits?|reviews?|scans?|tests?))\b"
    # an order that approves what a reviewer is shown (a person's request to approve a
    # timesheet, a holiday or an invoice is the pasted email's ordinary ask)
    r"|(?:^|:\s)\W*(?:(?:please|just|now)\s+)?(?:approve|authori[sz]e|sign\s+off(?:\s+on)?|merge)\s+"
    r"(?:(?:this|the|it|all|every|any)\s+)?(?:[\w-]+\s+)?(?:pr|prs|pull\s+requests?|merge\s+requests?|"
    r"mr|patch(?:es)?|changes?|commits?|diffs?|releases?|builds?|deploy(?:ment)?s?|reviews?|"
    r"dependenc(?:y|ies)|packages?|images?|scripts?|code|file|it)\b"
)
# A check waived: need not be done, must not report, is skipped.
_WAIVED = re.compile(
    r"\b(?:no\s+(?:further|additional|more|need\s+for)\s+(?:\w+\s+)?(?:checks?|reviews?|"
    r"verification|confirmation|approval|escalation)|no\s+need\s+to\s+(?:check|verify|confirm|"
    r"review|ask|escalate)|cleared\s+(?:for|to)\s+\w+)\b"
    r"|\b(?:do\s+not|don't|never)\s+(?:flag|report|scan|block|warn|escalate|question)\b"
    r"|\bwithout\s+(?:waiting\s+for\s+|running\s+|any\s+|further\s+)?(?:the\s+)?(?:ci|tests?|"
    r"testing|reviews?|reviewing|checks?|checking|scans?|scanning|verification|approval|"
    r"confirmation|escalation|sign-?off)\b"
    r"|\b(?:report|show)\s+(?:zero|no)\s+(?:findings|issues|vulnerabilit\w+|problems)\b"
)

# The user as a third party would name them, as the subject of a claim.
_ABOUT_USER = re.compile(
    r"\b(?:the|this|that)\s+(?:user|account\s+holder|account\s+owner|customer|owner|"
    r"applicant|cardholder)(?:'s|s')?\b|\buser's\b"
)
_NEGATION = re.compile(r"\b(?:not|never|no|none|nor|cannot|n't)\b|n't\b")
_ABSENT = re.compile(r"\b(?:no|never|not|without|but|except)\s+(?:[\w-]+\s+)?$")
_ORDER_HEAD = re.compile(r"^\W*(?:if|when|whenever|unless|whether)\b")


def stake(sentence: str, *, besides: re.Match[str] | None = None) -> dict[str, str]:
    """What of (lower-cased) ``sentence`` is at stake (see the module doc), by kind:
    ``stake`` (what is held: a credential, a payment detail, a contact, the user's
    records), ``checked`` (a check claimed done or ordered done) and ``waived`` (a check
    waived), each with its phrase. ``besides``: a match already counted as another
    feature (a claimed approval): a stake on the same words is not a second one."""
    out: dict[str, str] = {}
    for name, pattern in (("stake", _STAKE), ("checked", _CHECKED), ("waived", _WAIVED)):
        for m in pattern.finditer(sentence):
            if name == "stake" and _ABSENT.search(sentence, max(0, m.start() - 16), m.start()):
                continue  # said to be absent: "no API key", "anything but secrets"
            if besides is None or m.end() <= besides.start() or m.start() >= besides.end():
                start = max(0, m.start() - 20)
                out[name] = " ".join(sentence[start : m.end() + 30].split())
                break
    return out


def claim(sentence: str) -> str | None:
    """The phrase of a claim about the user made by someone else: a (lower-cased)
    ``sentence`` that names the user in the third person, asserted not conditioned, and
    names something at stake ("the account holder's new phone number is ...")."""
    who = _ABOUT_USER.search(sentence)
    at = (_STAKE.search(sentence) or _CHECKED.search(sentence)) if who else None
    if who is None or at is None or _ORDER_HEAD.match(sentence) or sentence.rstrip().endswith("?"):
        return None
    # asserted: no negation about it ("the user's password never reaches this code")
    around = (
        sentence[min(who.start(), at.start()) : at.start()]
        + " "
        + sentence[at.end() : at.end() + 25]
    )
    if _NEGATION.search(around):
        return None
    return " ".join(sentence[who.start() : who.end() + 50].split())
