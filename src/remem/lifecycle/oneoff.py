"""One-off notes: statements about a day close at hand ("the plumber is coming at
2 pm today", "I'm taking 9 lambs to the mart tomorrow", "pick up the licks from
the co-op on Thursday").

Such a note is about its day: once the day has passed it is no longer needed,
unless it is used after it (then it was not a one-off). The expire policy
(:func:`remem.lifecycle.policies.expire_policy`) archives it ``one_off_grace_days``
after its day — reversibly: archived memories stay searchable through the
archive tier (:mod:`remem.read.fallback`). Nothing here deletes content.

:func:`event_day` reads a memory's text against the day it was said. A day is
named by ``today``, ``tonight``, ``this morning`` / ``afternoon`` / ``evening``,
``tomorrow``, ``the day after tomorrow``, a weekday with ``on`` / ``this`` /
``next`` / ``coming`` (the next such day, as :mod:`remem.write.dates` counts it;
"on Thursday" said on a Thursday is that day), or ``in N days``, and must be no
further ahead than ``one_off_horizon_days``. A statement that says it recurs is
not a one-off: a weekday in the plural ("on Thursdays", "Tuesday evenings"), or a
frequency word ("every", "each", "usually", "weekly", ...) — English's closed
class of frequency adverbs, not a list grown by example. Past days (yesterday,
last Friday) and past statements (a past auxiliary: "was", "were", "had", "did")
name no event to wait for. Nor does a weekday said with "now" beside it ("the
swim club is on Thursday now", "collection is now Friday"): the day a standing
thing is on from now on, a changed schedule, even when the old value it replaces
left the active set and nothing was superseded.
"""

from __future__ import annotations

import re
from datetime import date, datetime, timedelta

from remem.model import MemoryRecord
from remem.slots.lexicon import STRONG_CUES, WEAK_CUES
from remem.timewords import NUMBER_WORDS, WEEKDAYS

_WD = "|".join(WEEKDAYS)
_NUM = r"(?P<n>\d{1,2}|" + "|".join(sorted(NUMBER_WORDS, key=len, reverse=True)) + r")"
_ANCHOR = re.compile(
    r"\b(?:(?P<dat>the day after tomorrow)|(?P<today>today|tonight|this (?:morning|afternoon|"
    r"evening))|(?P<tomorrow>tomorrow)|(?:on|this|next|coming) (?P<wd>" + _WD + r")|"
    r"in " + _NUM + r" days?)\b",
    re.IGNORECASE,
)
_PLURAL_DAY = re.compile(
    r"\b(?:" + _WD + r")s\b|\b(?:" + _WD + r") (?:mornings|afternoons|evenings|nights)\b", re.I
)
# Past auxiliaries: the statement tells what happened ("the server was rebooted on
# Tuesday"), not what is coming.
_PAST = re.compile(r"\b(?:was|were|had|did)\b", re.IGNORECASE)
# A weekday said with "now" beside it ("the market is on Fridays now", "sorting is now
# Monday"): the day a standing thing is on from now on — a schedule that changed, not an
# event to wait for, whether or not its old value is still active to be superseded.
_NOW_DAY = re.compile(r"\b(?:now (?:on )?(?:" + _WD + r")|on (?:" + _WD + r")s? now)\b", re.I)
# Frequency adverbs and determiners: the statement is about a recurring thing.
_RECURS = re.compile(
    r"\b(?:every|each|usually|normally|always|generally|typically|weekly|daily|nightly|"
    r"fortnightly|monthly|yearly|annually|routinely)\b",
    re.IGNORECASE,
)


def event_day(text: str, said: date, *, horizon_days: int) -> date | None:
    """The day close at hand that ``text`` (said on ``said``) is about, if it is a
    one-off note (see the module doc); else None."""
    if _RECURS.search(text) or _PLURAL_DAY.search(text) or _PAST.search(text):
        return None
    if _NOW_DAY.search(text):
        return None
    days: list[date] = []
    for m in _ANCHOR.finditer(text):
        if m["dat"]:
            days.append(said + timedelta(days=2))
        elif m["today"]:
            days.append(said)
        elif m["tomorrow"]:
            days.append(said + timedelta(days=1))
        elif m["wd"]:
            target = WEEKDAYS.index(m["wd"].lower())
            ahead = (target - said.weekday()) % 7
            if ahead == 0 and not m.group(0).lower().startswith("on"):
                ahead = 7  # "next Thursday" said on a Thursday
            days.append(said + timedelta(days=ahead))
        else:
            raw = m["n"].lower()
            days.append(said + timedelta(days=int(raw) if raw.isdigit() else NUMBER_WORDS[raw]))
    near = [d for d in days if (d - said).days <= horizon_days]
    return max(near) if near and len(near) == len(days) else None


def slot_value(text: str) -> bool:
    """Whether ``text``, having superseded another memory, states a slot's new value
    rather than a note for one day: it names its day only by "on Thursday" (which
    also states a schedule's day; today, tonight, tomorrow, in N days, this / next
    Thursday can only mean one day) and says that something changed, by a cue of
    the update decision's own classes (:mod:`remem.slots.lexicon`: "moved",
    "switched", "now", "from now on" ...). "pharm class is on Tuesday now" after
    "... on Thursdays" is one; "The hay lorry is bringing 60 bales on Monday." after
    the last lorry note is a note."""
    anchors = [m.group(0).lower() for m in _ANCHOR.finditer(text)]
    if not anchors or any(not a.startswith("on ") for a in anchors):
        return False
    words = " " + " ".join(re.findall(r"[a-z']+", text.lower())) + " "
    return any(f" {cue} " in words for cue in (*STRONG_CUES, *WEAK_CUES))


def one_off_day(record: MemoryRecord, horizon_days: int) -> date | None:
    """The day ``record`` is a one-off note about (counted from when it was said:
    ``valid_from``, else its creation), or None."""
    said: datetime = record.valid_from or record.created_at
    return event_day(record.content, said.date(), horizon_days=horizon_days)
