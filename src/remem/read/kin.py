"""Kin terms: the closed class of words that name a relative by relation.

"What was my father's name?" asks for one relation; a memory about the user's
mother is a near miss however close its embedding is, and one about "my
parents" or "my dad" is not. Kin terms are a closed class of the language (like
pronouns), so the relation is read from the word: each term maps to a relation,
and a few general terms cover the specific ones (``parent`` covers ``mother``
and ``father``). ``great-`` / ``step-`` / ``-in-law`` make another relation
("son-in-law" is not "son").
"""

from __future__ import annotations

import re

_TERMS: dict[str, str] = {
    word: relation
    for relation, words in {
        "mother": "mother mom mum mommy mummy mama mam ma",
        "father": "father dad daddy papa pa",
        "parent": "parent parents folks",
        "brother": "brother bro",
        "sister": "sister sis",
        "sibling": "sibling siblings",
        "son": "son",
        "daughter": "daughter",
        "child": "child children kid kids",
        "husband": "husband hubby",
        "wife": "wife missus",
        "spouse": "spouse partner fiance fiancee other-half",
        "girlfriend": "girlfriend gf",
        "boyfriend": "boyfriend bf",
        "grandmother": "grandmother grandma gran granny nana nan",
        "grandfather": "grandfather grandpa granddad grandad",
        "grandparent": "grandparent grandparents",
        "grandson": "grandson",
        "granddaughter": "granddaughter",
        "grandchild": "grandchild grandchildren grandkid grandkids",
        "aunt": "aunt aunty auntie",
        "uncle": "uncle",
        "cousin": "cousin",
        "niece": "niece",
        "nephew": "nephew",
    }.items()
    for word in words.split()
}
# a general relation and the specific ones it covers
_COVERS: dict[str, frozenset[str]] = {
    "parent": frozenset({"mother", "father"}),
    "sibling": frozenset({"brother", "sister"}),
    "child": frozenset({"son", "daughter"}),
    "spouse": frozenset({"husband", "wife", "girlfriend", "boyfriend"}),
    "grandparent": frozenset({"grandmother", "grandfather"}),
    "grandchild": frozenset({"grandson", "granddaughter"}),
}
_ACCENTS = str.maketrans("éèëê", "eeee")
_AFFIX = re.compile(r"^(great-|step-?|half-)?(.+?)(-in-law)?$")


def relation(word: str) -> str | None:
    """The relation ``word`` names ("mum" -> "mother", "great-grandkids" ->
    "great-grandchild", "sons-in-law" -> "son-in-law"), or None."""
    low = word.casefold().translate(_ACCENTS).removesuffix("'s").removesuffix("'")
    low = low.replace(" ", "-")  # "other half"
    match = _AFFIX.match(low)
    if match is None:
        return None
    prefix, stem, suffix = match.group(1) or "", match.group(2), match.group(3) or ""
    base = _TERMS.get(stem)
    if base is None and stem.endswith("s"):
        base = _TERMS.get(stem[:-1])  # "brothers", "sons-in-law", "aunts"
    if base is None:
        return None
    return f"{prefix}{base}{suffix}"


def same_relative(asked: str, said: str) -> bool:
    """Whether a memory's relation ``said`` can be the relative ``asked`` for: the
    same relation, or one of the two the general term of the other."""
    if asked == said:
        return True
    return said in _COVERS.get(asked, frozenset()) or asked in _COVERS.get(said, frozenset())
