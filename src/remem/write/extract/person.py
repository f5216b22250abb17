"""First and second person turned into names, with the verb agreeing.

"I love hiking" said by Aaron becomes "Aaron loves hiking"; "my WRX" becomes
"Aaron's WRX"; "we went" becomes "Aaron and others went"; "you're right" said
to Caroline becomes "Caroline is right".
"""

from __future__ import annotations

import re

_MODALS = {
    "can", "could", "will", "would", "shall", "should", "may", "might", "must", "ought",
    "used",
}  # fmt: skip
_ADVERBS = {
    "just", "also", "really", "always", "never", "still", "already", "often", "usually",
    "sometimes", "recently", "finally", "even", "actually", "totally", "definitely", "mostly",
    "only", "now", "absolutely", "truly", "honestly", "probably", "kinda", "literally", "rarely",
    "seriously", "generally", "currently", "personally", "especially", "sort", "kind",
}  # fmt: skip
_PAST = set(
    "was were went got had did made took saw came ran bought found felt thought left met began "
    "knew told said kept brought sold won lost wrote read put set cut hit let quit became gave "
    "spent built sent taught caught fell drove flew grew threw wore ate drank swam sang heard "
    "held stood understood sat slept paid led lay rode broke chose forgot hung meant lit shot "
    "shut spoke stole struck woke been gone done begun seen known shown given taken got "
    "gotten".split()
)
_IRREGULAR = {"have": "has", "do": "does", "go": "goes", "be": "is", "am": "is", "are": "is"}
_NEGATED = {"haven't": "hasn't", "don't": "doesn't", "aren't": "isn't", "have't": "hasn't"}
_CONTRACTIONS = {"'m": "is", "'ve": "has", "'ll": "will", "'re": "is"}
_NOT_VERBS = {
    "a", "an", "the", "and", "or", "but", "to", "of", "in", "on", "at", "for", "with", "too",
    "myself", "yourself", "guys", "all", "both", "two", "who", "that", "this", "so", "know",
}  # fmt: skip


def third_person(verb: str) -> str:
    """``love`` -> ``loves``, ``go`` -> ``goes``, ``try`` -> ``tries``; past forms unchanged."""
    low = verb.lower()
    if low in _IRREGULAR:
        return _IRREGULAR[low]
    past = low.endswith("ed") and not low.endswith("eed")
    if low in _PAST or low in _MODALS or past or low.endswith(("ing", "s")) or not low.isalpha():
        return verb
    if low.endswith(("sh", "ch", "x", "z", "o")):
        return verb + "es"
    if low.endswith("y") and len(low) > 2 and low[-2] not in "aeiou":
        return verb[:-1] + "ies"
    return verb + "s"


def _agree(rest: str, before: str | None = None) -> tuple[int, str]:
    """The verb at the start of ``rest`` made third-person singular.

    Returns how many characters of ``rest`` were rewritten and their replacement
    (``(0, "")`` when nothing changes). Up to two adverbs may precede the verb.
    """
    if before is not None and re.search(
        r"\b(?:can|could|do|does|did|will|would|should|may|might|must|shall|to|let|what|how)\s*$",
        before,
        re.IGNORECASE,
    ):
        return 0, ""  # an inverted question or an infinitive: "what can I say"
    pos = 0
    for _ in range(3):
        match = re.match(r"\s+([A-Za-z]+(?:'[a-z]+)?)(?![\w'])", rest[pos:])
        if not match:
            return 0, ""
        word = match.group(1)
        low = word.lower()
        if "'" in word:
            if low not in _NEGATED:
                return 0, ""
            end = pos + match.end()
            return end, rest[: pos + match.start(1)] + _NEGATED[low]
        if low in _ADVERBS or (low.endswith("ly") and len(low) > 4):
            pos += match.end()
            continue
        if low in _NOT_VERBS or third_person(word) == word:
            return 0, ""
        end = pos + match.end()
        return end, rest[: pos + match.start(1)] + third_person(word)
    return 0, ""


def _possessive(name: str) -> str:
    return name + ("'" if name.endswith("s") and not name.endswith("ss") else "'s")


# A technical token: words joined by - . / @ : \ + ("us-east-2", "me-central-1",
# "db-1.acme.io", "I/O", "j.smith@example.com"). Pronoun rewrites never reach inside one.
_JOINED = re.compile(r"(?<![\w\ue000])\w+(?:[-./@:\\+]\w+)+")
_MASK = re.compile("\ue000(\\d+)\ue001")


def _protect(text: str) -> tuple[str, list[str]]:
    """``text`` with each technical token replaced by a placeholder, and the tokens."""
    kept: list[str] = []

    def hide(match: re.Match[str]) -> str:
        kept.append(match.group(0))
        return f"\ue000{len(kept) - 1}\ue001"

    return _JOINED.sub(hide, text), kept


def _restore(text: str, kept: list[str]) -> str:
    return _MASK.sub(lambda m: kept[int(m.group(1))], text)


def resolve_first_person(text: str, name: str, *, addressee: str | None = None) -> str:
    """Replace I/me/my/mine/myself and we/us/our with ``name``, fixing verb agreement.

    "we both" / "both of us" become ``name`` and ``addressee`` when one is given.
    Technical tokens ("us-east-2") are left as they are.
    """
    text, kept = _protect(text.replace("’", "'"))
    return _restore(_first_person(text, name, addressee), kept)


def _first_person(text: str, name: str, addressee: str | None) -> str:
    group = f"{name} and others"
    if addressee:
        pair = f"{name} and {addressee}"
        text = re.sub(
            r"\b[Ww]e(?:'re)? both\b",
            lambda m: pair + (" are both" if "'re" in m[0] else " both"),
            text,
        )
        text = re.sub(r"\bboth of us\b", pair, text)
    text = re.sub(r"\bI'd(?=\s+(?:been|had|gone|done|already|never|just)\b)", f"{name} had", text)
    text = re.sub(r"\bI'd\b", f"{name} would", text)
    for suffix, verb in _CONTRACTIONS.items():
        text = re.sub(rf"\bI{suffix}\b", f"{name} {verb}", text)
    text = re.sub(r"\bI am\b", f"{name} is", text)
    text = re.sub(r"\bI was\b", f"{name} was", text)

    text = _sub_with_rest(r"\bI\b(?!')", text, name)
    text = re.sub(r"\bmyself\b", "themself", text)
    text = re.sub(r"\b[Mm]y\b", _possessive(name), text)
    text = re.sub(r"\bmine\b", _possessive(name), text)
    text = re.sub(r"(?<![A-Za-z'])[Mm]e\b", name, text)
    text = re.sub(r"\bwe're\b", f"{group} are", text, flags=re.I)
    text = re.sub(r"\bwe've\b", f"{group} have", text, flags=re.I)
    text = re.sub(r"\bwe'll\b", f"{group} will", text, flags=re.I)
    text = re.sub(r"\bwe'd\b", f"{group} would", text, flags=re.I)
    text = re.sub(r"\b[Ww]e\b", group, text)
    text = re.sub(r"\b[Oo]urs\b", _possessive(name), text)
    text = re.sub(r"\b[Oo]urselves\b", "themselves", text)
    text = re.sub(r"\b[Oo]ur\b", _possessive(name), text)
    text = re.sub(r"(?<=\s)us\b", group, text)
    return text


def resolve_second_person(text: str, name: str) -> str:
    """Replace you/your/yours/yourself with ``name`` (the person addressed); technical
    tokens are left as they are."""
    text, kept = _protect(text.replace("’", "'"))
    return _restore(_second_person(text, name), kept)


def _second_person(text: str, name: str) -> str:
    text = re.sub(r"\b[Yy]ou're\b", f"{name} is", text)
    text = re.sub(r"\b[Yy]ou've\b", f"{name} has", text)
    text = re.sub(r"\b[Yy]ou'll\b", f"{name} will", text)
    text = re.sub(r"\b[Yy]ou'd\b", f"{name} would", text)
    text = re.sub(
        r"\b[Yy]ou (are|were)\b", lambda m: f"{name} {'is' if m[1] == 'are' else 'was'}", text
    )
    text = re.sub(r"\b[Yy]ourself\b", "themself", text)
    text = re.sub(r"\b[Yy]ours\b", _possessive(name), text)
    text = re.sub(r"\b[Yy]our\b", _possessive(name), text)
    # "you" as a subject: at the start or after a conjunction; elsewhere an object.
    text = _sub_with_rest(
        r"(?:^|(?<=\band )|(?<=\bbut )|(?<=\bso )|(?<=\bbecause )|(?<=\bif )|(?<=\bwhen )"
        r"|(?<=\bthat )|(?<=\bsince )|(?<=\bas )|(?<=[,;:] )|(?<=\bglad )|(?<=\bhope )"
        r"|(?<=\bthink )|(?<=\bknow )|(?<=\bbet )|(?<=\bsure )|(?<=\bsorry )|(?<=\bhappy )"
        r"|(?<=\bwhile )|(?<=\bafter )|(?<=\bbefore ))you\b",
        text,
        name,
        re.IGNORECASE,
    )
    return re.sub(r"\b[Yy]ou\b", name, text)


def _sub_with_rest(pattern: str, text: str, name: str, flags: int = 0) -> str:
    """Replace subject pronouns matched by ``pattern`` with ``name`` and fix the next verb."""
    out: list[str] = []
    last = 0
    for match in re.finditer(pattern, text, flags):
        if match.start() < last:
            continue
        out.append(text[last : match.start()])
        consumed, replacement = _agree(text[match.end() :], text[: match.start()])
        out.append(name + replacement)
        last = match.end() + consumed
    out.append(text[last:])
    return "".join(out)
