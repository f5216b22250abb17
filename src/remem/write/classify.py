"""Classify a fact: category, kind, tags, entities, relations, strength, sentiment,
importance, tier and salience. Offline keyword and shape rules; every number
that scoring uses comes from :class:`remem.config.Config`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from remem.config import Config
from remem.model import Kind, Sentiment, Strength, Tier, Trust
from remem.write.candidate import CandidateFact, Flag, Relation
from remem.write.intent import detects_memory_intent, wants_permanent
from remem.write.supersede import subject_attribute

# Keyword rules per default category, in priority order (ties go to the first).
CATEGORY_KEYWORDS: dict[str, str] = {
    "incident": r"broke|broken|crash\w*|outage|accident|incident|fail(?:ed|ure)|went down|"
    r"injur\w*|stolen|flood\w*|fire|emergency|data loss|bug in prod|corrupt\w*|hospital",
    "decision": r"decid\w*|decision|we'?ll go with|going with|chose|chosen|opted|settled on|"
    r"agreed to|picked|will use",
    "vehicle": r"car|truck|wrx|subaru|toyota|honda|tesla|ford|bmw|bike|motorcycle|vehicle|"
    r"tires?|miles|mileage|drives?|driving",
    "maintenance": r"oil change|maintenance|service[sd]?|repair\w*|replace\w*|inspection|"
    r"tune-?up|upgrade\w*|patch\w*|renew\w*|due at|filter",
    "health": r"allerg\w*|doctor|medic\w*|health|sick|illness|diet|vegan|vegetarian|therapy|"
    r"mental health|anxiety|pain|surgery|pregnan\w*|gym|workout|run(?:s|ning)?|yoga|sleep",
    "preference": r"prefers?|preferred|likes?|loves?|enjoys?|hates?|dislikes?|avoids?|"
    r"favou?rite|fan of|can't stand|rather|dark mode|light mode",
    "process": r"first\b.*\bthen|steps?|procedure|workflow|process|always run|before (?:you|we)|"
    r"make sure|checklist|deploy\w*|release\w*|means|is defined as|must|need to|require\w*",
    "work": r"job|work(?:s|ed|ing)?|career|office|boss|manager|colleague|team|project|client|"
    r"company|startup|promotion|interview|meeting|counsel\w*|engineer\w*|developer",
    "relationships": r"wife|husband|partner|girlfriend|boyfriend|married|wedding|divorc\w*|"
    r"kids?|children|son|daughter|mom|mother|dad|father|sister|brother|friend\w*|family|"
    r"dating|engaged|parents?",
    "hobbies": r"hik\w*|camp\w*|paint\w*|draw\w*|music|guitar|piano|sing\w*|read(?:s|ing)?|"
    r"books?|novel|garden\w*|cook\w*|bak\w*|travel\w*|photograph\w*|pottery|swim\w*|"
    r"game|gaming|sport\w*|football|soccer|concert|art\b|museum|festival|dance|danc\w*",
    "operational": r"server|config\w*|port|env(?:ironment)?|branch|repo|build|ci\b|pipeline|"
    r"database|api|endpoint|docker|cluster|log\w*|session|currently|for now",
}
_COMPILED = {k: re.compile(rf"\b(?:{v})\b", re.IGNORECASE) for k, v in CATEGORY_KEYWORDS.items()}

_PROCEDURE = re.compile(
    r"\bfirst\b.+\bthen\b|\bstep \d|\bto [a-z]+\b[^.]*,\s*(?:run|use|call|open)\b|"
    r"\balways\b.+\bbefore\b|\bnever\b.+\bwithout\b|\bmake sure to\b|\bthe way to\b",
    re.IGNORECASE,
)
_LESSON = re.compile(
    r"\blearn(?:ed|t) that\b|\blesson\b|\bnext time\b|\bturns out\b|\bshould have\b|"
    r"\bin hindsight\b|\bmistake was\b",
    re.IGNORECASE,
)
_EPISODE = re.compile(
    r"\b(?:went|visited|attended|met|saw|had|took|got|made|bought|moved|started|finished|"
    r"broke|crashed|happened|joined|ran|won|lost|celebrated|travel(?:l)?ed|came back|"
    r"returned|signed up|graduated|adopted|painted|cooked|baked|read|watched|played)\b",
    re.IGNORECASE,
)
_DATE = re.compile(
    r"\b\d{1,2} (?:January|February|March|April|May|June|July|August|September|October|"
    r"November|December) \d{4}\b|\b(?:19|20)\d{2}\b"
)
_SAFETY = re.compile(
    r"\ballerg\w*|\banaphyla\w*|\bepipen\b|\binsulin\b|\bdiabet\w*|\bseizure\w*|"
    r"\bblood type\b|\bmedication\b|\bdosage\b|\bcardiac\b|\bpacemaker\b|\bhazard\w*|"
    r"\bnever (?:run|delete|drop|push)\b.*\bprod\w*",
    re.IGNORECASE,
)
_ACTION = re.compile(
    r"\b(?:due|overdue|deadline|expires?|expiring|renew by|must|need to|needs to|have to|"
    r"has to|todo|to-do|remind\w*|asap|urgent\w*)\b",
    re.IGNORECASE,
)
_TRANSIENT = re.compile(
    r"\b(?:for now|this session|right now|for this task|temporar\w*|currently running|"
    r"in this (?:pr|branch|session|chat)|until (?:tonight|the end of the day)|today only)\b",
    re.IGNORECASE,
)
_CAUSAL = [
    (re.compile(r"^(?P<a>.+?)\s*,?\s+because(?: of)?\s+(?P<b>.+)$", re.I), "caused_by"),
    (re.compile(r"^(?P<a>.+?)\s*,?\s+so that\s+(?P<b>.+)$", re.I), "motivated_by"),
    (re.compile(r"^(?P<a>.+?)\s+requires?\s+(?P<b>.+)$", re.I), "requires"),
    (re.compile(r"^(?P<a>.+?)\s+(?:led|leads) to\s+(?P<b>.+)$", re.I), "resulted_in"),
    (re.compile(r"^(?P<a>.+?)\s+resulted in\s+(?P<b>.+)$", re.I), "resulted_in"),
]
_SVO = [
    (r"owns|has|have|drives|bought", "owns"),
    (r"works (?:at|for)|joined|is employed (?:at|by)", "works_at"),
    (r"lives in|moved to|relocated to|is from|grew up in", "lives_in"),
    (r"is married to|married|is dating|is engaged to", "partner_of"),
    (r"prefers|likes|loves|enjoys", "likes"),
    (r"hates|avoids|dislikes", "dislikes"),
    (r"uses|switched to", "uses"),
]
_STOP = set(
    "a an the and or but if of to in on at by for with from as is are was were be been being "
    "it its this that these those i me my we our you your he she they them his her their "
    "have has had do does did so very really just also not no yes too than then there here "
    "what which who whom when where why how all any some can could would should will shall "
    "may might must about into over after before again more most such only own same other "
    "am up out off down because while until once each both few nor s t don now get got gonna "
    "wanna gotta "
    "like lot lots thing things stuff kind sort pretty well even still around".split()
)
_CHATTER_WORDS = set(
    "wow cool awesome great nice amazing glad happy thanks thank lol haha yeah yep sure ok okay "
    "totally definitely absolutely sounds good love fun hope hey hi hello bye cheers congrats "
    "congratulations sorry aww omg oh ah true right agreed exciting interesting beautiful "
    "fantastic wonderful incredible super inspiring proud feel feeling".split()
)
_NON_ENTITY_CAPS = set(
    "I I'm I've I'd I'll The A An It This That These Those We You He She They My Our Your "
    "His Her Their And But Or So If When Where What Why How Yes No Hey Hi Hello Thanks Oh "
    "Wow Well Also Just Monday Tuesday Wednesday Thursday Friday Saturday Sunday January "
    "February March April May June July August September October November December On In "
    "At For With From By To After Before Since Around During Then There Here Maybe "
    "Please Remember Note Always Never First Next Last".split()
)


def words(text: str) -> list[str]:
    """Word tokens of ``text`` (letters, digits, apostrophes)."""
    return re.findall(r"[A-Za-z0-9][A-Za-z0-9'’\-]*", text)


def is_small_talk(word: str) -> bool:
    """Whether a lower-cased word is a stop word or small talk ("thanks", "great"):
    it tells nothing checkable on its own."""
    return word in _STOP or word in _CHATTER_WORDS


def content_words(text: str) -> list[str]:
    """Lower-cased words of ``text`` that carry meaning (not stop words)."""
    return [w.lower() for w in words(text) if w.lower() not in _STOP and len(w) > 1]


def classify_category(text: str, *, config: Config) -> str:
    """The best-matching category of ``config.categories``.

    Default categories use :data:`CATEGORY_KEYWORDS`; a custom category matches
    when its name (or its stem) appears in the text. Without a match: ``casual``
    if configured, else the first configured category, else ``general``.
    """
    best, best_hits = None, 0
    for name in config.categories:
        pattern = _COMPILED.get(name) or re.compile(rf"\b{re.escape(name[:5])}\w*", re.I)
        hits = len(pattern.findall(text))
        if hits > best_hits:
            best, best_hits = name, hits
    if best is not None:
        return best
    if "casual" in config.categories:
        return "casual"
    return config.categories[0] if config.categories else "general"


def classify_kind(text: str) -> Kind:
    """Procedural (how to do something), lesson, episodic (a dated or past event) or semantic."""
    if _PROCEDURE.search(text):
        return Kind.PROCEDURAL
    if _LESSON.search(text):
        return Kind.LESSON
    if _EPISODE.search(text) and (_DATE.search(text) or re.search(r"\b(?:went|visited)\b", text)):
        return Kind.EPISODIC
    return Kind.SEMANTIC


def extract_tags(text: str, *, limit: int = 6, exclude: Iterable[str] = ()) -> list[str]:
    """Up to ``limit`` keywords of ``text``: content words, longest first, without ``exclude``."""
    skip = {e.lower() for e in exclude}
    seen: dict[str, None] = {}
    for word in content_words(text):
        word = word.strip("'’-")
        if len(word) > 2 and not word.isdigit() and word not in skip and not word.endswith("'s"):
            seen.setdefault(word, None)
    return sorted(seen, key=len, reverse=True)[:limit]


def extract_entities(text: str, *, known: Iterable[str] = ()) -> list[str]:
    """Named things in ``text``: known names present, then capitalised spans and acronyms."""
    found: dict[str, None] = {}
    for name in known:
        if name and re.search(rf"\b{re.escape(name)}\b", text):
            found.setdefault(name, None)
    span = re.compile(
        r"(?<![\w'])(?:[A-Z][\w&.\-]*[A-Za-z0-9]|[A-Z])(?:\s+(?:of\s+|de\s+)?[A-Z][\w&.\-]*)*"
    )
    for match in span.finditer(text):
        value = match.group(0).strip(".-")
        tokens = value.split()
        while tokens and tokens[0] in _NON_ENTITY_CAPS:
            tokens = tokens[1:]
        if not tokens:
            continue
        value = " ".join(tokens)
        at_start = match.start() == 0 or text[: match.start()].rstrip()[-1:] in {".", "!", "?"}
        acronym = len(value) >= 2 and (value.isupper() or any(c.isdigit() for c in value))
        if at_start and len(tokens) == 1 and not acronym and value not in found:
            continue
        if value.endswith("'s"):
            value = value[:-2]
        found.setdefault(value, None)
    return list(found)


def extract_relations(text: str, entities: Iterable[str] = ()) -> list[Relation]:
    """Relations the text states: subject–verb–object between entities, and causal links."""
    relations: list[Relation] = []
    body = text.strip().rstrip(".!")
    ents = [e for e in entities if e]
    for entity in ents:
        for verbs, predicate in _SVO:
            match = re.search(
                rf"\b{re.escape(entity)}\s+(?:{verbs})\s+(?:(?:a|an|the|her|his|their|new)\s+)*"
                r"(?P<obj>[\w\-' ]{2,40}?)(?=[,.;!?]|\s+(?:and|but|because|since|which|on|in|at|"
                r"for|with|to)\b|$)",
                body,
            )
            if match:
                relations.append(Relation(entity, predicate, match["obj"].strip()))
                break
    for pattern, predicate in _CAUSAL:
        match = pattern.match(body)
        if match:
            left = " ".join(match["a"].split()[-10:])
            right = " ".join(match["b"].split()[:12])
            relations.append(Relation(left, predicate, right))
    return relations


def confidence_for(strength: Strength, *, config: Config) -> float:
    """Starting confidence for a strength: explicit, implied, inferred (from config)."""
    return {
        Strength.EXPLICIT: config.strength_explicit,
        Strength.IMPLIED: config.strength_implied,
        Strength.INFERRED: config.strength_inferred,
    }[strength]


def detect_sentiment(text: str) -> Sentiment:
    """Frustrated, excited, uncertain or neutral, from cue words."""
    if re.search(
        r"\b(?:frustrat\w*|annoy\w*|ugh|sick of|fed up|tired of|hate|furious|angry|"
        r"keeps? (?:failing|breaking|crashing)|again\?!|ridiculous|terrible)\b",
        text,
        re.I,
    ):
        return Sentiment.FRUSTRATED
    if re.search(
        r"\b(?:excit\w*|thrilled|can't wait|amazing|awesome|love|loved|fantastic|stoked|"
        r"so happy|incredible|wonderful)\b|!{1,}\s*$",
        text,
        re.I,
    ):
        return Sentiment.EXCITED
    if re.search(
        r"\b(?:not sure|maybe|perhaps|probably|i think|might|unsure)\b|\?\s*$", text, re.I
    ):
        return Sentiment.UNCERTAIN
    return Sentiment.NEUTRAL


def importance_for(
    category: str,
    *,
    config: Config,
    remember: bool = False,
    action: bool = False,
    untrusted: bool = False,
) -> float:
    """Category weight + remember bonus + action bonus, times the untrusted factor, in 0..1."""
    value = config.category_weights.get(category, config.default_category_weight)
    if remember:
        value += config.remember_bonus
    if action:
        value += config.action_bonus
    if untrusted:
        value *= config.untrusted_importance_factor
    return max(0.0, min(1.0, value))


def classify_tier(text: str, *, flags: Iterable[Flag] = (), category: str | None = None) -> Tier:
    """Permanent (asked for, or safety-critical), transient (session-only notes) or standard."""
    flag_set = set(flags)
    if Flag.PERMANENT_REQUESTED in flag_set or Flag.SAFETY_CRITICAL in flag_set:
        return Tier.PERMANENT
    if Flag.REMEMBER_REQUESTED not in flag_set and _TRANSIENT.search(text):
        return Tier.TRANSIENT
    return Tier.STANDARD


def salience(text: str, kind: Kind, *, pinned: bool = False) -> float:
    """How much a fact stands out, 0..1: information density, length, kind, pinning."""
    all_words = words(text)
    if not all_words:
        return 0.0
    density = len(content_words(text)) / len(all_words)
    length = min(len(all_words) / 12, 1.0)
    boost = {Kind.PROCEDURAL: 0.2, Kind.LESSON: 0.2, Kind.EPISODIC: 0.1}.get(kind, 0.05)
    value = 0.5 * density + 0.25 * length + boost + (0.3 if pinned else 0.0)
    return round(max(0.0, min(1.0, value)), 3)


def detect_flags(text: str) -> set[Flag]:
    """Flags readable from the text itself (remember, permanent, action, safety)."""
    flags: set[Flag] = set()
    if detects_memory_intent(text):
        flags.add(Flag.REMEMBER_REQUESTED)
    if wants_permanent(text):
        flags |= {Flag.PERMANENT_REQUESTED, Flag.REMEMBER_REQUESTED}
    if _ACTION.search(text):
        flags.add(Flag.ACTION_REQUIRED)
    if _SAFETY.search(text):
        flags.add(Flag.SAFETY_CRITICAL)
    return flags


def is_informative(text: str, *, ignore: Iterable[str] = ()) -> bool:
    """Whether ``text`` says something checkable: a number, a named thing, or two
    content words that are not small talk (names in ``ignore`` do not count)."""
    skip = {w.lower() for w in ignore}
    if re.search(r"\d", text):
        return True
    if [e for e in extract_entities(text) if e.lower() not in skip]:
        return True
    meaningful = [w for w in content_words(text) if w not in _CHATTER_WORDS and w not in skip]
    return len(meaningful) >= 2


def build_candidate(
    content: str,
    *,
    config: Config,
    speaker: str | None = None,
    strength: Strength = Strength.EXPLICIT,
    trust: Trust = Trust.TRUSTED,
    flags: Iterable[Flag] = (),
    known_entities: Iterable[str] = (),
    category: str | None = None,
    extractor_version: str = "",
) -> CandidateFact:
    """A fully classified :class:`CandidateFact` for ``content``.

    Also the way to gate a plain ``Memory.add(content)``: build, then :func:`gate`.
    ``category`` overrides the keyword rules when it is one of ``config.categories``.
    """
    all_flags = set(flags) | detect_flags(content)
    if trust is Trust.UNTRUSTED:  # content from a tool or a page cannot ask to be kept
        all_flags.discard(Flag.PERMANENT_REQUESTED)
    if category is None or category not in config.categories:
        category = classify_category(content, config=config)
    kind = classify_kind(content)
    entities = extract_entities(content, known=[*known_entities, *([speaker] if speaker else [])])
    slot = subject_attribute(content)
    return CandidateFact(
        content=content,
        speaker=speaker,
        category=category,
        kind=kind,
        tags=extract_tags(content, exclude=[speaker or ""]),
        entities=entities,
        relations=extract_relations(content, entities),
        importance=importance_for(
            category,
            config=config,
            remember=Flag.REMEMBER_REQUESTED in all_flags,
            action=Flag.ACTION_REQUIRED in all_flags,
            untrusted=trust is Trust.UNTRUSTED,
        ),
        tier=classify_tier(content, flags=all_flags, category=category),
        confidence=confidence_for(strength, config=config),
        strength=strength,
        sentiment=detect_sentiment(content),
        source_trust=trust,
        salience=salience(content, kind, pinned=Flag.PINNED in all_flags),
        subject=slot[0] if slot else None,
        attribute=slot[1] if slot else None,
        flags=all_flags,
        extractor_version=extractor_version,
    )
