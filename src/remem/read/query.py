"""Turn a query into search terms for the keyword (BM25) candidate source."""

from __future__ import annotations

import re

# A short English stopword list: these match nearly every memory and only slow BM25 down.
STOPWORDS = frozenset(
    """a an and are as at be been but by did do does for from had has have he her hers him his
    how i if in into is it its me my of on or our she so than that the their them then there
    these they this to was we were what when where which who whom why will with would you your
    about after also any can could just more most not only other over some such very""".split()
)
_WORD = re.compile(r"\w+", re.UNICODE)


def keyword_terms(query: str) -> list[str]:
    """Lower-cased word terms of ``query`` without stopwords, in order, each once.

    Falls back to all words when the query is only stopwords ("who is it?").
    """
    words = [w.casefold() for w in _WORD.findall(query)]
    kept = [w for w in words if w not in STOPWORDS]
    return list(dict.fromkeys(kept or words))
