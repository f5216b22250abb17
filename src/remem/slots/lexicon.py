"""Word lists behind update detection: cues, attribute families, verbs.

General English knowledge, not tuned to any data set: what words signal that a
value changed ("moved", "switched", "no longer"), that a fact adds to another
rather than replacing it ("also", "another"), that a value ended ("left
Google", "Max passed away"), and which words talk about the same attribute of
a person ("lives", "apartment", "relocated" are all about where someone lives).
"""

from __future__ import annotations

import re

# -- change cues ---------------------------------------------------------------------
# A strong cue says a value changed; each may name the attribute families it
# usually changes (a cue that targets a family the old fact talks about counts
# extra: "broke up" changes a relationship, "postponed" a date).
STRONG_CUES: dict[str, tuple[str, ...]] = {
    "moved": ("home", "schedule", "job", "tool"), "move": ("home",), "moving": ("home",),
    "relocated": ("home", "job"), "relocate": ("home",), "packed up": ("home",),
    "switched": ("tool", "vehicle", "phone", "diet", "hobby", "job", "price", "provider",
                 "preference"),
    "switch": ("tool",), "changed": (), "change": (), "replaced": ("tool", "vehicle", "phone"),
    "swapped": ("tool",), "migrated": ("tool", "provider"), "transferred": ("job", "school", "provider"),
    "upgraded": ("tool", "version", "phone", "vehicle"), "downgraded": ("tool", "version"),
    "renamed": ("name",), "rebranded": ("name",), "rescheduled": ("schedule",),
    "postponed": ("schedule",), "pushed": ("schedule",), "delayed": ("schedule",),
    "brought forward": ("schedule",), "moved up": ("schedule",), "bumped": ("schedule", "price"),
    "rewrote": ("tool",), "rewritten": ("tool",), "rebuilt": ("tool",), "ported": ("tool",),
    "converted": ("tool",), "promoted": ("role",), "demoted": ("role",),
    "hired": ("job",), "left": ("job", "home", "relationship"),
    "quit": ("job", "hobby", "diet"), "resigned": ("job", "role"), "retired": ("job", "role"),
    "fired": ("job",), "laid off": ("job",), "stepped down": ("role", "job"),
    "became": ("role", "diet"), "become": ("role", "diet"), "went": ("diet", "role"),
    "gave up": ("hobby", "diet"), "stopped": ("hobby", "diet"),
    "dropped": ("price", "tool", "provider", "hobby"), "cancelled": ("provider", "tool", "schedule"),
    "canceled": ("provider", "tool", "schedule"), "sold": ("vehicle", "home"),
    "closed": ("provider",), "ended": ("relationship",), "broke up": ("relationship",),
    "split up": ("relationship",), "splits up": ("relationship",), "separated": ("relationship",),
    "divorced": ("relationship",), "married": ("relationship",), "engaged": ("relationship",),
    "went up": ("price",), "went down": ("price",), "rose": ("price", "count"),
    "raised": ("price",), "increased": ("price", "count"), "decreased": ("price", "count"),
    "fell": ("price", "count"), "grew": ("count",), "shrank": ("count",), "cut": ("price",),
    "got a raise": ("price",), "graduated": ("school",), "passed away": ("pet",), "died": ("pet",),
    "stolen": ("vehicle", "phone"), "ran away": ("pet",), "no longer": (), "not anymore": (),
    "instead": (), "used to": (), "anymore": (), "actually": (), "correction": (),
    "back to": ("diet", "hobby", "job", "preference", "tool", "schedule"),
    "shipped": ("version",), "released": ("version",), "rolled out": ("version", "tool"),
}  # fmt: skip
# A weak cue says the fact is current, which only matters beside other evidence.
WEAK_CUES = (
    "now", "nowadays", "these days", "currently", "lately", "recently", "new", "latest",
    # beginnings: something new, which replaces only together with other evidence
    "started", "began", "joined", "took up",
    "at the moment", "as of", "starting", "from now on", "this year",
)  # fmt: skip
# Additive cues: the new fact adds to the old one ("we also adopted a rabbit").
ADDITIVE_CUES = (
    "also", "too", "as well", "another", "second", "third", "additional", "again", "both",
    "in addition", "besides", "plus", "other",
)  # fmt: skip

# A cue that ends a value when it sits next to that value: "left Google", "from
# Flask", "sold the Civic", "Max passed away", "my Trek got stolen".
ENDING_BEFORE = re.compile(
    r"\b(?:left|quit|replaced|replacing|sold|gave up|giving up|stopped|dropped|cancell?ed|"
    r"closed|ended|out of|off(?: of)?|away from|instead of|rather than|no longer|not|"
    r"broke up with|split (?:up )?(?:with|from)|divorced|stepped down|retired from|"
    r"graduated from|finished|ditched|abandoned|moved on from|got rid of|switched (?:away )?from|"
    r"migrated (?:away )?(?:from|off)|swapped|lost|turned in|returned|"
    # the same verbs said as under way ("we are leaving X", "switching from X")
    r"leaving|quitting|dropping|ditching|abandoning|moving on from|getting rid of|"
    r"switching (?:away )?from|migrating (?:away )?(?:from|off))\b",
    re.IGNORECASE,
)
ENDING_AFTER = re.compile(
    r"^\s*(?:(?:was|were|got|has been|have been|is|are)\s+)?(?:closed|shut down|passed away|"
    r"died|ran away|stolen|broke down|went out of business|retired|left|moved away|sold|"
    r"gone|over|ended|cancell?ed|discontinued|deprecated|replaced|no more|any ?more)\b",
    re.IGNORECASE,
)

# The words that place one step of a routine relative to another ("showers before
# breakfast" / "after breakfast"): an order is a value of a habit, like a time.
ORDER_WORDS = frozenset("before after first last earlier later beforehand afterwards".split())

# -- attribute families --------------------------------------------------------------
# Words that talk about the same attribute of a subject (stemmed when loaded). A
# fact's family labels join its template words, so "lives" and "apartment" overlap.
FAMILIES: dict[str, str] = {
    "home": "live lives living reside based home house apartment flat condo place city town "
            "neighborhood neighbourhood rent landlord address relocate",
    "job": "work works job employer employee employed company firm hired career teach teaches "
           "office startup business",
    "role": "role title position promoted junior senior lead head manager director developer "
            "engineer nurse teacher accountant pharmacist doctor lawyer designer intern rank "
            "sergeant lieutenant captain chief ceo cto coo cfo vp president analyst consultant",
    "relationship": "dating date girlfriend boyfriend partner wife husband spouse married "
                    "engaged divorced single relationship fiance fiancee",
    "pet": "pet dog cat puppy kitten rabbit parrot bird hamster fish retriever beagle husky "
           "terrier poodle labrador",
    "diet": "diet vegan vegetarian pescatarian keto paleo gluten meat eat eats dairy",
    "vehicle": "car drive drives truck suv sedan motorcycle scooter van bike bicycle",
    "commute": "commute commutes bus train subway bike drive walk ride rides cycle",
    "phone": "phone smartphone iphone android mobile",
    "schedule": "scheduled schedule planned deadline appointment meeting due launch demo review "
                "standup wedding flight event sync hours days time opens leaves starts delivery "
                "release date session class",
    "price": "price cost costs rent fee salary paid pays pay bill membership charge rate budget "
             "wage earns makes subscription plan",
    "school": "school college university class grade student attends academy elementary "
              "kindergarten",
    "tool": "use uses tool app software platform runs hosted database framework written track "
            "ci editor chat notes server stack library language deploy backend frontend cloud",
    "provider": "provider bank insurance carrier internet isp account subscription plan service "
                "insurer",
    "health": "doctor dentist physician therapist clinic medication allergic prescription gp",
    "hobby": "play plays sport hobby learning learn reading read book instrument club practice "
             "training swim swims running exercise gym lesson",
    "weight": "weigh weighs weight kg kilo kilos lbs pounds",
    "count": "kids children child engineers members people staff employees nodes size",
    "name": "name named called renamed",
    "favorite": "favorite favourite",
    "preference": "prefer prefers preferred favorite favourite mode theme setting settings",
    "version": "version release upgraded",
}  # fmt: skip

# People a possessive may name ("Sam's manager works ..." is about the manager,
# not about Sam).
RELATION_NOUNS = frozenset(
    "son daughter kid kids child children wife husband partner spouse brother sister sibling "
    "siblings mother father mom mum dad parent parents grandmother grandfather grandma grandpa "
    "aunt uncle cousin niece nephew friend friends boss manager colleague colleagues coworker "
    "coworkers roommate neighbor neighbour girlfriend boyfriend fiance fiancee team teammate "
    "assistant landlord doctor dentist family in-laws baby".split()
)
# Groups the speaker is part of: "our team", "Chloe's family" are the speaker with others.
GROUP_NOUNS = frozenset("team family household".split())

# -- grammar -------------------------------------------------------------------------
# Verbs of saying: their subject reports a statement about something else ("my vet
# said once a day is plenty"); the grammatical class, not a list of cases.
REPORTING = frozenset(
    "say says said tell tells told reckon reckons reckoned think thinks thought "
    "recommend recommends recommended suggest suggests suggested advise advises advised".split()
)
COPULAS = frozenset("is are was were am be been being 's".split())
AUXILIARIES = frozenset(
    "is are was were am be been being has have had do does did will would can could shall "
    "should may might must got gets get".split()
)
DETERMINERS = frozenset(
    "the a an our my your his her their its this that these those every each some any "
    "no all".split()
)
PREPOSITIONS = frozenset(
    "of in on at for to from with by about into onto over under near behind after before "
    "since until during via per as than off out up down back through around between".split()
)
# Function words and light verbs: never part of an attribute's template.
LIGHT = frozenset(
    """a an and are as at be been but by did do does for from had has have he her hers him
    his how i if in into is it its me my of on or our she so than that the their them then
    there these they this to was we were what when where which who whom why will with would
    you your about after also any can could just more most not only other over some such very
    am get gets got getting make makes made really still even own others there here one ones
    every each all both up down out off per via onto near behind before since until during
    through around between being 's s thing things stuff way lot lots bit kind sort part""".split()
)
# Past-tense forms that are not "-ed" (from the extractor's list and a few more).
IRREGULAR_PAST = frozenset(
    """was were went got had did made took saw came ran bought found felt thought left met began
    knew told said kept brought sold won lost wrote read put set cut hit let quit became gave
    spent built sent taught caught fell drove flew grew threw wore ate drank swam sang heard
    held stood understood sat slept paid led lay rode broke chose forgot hung meant lit shot
    shut spoke stole struck woke""".split()
)
# Adjectives ending in -ed that describe a state, not an event.
STATE_PARTICIPLES = frozenset(
    "based married engaged divorced retired scheduled planned located employed interested "
    "allergic named called tired excited worried".split()
)
