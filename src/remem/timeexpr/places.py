"""A place named in the text decides conventions that differ by country.

Seasons: in the southern hemisphere (Australia, New Zealand, South Africa, the south of
South America) the meteorological seasons are the northern ones shifted by half a year,
so a season named where the text places itself in the south is read as the opposite
northern season, which spans the same months ("winter in Sydney" = June–August; its
summer, December–February, belongs to the year it starts in, as a northern winter does).
"""

from __future__ import annotations

import itertools

# Countries, their adjectives and the large cities of the southern hemisphere (names that
# are also common words or places in the north are left out: "Wellington", "Darwin").
SOUTHERN_PLACES = frozenset(
    "australia australian australians aussie aussies sydney melbourne brisbane perth "
    "adelaide hobart canberra queensland tasmania nsw zealand auckland "
    "christchurch kiwi kiwis nz johannesburg joburg durban pretoria capetown soweto "
    "sars gauteng argentina argentinian argentine chile chilean uruguay montevideo "
    "buenos paraguay".split()
)
_SOUTH_PAIRS = {("south", "africa"), ("south", "african"), ("cape", "town"), ("down", "under")}
_OPPOSITE = {"summer": "winter", "winter": "summer", "spring": "fall", "fall": "spring"}


def in_south(words: list[str]) -> bool:
    """Whether the (normalised) words place the text in the southern hemisphere."""
    if any(w in SOUTHERN_PLACES for w in words):
        return True
    return any(pair in _SOUTH_PAIRS for pair in itertools.pairwise(words))


def southern_seasons(words: list[str]) -> list[str]:
    """``words`` with each season named as the northern season of the same months."""
    return [_OPPOSITE.get(w, w) for w in words]
