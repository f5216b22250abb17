"""English function words: they match nearly every memory, so keyword search drops
them from queries and the late-interaction stage drops their token vectors."""

from __future__ import annotations

STOPWORDS = frozenset(
    """a an and are as at be been but by did do does for from had has have he her hers him his
    how i if in into is it its me my of on or our she so than that the their them then there
    these they this to was we were what when where which who whom why will with would you your
    about after also any can could just more most not only other over some such very""".split()
)
