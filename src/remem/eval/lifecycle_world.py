"""The simulated year of :mod:`remem.eval.lifecycle_sim`: what Sam says on each day
(stable facts, facts that are updated, operational notes, chatter), generated from
a seed. See that module's doc for what the generator assumes.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime

START = datetime(2030, 1, 7, 8, 0, tzinfo=UTC)
USER = "sam"

NAMES = (
    "Lena Maya Omar Priya Tomas Ingrid Kenji Farah Diego Aisha Bruno Chloe Dmitri Elif Felix "
    "Greta Hugo Ines Jonas Keiko Luca Marta Nadia Oscar Paula Rafael Selma Theo Uma Viktor "
    "Wanda Yusuf Zora Anton Beatriz Cyril Dalia Emil Freya Goran"
).split()
CITIES = (
    "Porto Lyon Tampere Graz Utrecht Bergen Leipzig Ghent Bilbao Turin Krakow Aarhus Galway "
    "Brno Lucerne Split Riga Tartu Malmo Bologna"
).split()
RELATIONS = "sister brother cousin aunt uncle neighbour friend colleague godson niece".split()
JOBS = "nurse architect pilot baker teacher chemist lawyer plumber editor surveyor".split()
COMPANIES = (
    "Norvik Alcyon Brightwell Quillon Tessaract Verdano Helmsley Oakhurst Pellucid Zentara "
    "Corvane Maribel"
).split()
ITEMS = {
    "car": "Volvo Subaru Skoda Mazda Renault Toyota".split(),
    "bike": "Trek Cannondale Brompton Giant Canyon".split(),
    "laptop": "ThinkPad MacBook Framework Zenbook".split(),
    "camera": "Fujifilm Leica Nikon Olympus".split(),
    "watch": "Garmin Casio Seiko Tissot".split(),
}
SERVICES = "internet electricity insurance mobile banking gas".split()
FOODS = "peanuts shellfish sesame penicillin kiwi".split()
WEEKDAYS = "Monday Tuesday Wednesday Thursday Friday".split()
HOURS = "8:30 9:00 9:30 10:00 10:30 11:00 14:00 15:30 16:00".split()
EDITORS = "Vim Emacs Helix Zed Sublime".split()
PROJECTS = "Atlas Beacon Cobalt Delta Ember Falcon".split()
MONTHS = "March April May June July September October November".split()
SERVICES_OPS = "billing search payments gateway auth ingest reports mailer".split()
ENVS = "staging production canary".split()
CHATTER = (
    "good morning!",
    "thanks, that helps a lot",
    "ok cool",
    "haha nice one",
    "let me think about it",
    "sounds good to me",
    "that is great, thank you",
    "hmm, not sure",
)


@dataclass(slots=True, eq=False)  # hashed by identity: drawn by weight, once a session
class Fact:
    """Something that still matters at the end: a stable fact or an updated slot."""

    key: str  # the subject (a name, an item, a slot): must be in the memory found
    question: str
    values: list[tuple[int, str, str]]  # (day, statement, value) in order; the last is current
    weight: float
    permanent: bool = False

    @property
    def answer(self) -> str:
        return self.values[-1][2]

    def current(self, day: int) -> tuple[str, str] | None:
        """(statement, value) in force on ``day``, if it was said by then."""
        said = [(s, v) for d, s, v in self.values if d <= day]
        return said[-1] if said else None


@dataclass(slots=True)
class Note:
    """An operational note: it matters from ``day`` to ``until``, then never again."""

    day: int
    until: int
    text: str
    question: str
    key: str


@dataclass(slots=True)
class Year:
    """The generated year: facts, notes and chatter, and its parameters."""

    seed: int
    days: int
    facts: list[Fact]
    notes: list[Note]
    chatter: dict[int, list[str]]
    queries_per_day: int


def generate(
    seed: int,
    *,
    days: int = 365,
    stable: int = 36,
    updated: int = 10,
    notes_per_day: int = 4,
    chatter_per_day: int = 2,
    queries_per_day: int = 3,
) -> Year:
    """A year of Sam's life (see the module docstring for what it assumes)."""
    rng = random.Random(seed)
    names = rng.sample(NAMES, len(NAMES))
    facts: list[Fact] = []
    first_day = lambda: rng.randrange(0, 30)  # noqa: E731
    weight = lambda: rng.uniform(0.5, 1.5)  # noqa: E731
    food = rng.choice(FOODS)
    facts.append(
        Fact("allergic", "What is Sam allergic to?",
             [(0, f"Sam is allergic to {food}.", food)], 1.0, permanent=True)
    )  # fmt: skip
    makers: list[Callable[[], Fact]] = []

    def person() -> Fact:
        name = names.pop()
        city, rel = rng.choice(CITIES), rng.choice(RELATIONS)
        text = f"{name}, Sam's {rel}, lives in {city}."
        return Fact(name, f"Where does {name} live?", [(first_day(), text, city)], weight())

    def job() -> Fact:
        name = names.pop()
        company, role = rng.choice(COMPANIES), rng.choice(JOBS)
        text = f"{name} works as a {role} at {company}."
        return Fact(name, f"Where does {name} work?", [(first_day(), text, company)], weight())

    items = list(ITEMS)
    rng.shuffle(items)
    services = list(SERVICES)
    rng.shuffle(services)

    def item() -> Fact:
        thing = items.pop()
        brand = rng.choice(ITEMS[thing])
        text = f"Sam's {thing} is a {brand}, bought second hand."
        return Fact(thing, f"What {thing} does Sam have?", [(first_day(), text, brand)], weight())

    def service() -> Fact:
        what = services.pop()
        company = rng.choice(COMPANIES)
        text = f"Sam's {what} provider is {company}."
        question = f"Who is Sam's {what} provider?"
        return Fact(what, question, [(first_day(), text, company)], weight())

    makers = [person, job]
    while len(facts) < stable:
        choice = rng.random()
        if choice < 0.12 and items:
            facts.append(item())
        elif choice < 0.24 and services:
            facts.append(service())
        else:
            facts.append(rng.choice(makers)())
    facts += _updated(rng, updated, days)
    notes = _notes(rng, days, notes_per_day)
    chatter = {d: [rng.choice(CHATTER) for _ in range(chatter_per_day)] for d in range(days)}
    return Year(seed, days, facts, notes, chatter, queries_per_day)


def _updated(rng: random.Random, n: int, days: int) -> list[Fact]:
    """Slots whose value changes 1-3 times in the year (the last value is current)."""
    kinds = ["meeting", "home", "work", "editor"] + [f"project:{p}" for p in PROJECTS]
    rng.shuffle(kinds)
    out = []
    for kind in kinds[:n]:
        changes = rng.randint(1, 3)
        when = sorted([rng.randrange(0, 30), *rng.sample(range(40, days - 20), changes)])
        values: list[tuple[int, str, str]] = []
        for i, day in enumerate(when):
            first = i == 0
            if kind == "meeting":
                value = f"{rng.choice(WEEKDAYS)} at {rng.choice(HOURS)}"
                text = (
                    f"Sam's weekly team meeting is on {value}."
                    if first
                    else f"Sam's weekly team meeting moved to {value}."
                )
                key, question = "team meeting", "When is Sam's weekly team meeting?"
            elif kind == "home":
                value = rng.choice(CITIES)
                text = f"Sam lives in {value}." if first else f"Sam has moved to {value}."
                key, question = "Sam", "Where does Sam live?"
            elif kind == "work":
                value = rng.choice(COMPANIES)
                text = f"Sam works at {value}." if first else f"Sam now works at {value}."
                key, question = "Sam", "Where does Sam work?"
            elif kind == "editor":
                value = rng.choice(EDITORS)
                text = (
                    f"Sam uses {value} for coding."
                    if first
                    else f"Sam switched to {value} for coding."
                )
                key, question = "Sam", "Which editor does Sam use?"
            else:
                project = kind.split(":")[1]
                value = f"{rng.choice(MONTHS)} {rng.randint(2, 28)}"
                text = (
                    f"The {project} project deadline is {value}."
                    if first
                    else f"The {project} project deadline moved to {value}."
                )
                key, question = project, f"When is the {project} project deadline?"
            if values and values[-1][2] == value:
                continue
            values.append((day, text, value))
        out.append(Fact(key, question, values, rng.uniform(0.5, 1.5)))
    return out


def _notes(rng: random.Random, days: int, per_day: int) -> list[Note]:
    notes = []
    serial = 1000
    for day in range(days):
        for _ in range(per_day):
            serial += rng.randint(1, 9)
            service, env = rng.choice(SERVICES_OPS), rng.choice(ENVS)
            hour = f"{rng.randint(7, 19)}:{rng.choice(('05', '20', '35', '50'))}"
            form = rng.randrange(4)
            if form == 0:
                text = f"Deploy {serial} of the {service} service to {env} failed at {hour}."
                question, key = f"What happened to deploy {serial}?", str(serial)
            elif form == 1:
                who = rng.choice(NAMES)
                text = f"Ticket OPS-{serial} about {service} is blocked on {who}'s review."
                question, key = f"Why is ticket OPS-{serial} blocked?", f"OPS-{serial}"
            elif form == 2:
                text = f"Room {serial % 40 + 1} is booked for the {service} retro at {hour}."
                question, key = f"When is the {service} retro?", f"{service} retro"
            else:
                minutes = rng.randint(4, 55)
                text = f"Build {serial} of {service} took {minutes} minutes on {env}."
                question, key = f"How long did build {serial} take?", str(serial)
            notes.append(Note(day, day + rng.randint(1, 5), text, question, key))
    return notes
