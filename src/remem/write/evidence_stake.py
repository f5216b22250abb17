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

__all__ = ["claim", "stake"]

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
    r"wire\s+transfers?|transfers?\s+to|payments?\s+to|refund\w*|remittance)\b"
    # a contact that verifies or recovers, told as new
    r"|\b(?:new|updated|changed|alternate|backup|verification)\s+(?:\w+\s+){0,2}?(?:phone|"
    r"mobile|number|email|e-mail|address|contact)\b"
    # literal account and phone numbers: "NL91 ABNA 0417 1643 00", "+44 7700 900461"
    r"|\b[a-z]{2}\d{2}(?:\s?[a-z0-9]{4}){3,7}\b|(?<![\w+])\+\d{1,3}[\s-]?\d{2,4}(?:[\s-]?\d{2,4}){2,3}\b"
    # something claimed checked or authorised
    r"|\b(?:pre-?approved|pre-?authori[sz]ed|(?:was|were|been|is|are)\s+(?:\w+\s+)?(?:vetted|"
    r"audited)|whitelisted|allow-?listed|"
    r"signed\s+off|lgtm|scanned\s+and\s+(?:is\s+|was\s+)?clean|"
    r"(?:verified|confirmed|approved|authori[sz]ed|cleared)\s+by|"
    r"passed\s+(?:the\s+|all\s+|its\s+)?(?:\w+\s+)?(?:checks?|audits?|reviews?|scans?|tests?)|"
    r"no\s+(?:further|additional|more|need\s+for)\s+(?:\w+\s+)?(?:checks?|reviews?|verification|"
    r"confirmation|approval)|no\s+need\s+to\s+(?:check|verify|confirm|review|ask))\b"
    # a check suppressed
    r"|\b(?:do\s+not|don't|never)\s+(?:flag|report|scan|block|warn|escalate|question)\b"
    r"|\bwithout\s+(?:waiting\s+for\s+|running\s+|any\s+)?(?:the\s+)?(?:ci|tests?|reviews?|checks?|"
    r"verification|approval|confirmation)\b"
    r"|\b(?:report|show)\s+(?:zero|no)\s+(?:findings|issues|vulnerabilit\w+|problems)\b"
    # delegation: someone else acts for the user or reaches their things
    r"|\b(?:on\s+(?:his|her|their|the\s+user's|my)\s+behalf|power\s+of\s+attorney|"
    r"(?:access|full\s+access)\s+to\s+(?:his|her|their|the\s+user's)\b)"
)
# The user as a third party would name them, as the subject of a claim.
_ABOUT_USER = re.compile(
    r"\b(?:the|this|that)\s+(?:user|account\s+holder|account\s+owner|customer|owner|"
    r"applicant|cardholder)(?:'s|s')?\b|\buser's\b"
)
_NEGATION = re.compile(r"\b(?:not|never|no|none|nor|cannot|n't)\b|n't\b")
_ORDER_HEAD = re.compile(r"^\W*(?:if|when|whenever|unless|whether)\b")


def stake(sentence: str, *, besides: re.Match[str] | None = None) -> str | None:
    """The phrase of (lower-cased) ``sentence`` that names something at stake (see the
    module doc), or None. ``besides``: a match already counted as another feature (a
    claimed approval): a stake on the same words is not a second piece of evidence."""
    for m in _STAKE.finditer(sentence):
        if besides is None or m.end() <= besides.start() or m.start() >= besides.end():
            break
    else:
        return None
    start = max(0, m.start() - 20)
    return " ".join(sentence[start : m.end() + 30].split())


def claim(sentence: str) -> str | None:
    """The phrase of a claim about the user made by someone else: a (lower-cased)
    ``sentence`` that names the user in the third person, asserted not conditioned, and
    names something at stake ("the account holder's new phone number is ...")."""
    who = _ABOUT_USER.search(sentence)
    at = _STAKE.search(sentence) if who else None
    if who is None or at is None or _ORDER_HEAD.match(sentence):
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
