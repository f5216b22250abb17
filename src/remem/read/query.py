"""Turn a query into search terms for the keyword (BM25) candidate source."""

from __future__ import annotations

import re

from remem.stopwords import STOPWORDS

_WORD = re.compile(r"\w+", re.UNICODE)


def keyword_terms(query: str) -> list[str]:
    """Lower-cased word terms of ``query`` without stopwords, in order, each once.

    Falls back to all words when the query is only stopwords ("who is it?").
    """
    words = [w.casefold() for w in _WORD.findall(query)]
    kept = [w for w in words if w not in STOPWORDS]
    return list(dict.fromkeys(kept or words))
