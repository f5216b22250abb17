"""Injection evidence: how much a text reads as an instruction aimed at the agent,
scored from structure, in any of fifteen languages.

The pattern sets of :mod:`remem.write.injection` catch the usual English cue
phrases. This module scores what an injection has to do, whatever its words,
from the concepts of :mod:`remem.write.injection_lexicon` and how they co-occur
in one sentence:

=============  =========================================================  ======  =====  =========
feature        what it is                                                 trusted adopt  untrusted
=============  =========================================================  ======  =====  =========
override       disregard + instructions + which ones (prior, all, system)    4      4       4
exfiltration   send + a secret + somewhere outside, not negated              4      4       4
precedence     "take precedence", "only valid", "this file wins" + rules     3      3       3
concealment    not + tell + the user ("don't mention it to the user")        3      3       3
address        the assistant addressed: "AI assistant:", "note for the bot"  2      3       3
authority      a role label ("SYSTEM:", "Memory directive:")                 1      2       2
relay          "the user wants you to", "forwarded by", "new policy"         2      2       2
decode order   "decode and follow"                                           2      2       2
unasked        "without asking", "don't ask for confirmation"                1      2       2
consent        "the user already approved" (2 when blanket: all, future)     1      2       2
planted        a wish, preference or trust claimed for the user, asserted    0      0       1
               not conditioned ("the user prefers X", "Vorliebe des Nutzers")
danger         destructive commands, weakened safety, skipped checks         1      2       2
forever        "permanent", "in every future session", "cannot be removed"   1      1       1
memory         an order to the memory ("remember", "store this as a rule",   0      0       1
               "delete every memory about the user's ...")
conduct        how the assistant behaves (:mod:`remem.write.conduct`)         0      0       1
directive      a clause opening with an imperative of memory or conduct      0      0       1
               ("remember the ...", "store as ...", "only ever suggest ...",
               "forget that ...", "overwrite the stored ...")
standing       an imperative with a standing scope: "always <verb> ...",     0      0       1
               "whenever ..., <verb> ...", "<verb> ... for every question"
reader         addressed to whoever processes it ("whoever reads this",      0      0       1
               "whoever converts this chart")
=============  =========================================================  ======  =====  =========

Each feature counts once, with the weight of the context the text is judged in:
``trusted`` (a user's own message, threshold 4), ``adopt`` (a text that becomes
a lesson or a rule, threshold 3: what a correction naturally is — a standing
order, an order to remember — counts for nothing), ``untrusted`` (tool output,
web pages, and the side regions of a pasted message, threshold 2) and
``hidden`` (what a reader of the pasted message never sees, threshold 1). Every
view of the text is scored (:func:`remem.textnorm.views`: normalised, skeleton,
decoded payloads) and the best one counts. The weights and thresholds were set
on the dev half of the blind corpora (docs/benchmarks.md#prompt-injection).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from remem.textnorm import views
from remem.write.conduct import conduct_phrase
from remem.write.evidence_scope import aimed, standing, told
from remem.write.evidence_stake import STAKES, claim, stake
from remem.write.injection_lexicon import compiled

__all__ = [
    "ADOPT",
    "HIDDEN",
    "THRESHOLD",
    "TRUSTED",
    "UNTRUSTED",
    "WEIGHTS",
    "Evidence",
    "assess",
    "may_address",
]

TRUSTED, ADOPT, UNTRUSTED, HIDDEN = "trusted", "adopt", "untrusted", "hidden"
THRESHOLD = {TRUSTED: 4.0, ADOPT: 3.0, UNTRUSTED: 2.0, HIDDEN: 1.0}
_COLUMN = {TRUSTED: 0, ADOPT: 1, UNTRUSTED: 2, HIDDEN: 2}
WEIGHTS: dict[str, tuple[float, float, float]] = {
    "override": (4, 4, 4),
    "exfiltration": (4, 4, 4),
    "precedence": (3, 3, 3),
    "concealment": (3, 3, 3),
    "address": (2, 3, 3),
    "authority": (1, 2, 2),
    "relay": (2, 2, 2),
    "trust": (2, 3, 3),
    "decode": (2, 2, 2),
    "unasked": (1, 2, 2),
    "consent": (1, 2, 2),
    "consent_once": (0, 1, 1),
    "planted": (0, 0, 1),
    "danger": (1, 2, 2),
    "forever": (1, 1, 1),
    "entrench": (2, 2, 2),
    "henceforth": (0, 1, 0),
    "memory": (0, 0, 1),
    "conduct": (0, 1, 1),
    "directive": (0, 0, 1),
    "standing": (0, 0, 1),
    "reader": (0, 0, 1),
    "aimed": (0, 0, 1),
    "party": (0, 0, 1),
    "output": (0, 0, 1),
    "stake": (0, 0, 1),
    "checked": (0, 0, 1),
    "waived": (0, 0, 1),
    "claim": (0, 0, 1),
    "told": (0, 0, 1),
}
# Counted only in a hidden region (what a reader never sees is not written for them):
# the assistant named as a party, the subject of an obligation or the one a note is
# for ("AI agents filling this form must ...", "Hinweis: Der Assistent soll ...").
HIDDEN_ONLY: dict[str, float] = {"machine": 1}
_C = compiled()
_FOR_BEFORE = re.compile(
    r"\b(?:for|to|für|pour|para|per|voor|dla|для)\s+(?:the\s+|any\s+|all\s+|an?\s+|your\s+)?$"
)
_SENTENCE = re.compile(r"(?<=[.!?])\s+|[\n。！？；;]+")
# A segment's head: where an address ("AI assistant:") or a role label sits.
_HEAD_BREAK = re.compile(r"[:：,，]|\s[-–—]\s")
_LEAD = re.compile(r"^[\s\"'“”«»(\[{<>*#\-•|]*(?:p\.?\s?s\.?\s*)?", re.I)
_NOTE = re.compile(
    r"\b(?:note|notes|notice|message|memo|hint|instructions?|directives?|reminder|attention|"
    r"hinweis|notiz|nota|uwaga|opmerking|not|заметка|примечание|важно)\b|提示|说明|注意|"
    r"ملاحظة|नोट",
    re.I,
)
# Words that may follow the assistant's name in an address: "Model instructions:".
_TRAILING = re.compile(
    r"instructions?|directives?|notes?|notu?|memory|update|override|prompt|rules|des|reviewers?|"
    r"summari[sz]ers?|graders?|evaluators?|judges?|readers?|helpers?|crawlers?|scrapers?|"
    r"的提示|के|लिए|नोट|へ",
    re.I,
)
_TO = re.compile(
    r"\b(?:to|for|für|an|pour|à|para|per|voor|dla|için|для|dear|hey|hi|attn|attention)\b|"
    r"给|へ|에게|لل|के लिए",
    re.I,
)
_ROLES = (
    r"system|admin|administrator|developer|root|operator|memory|sistema|système|"
    r"systeem|systemu?|sistem|систем\w*|администратор\w*|系统|システム|시스템|النظام|सिस्टम|"
    r"管理员|管理者|관리자|المسؤول|व्यवस्थापक"
)
_LABEL = re.compile(
    rf"^(?:{_ROLES})"
    r"(?:\s*(?:override|instruction|instructions|directive|update|notice|policy|prompt|"
    r"message|maintenance notice|note|notes|hinweis|指令|指示|命令|지시|명령))?$",
    re.I,
)
_BRACKET = re.compile(
    r"^\W{0,3}[\[(<{]\s*(?:system|sys|admin|administrator|developer|dev|root|operator|"
    r"security|moderator|owner)\s*[\])>}]",
    re.I,
)
_IF_AI = re.compile(
    r"\bif\s+(?:you\s+are|you're|an?|any|the)\s+(?:an?\s+)?(?:ai|llm|language\s+model|assistant|"
    r"agent|bot|model)\b|\b(?:ai|llm|assistant|agent|model|bot)s?\s+(?:reading|processing|"
    r"summari[sz]ing|reviewing|parsing)\b|@(?:assistant|ai|bot|claude|gpt|copilot)\b",
    re.I,
)
_BLANKET = re.compile(
    r"\b(?:all future|any|every|everything|anything|future|always|forever|without|no need|"
    r"from now on|unlimited|todos?|todas?|alle|tous|toutes|tutti|wszystk\w*|tüm|все)\b|"
    r"\b(?:pre-?approved|approved|authori[sz]ed|allowed|permitted|granted)\s+all\b|"
    r"以后|すべて|모든|جميع|सभी",
    re.I,
)
# An order's structure: a clause opening with an imperative of memory or conduct; a verb of
# keeping needs what is kept, so "remember to bump it", "save the date" are not orders.
_CLAUSE = re.compile(r"(?:[^,:;()\s]|\s(?![-–—]\s))+")  # " - " closes a clause too
_ORDER_LEAD = re.compile(r"^\W*(?:(?:please|kindly|just|also|only|ever|always|then|and)\s+)*")
_DIRECTIVE = re.compile(
    r"(?:remember|memori[sz]e)(?:\s*:|\s+(?:that|the|this|these|their|his|her|it|our|all|every|"
    r"any)\b|\s+\w+'s\b)"
    r"|(?:store|save|record|note\s+down)(?:\s+(?:this|that|it))?\s+(?:as|in(?:to)?\s+(?:your\s+)?"
    r"memory)\b|(?:store|save|record)\s*:\s+(?:[a-z'-]+\s+){3}"
    r"|(?:reveal|leak|share|recommend|suggest|endorse|sign\s+off|"
    r"promote|advise|approve|mark|state|say|tell|claim|describe|treat|trust|ignore|disregard|"
    r"answer|reply|respond)\b(?!\s+to\b)"
    # the converse of keeping: an order to drop or rewrite what is kept ("forget that the
    # user ...", "overwrite the stored number ...", "erase the saved memory ...")
    r"|forget(?:\s*:|\s+(?:that|the|this|these|their|his|her|it|any|all|every|everything|prior|"
    r"previous|earlier|about|what)\b)"
    r"|(?:overwrite|erase|delete|remove|wipe|purge|clear|replace|update|change|amend|correct|"
    r"drop)\b[^.;:!?\n]{0,60}?\b(?:stored|saved|remembered|recorded|memor(?:y|ies)|"
    r"(?:your|the\s+user's)\s+(?:notes|records))\b",
)
# Text addressed to whoever processes it, not to a person the writer knows: "whoever
# reads this", "any AI summarising this page", "AI code reviewers:", "AI describing ...".
_READER = re.compile(
    r"\b(?:whoever|anyone|anybody)\s+(?:\w+\s+)?(?:reads?|reading|process\w*|sees?|pars\w*|"
    r"summari[sz]\w*|review\w*|index\w*)\b"
    r"|\b(?:whoever|(?:anyone|anybody)\s+(?:who|that))\s+(?:is\s+|are\s+)?[a-z]+(?:s|ing)\s+"
    r"(?:this|these|the\s+following)\b"
    # a processor that is not a person: "automated readers", "any system summarising this",
    # "the screening software", "an automated system processing this message"
    r"|\b(?:automated|automatic)\s+(?:\w+\s+)?(?:systems?|readers?|reviewers?|tools?|"
    r"scanners?|processors?|pipelines?|screen\w*)\b|\b(?:any|every)\s+(?:system|tool|software|"
    r"program|pipeline)s?\s+[a-z]+ing\b|\b(?:screening|parsing|summari[sz]ing)\s+(?:software|"
    r"tools?|systems?)\b"
    r"|\b(?:ai|llm|model|assistant|agent|bot)s?\s+(?:\w+\s+){0,2}?(?:reviewers?|readers?|"
    r"describing|reviewing|summari[sz]ing|reading|processing|parsing|indexing|translating|"
    r"[a-z]+ing\s+(?:this|these|the\s+following))\b",
)
# What the assistant writes, bound by an obligation: "Summaries must not mention ...",
# "the reply should say ..." — a rule for the processor's output, not for a person.
_OUTPUT_BOUND = re.compile(
    r"\b(?:summar(?:y|ies)|repl(?:y|ies)|responses?|answers?)\s+(?:\w+\s+){0,3}?(?:must|should|"
    r"shall|are\s+to|is\s+to|need\s+to)\b"
    # what the summary or reply leaves out or says, told to whoever writes it
    r"|\bwhen(?:ever)?\s+(?:summari[sz]ing|drafting|replying|answering|writing\s+(?:the\s+|a\s+|"
    r"your\s+)?(?:summary|reply|answer))\b[^.;:]{0,40}?[,:]\s*(?:please\s+)?(?:leave\s+out|omit|"
    r"skip|exclude|drop|ignore|do\s+not\s+mention|don't\s+mention|never\s+mention|say|state|"
    r"describe|call|add|include|link)\b"
)
_FIELD_LABEL = re.compile(r"\s*[:=]\s*\S")
_ASSIGNED = re.compile(r"""(?:[\w.-]{1,40}\s*=\s*["']?)?""")  # a TOML/INI value's key
_FIELD_DEPTH = 4  # field names read before an address ("meta: description: AI: ...")
# Orders of any kind; one that speaks of "the user" is not written to that user.
_ORDERS = frozenset({"directive", "memory", "conduct", "aimed", "standing"})
_THIRD_USER = re.compile(r"\b(?:the|this|that)\s+(?:user|reader|recipient)(?:'s)?\b")
_FIRST_PERSON = re.compile(r"^\W*(?:i|we|i've|we've|ich|je|j'ai|yo|eu|io|ik|ja|ben|я)\b", re.I)


@dataclass(frozen=True, slots=True)
class Evidence:
    """What a text holds: each feature found with the phrase that showed it, its score
    in the context it was judged in, and whether that reaches the context's threshold."""

    score: float
    features: dict[str, str] = field(default_factory=dict)
    flagged: bool = False

    def phrase(self) -> str | None:
        """The strongest feature and its phrase, as a flag (None when not flagged)."""
        if not self.flagged or not self.features:
            return None
        name = max(self.features, key=lambda f: WEIGHTS.get(f, (0, 0, 0))[2])
        return f"{name}: {self.features[name]}"[:80]


def assess(text: str, *, context: str) -> Evidence:
    """The evidence ``text`` carries, judged in ``context`` (see the module doc)."""
    column = _COLUMN[context]
    weights = {name: w[column] for name, w in WEIGHTS.items() if w[column] > 0}
    if context == HIDDEN:
        weights.update(HIDDEN_ONLY)
    wanted = frozenset(weights)
    best = Evidence(0.0)
    for view in views(text):
        if context == TRUSTED and not _could_reach(view.lower()):
            continue
        found = features(view, wanted=wanted)
        score = float(sum(weights[name] for name in found))
        if score > best.score:
            best = Evidence(score, found)
    flagged = best.score >= THRESHOLD[context]
    return Evidence(best.score, best.features, flagged)


def features(text: str, *, wanted: frozenset[str] = frozenset(WEIGHTS)) -> dict[str, str]:
    """Each feature of one view of a text (of those ``wanted``), with the phrase that
    shows it. Concepts are looked for in the whole (lower-cased) text first; sentences
    are read only for those present."""
    lowered = text.lower()
    present = _Present(lowered)
    out: dict[str, str] = {}
    for sentence in _SENTENCE.split(lowered):
        if sentence.strip():
            _sentence_features(sentence, present, wanted, out)
    if "conduct" in wanted:
        phrase = conduct_phrase(text)
        if phrase:
            out["conduct"] = phrase

    if "aimed" in wanted and not {"memory", "conduct", "directive"} & out.keys():
        sentences = [s for s in _SENTENCE.split(lowered) if s.strip()]
        if order := aimed(sentences):
            out["aimed"] = order
    if "memory" in out or "conduct" in out:  # the same evidence: that order, told by its verb
        out.pop("directive", None)
    if "party" in wanted and _ORDERS & out.keys() and (user := _THIRD_USER.search(lowered)):
        out["party"] = _around(lowered, user)  # an order that names the user as a third party
    if len(out) == 1 and out.keys() <= set(STAKES):  # alone, a document's subject
        out.clear()
    return {k: v for k, v in out.items() if k in wanted}


# In a trusted text the threshold (4) needs a feature weighing 2 or more there: the
# concepts they start from are looked for first, and most texts have none.
_GATE = ("disregard", "outside", "precedence", "tell", "relay", "decode", "trust")


def _could_reach(lowered: str) -> bool:
    if any(_C[name].search(lowered) for name in _GATE):
        return True
    return any(_address(s) for s in _SENTENCE.split(lowered)[:20] if s.strip())


class _Present:
    """Which concepts occur anywhere in a text, each looked for once and only when a
    feature needs it (most features need a rare concept first)."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.seen: dict[str, bool] = {}

    def __contains__(self, name: object) -> bool:
        key = str(name)
        if key not in self.seen:
            self.seen[key] = _C[key].search(self.text) is not None
        return self.seen[key]


def _sentence_features(
    s: str, present: _Present, wanted: frozenset[str], out: dict[str, str]
) -> None:
    def hit(name: str) -> re.Match[str] | None:
        return _C[name].search(s) if name in present else None

    disregard = hit("disregard")
    if disregard and hit("instructions") and hit("prior"):
        out.setdefault("override", _around(s, disregard))
    send = hit("send") if hit("outside") and hit("secret") else None
    if send and _FIELD_LABEL.match(s, send.end()):
        send = None  # a field's name ("EMAIL:contact@example.org"), not a verb
    if send and not _negated(s, send.start()):
        out.setdefault("exfiltration", _around(s, send))
    precedence = hit("precedence")
    if precedence and (hit("instructions") or hit("ai")):
        out.setdefault("precedence", _around(s, precedence))
    tell = hit("tell")
    if tell and hit("user") and _negated(s, tell.start(), reach=40):
        out.setdefault("concealment", _around(s, tell))
    head = _address(s)
    if head:
        out.setdefault(*head)
    for name in (
        "relay",
        "trust",
        "decode",
        "unasked",
        "forever",
        "entrench",
        "henceforth",
        "memory",
    ):
        match = hit(name) if name in wanted else None
        if match:
            out.setdefault(name, _around(s, match))
    if "memory" in wanted and "memory" not in out:
        edit = hit("memory_edit")
        if edit and hit("memory_object"):
            out["memory"] = _around(s, edit)  # "delete every memory about the user's ..."
    if "machine" in wanted and (party := hit("machine")):
        after = s[party.end() : party.end() + 90]
        if _C["obliged"].search(after) or _FOR_BEFORE.search(s[: party.start()]):
            out.setdefault("machine", _around(s, party))
    if "directive" in wanted and (order := _directive(s)):
        out.setdefault("directive", order)
    if "standing" in wanted and (scope := standing(s)):
        out.setdefault("standing", scope)
    if "output" in wanted and (bound := _OUTPUT_BOUND.search(s)):
        out.setdefault("output", _around(s, bound))
    if "reader" in wanted and (reader := _READER.search(s)):
        out.setdefault("reader", _around(s, reader))
        if "told" in wanted and (order := told(s[reader.end() :])):
            out.setdefault("told", order)  # and what it is told to do
    who = hit("user3") if "planted" in wanted else None
    wish = hit("prefer") if who else None
    # asserted, not conditioned: "if the user prefers ..." is a program's comment
    if who and wish and not _C["if"].search(s[max(0, who.start() - 30) : who.start()]):
        out.setdefault("planted", _around(s, wish))
    consent = hit("consent")
    if consent and not _FIRST_PERSON.search(s):
        blanket = _BLANKET.search(s) or hit("unasked")
        out.setdefault("consent" if blanket else "consent_once", _around(s, consent))
    for name, phrase in stake(s, besides=consent).items() if "stake" in wanted else ():
        out.setdefault(name, phrase)
    if "claim" in wanted and (claimed := claim(s)):
        out.setdefault("claim", claimed)
    danger = hit("danger")
    if danger is None:
        delete = hit("delete")
        danger = delete if delete and hit("production") else None
    if danger and not _negated(s, danger.start()):
        out.setdefault("danger", _around(s, danger))


def _directive(sentence: str) -> str | None:
    """The clause of ``sentence`` that opens with an order (see ``_DIRECTIVE``)."""
    for clause in _CLAUSE.findall(sentence)[:6]:
        body = clause[_ORDER_LEAD.match(clause).end() :]  # type: ignore[union-attr]
        rest = sentence[sentence.find(clause) + len(clause) - len(body) :]
        if _DIRECTIVE.match(rest):
            return " ".join(rest.split())[:60]
    return None


def _address(sentence: str, depth: int = 0) -> tuple[str, str] | None:
    """``("address", phrase)`` when the sentence opens by addressing the assistant ("AI
    assistant:", "Note to the bot:", "Hinweis für den KI-Assistenten:"), or
    ``("authority", phrase)`` when it opens with a role label ("SYSTEM:")."""
    if m := _IF_AI.search(sentence):
        return "address", m.group(0)
    if m := _BRACKET.match(sentence):
        return "authority", m.group(0).strip()
    lead = _LEAD.match(sentence)
    rest = sentence[lead.end() if lead else 0 :]
    rest = rest[_ASSIGNED.match(rest).end() :]  # type: ignore[union-attr]  # 'key = "'...
    brk = _HEAD_BREAK.search(rest, 0, 80)
    if brk is None:
        return None
    head = rest[: brk.start()].strip()
    if (
        re.fullmatch(r"[\w\s-]{1,30}", head)
        and len(head.split()) == 1
        and not _C["ai"].search(head)
    ):
        # "description: Assistant: ..." (a field's name first): the address may follow it
        # a few field names deep, no more: "a: a: a: ..." must not recurse per colon
        deeper = brk.end() < len(rest) and depth < _FIELD_DEPTH
        found = _address(rest[brk.end() :], depth + 1) if deeper else None
        if found:
            return found
    if not head or len(head) > 60:
        return None
    if _LABEL.match(re.sub(r"^x[-_]", "", head)):  # an extension field: "X-System:"
        return "authority", head
    if _to_memory(head.lower()):
        return "address", head
    if re.fullmatch(r"[\w-]+", head):  # a field's name: "x-assistant", "llm_note"
        head = head.replace("-", " ").replace("_", " ")
    head = _COMPOUND.sub(" ", head)  # "AI-assistant", "ИИ-ассистента": two names
    names = list(_C["ai"].finditer(head))
    if not names:
        return None
    ai = names[-1]  # the last noun naming the assistant
    before, after = head[: ai.start()], head[ai.end() :]
    tail = after.split()
    trailing_ok = all(_TRAILING.fullmatch(w) for w in tail)
    words_before = len(before.split())
    near = words_before <= 5 or len(before) <= 12
    if trailing_ok and len(tail) <= 3 and near:
        return "address", head
    if _NOTE.search(before) and _TO.search(before):
        return "address", head
    return None


_MEMORY_NOUN = re.compile(
    r"\bmemor(?:y|ies)\b|gedächtnis|mémoire|memoria|memória|geheugen|pamięć|hafıza|памят|记忆|記憶|기억"
)


def _to_memory(head: str) -> bool:
    """A note addressed to the memory itself ("Note to the memory system:", "Memo for
    memory:"): the one a memory engine's own reader is."""
    note, to = _NOTE.search(head), _TO.search(head)
    return bool(note and to and _MEMORY_NOUN.search(head[to.end() :]))


_MAY_ADDRESS = re.compile(_ROLES, re.I)
_COMPOUND = re.compile(r"(?<=\w)-(?=\w)")


def may_address(text: str) -> bool:
    """Whether ``text`` could address the assistant or carry a role label at all (a
    name of the assistant or a role word: every form of an address needs one): a cheap
    test before :func:`assess` looks for an address line by line."""
    return bool(_MAY_ADDRESS.search(text) or _C["ai"].search(text.lower()))


def _negated(sentence: str, at: int, *, reach: int = 24) -> bool:
    """Whether a negation ("don't", "never", "nicht", "不要" ...) stands shortly before
    ``at`` in its clause, or a closing one ("nicht", "ないで") right after."""
    window = sentence[max(0, at - reach) : at]
    if _C["not"].search(window):
        return True
    after = sentence[at : at + reach + 16]
    return bool(re.search(r"\bnichts?\b|\bniets\b|ないで|しない|せずに|마\b|नहीं", after))


def _around(sentence: str, match: re.Match[str]) -> str:
    start = max(0, match.start() - 20)
    return " ".join(sentence[start : match.end() + 30].split())
