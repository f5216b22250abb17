"""Lessons: the behaviour loop. A correction or a mistake becomes one short lesson
("User prefers X over Y", "Don't Z in this context"), stored as a memory of kind
``lesson`` and loaded at every session start.

Without an LLM the lesson is written by a few offline patterns (a preference
between two things, a prohibition, "always ...", a bare correction kept as said);
with one configured, the LLM writes it (JSON, checked) and the patterns are the
fallback when it fails. A lesson said again word for word is referenced rather
than stored twice: reflection (:mod:`remem.agent.reflection`) weighs a lesson
1 + its references, so a correction that recurs becomes a rule; reworded ones
are lessons of their own, grouped by similarity. A preference that reverses an
earlier lesson's ("X over Y" after "Y over X") supersedes it (and any copy).
"""

from __future__ import annotations

import builtins
import json
import re
from collections.abc import Collection, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from typing import Any

from remem.agent.adoption import Lesson, held_reason, revoke
from remem.agent.session import scope_args
from remem.errors import NotFoundError, ProviderError
from remem.ids import resolve_id
from remem.memory import Memory
from remem.model import AuditEvent, Kind, MemoryRecord, Scope, Status, Tier, Trust
from remem.provenance import CORRECTION, Provenance
from remem.read.rank import Asker, visible_to
from remem.store.base import ListFilter
from remem.textsplit import split_sentences
from remem.write.injection import adoption_flag

LESSON_CATEGORY = "process"
MAX_LESSON_CHARS = 300
SUBJECT_MARK = " (In answer to: "  # what follows a lesson: the turn it corrects
_SCAN = 200  # lessons read when looking for one a new lesson reverses

# What a correction opens with, not part of what it teaches. "no" and "wrong" only
# when punctuation ends them ("no, ...", "wrong. ..."): "no anyhow in core" forbids
# anyhow, "wrong folder" names what was wrong, and "no !! in our code" forbids an
# operator (marks after a space are a token, but for a dash: "no - don't"). The marks
# after it never take the dashes of an option ("wrong. --since ...").
_LEAD = re.compile(
    r"^(?:(?:(?:no|nope|wrong)\b(?=[,.:;!-]|\s+-(?![-\w]))|(?:actually|well|hey|ok|okay|please|again|"
    r"sorry|so)\b)(?:[\s,:;!]|\.(?![/\w])|-(?![-\w]))*)+",
    re.I,
)
_MISTAKE = re.compile(
    r"^(?:that(?:'s| is| was)|this(?:'s| is| was)|it(?:'s| is| was)|you(?:'re| are| were))\s+"
    r"(?:wrong|incorrect|not right|a mistake|mistaken)\b[\s,.:;!-]*",
    re.I,
)
_PREFER = re.compile(
    r"^(?:i|we|the user|user)?\s*(?:really\s+)?(?:prefer|like|want)s?\s+(?P<x>.+?)\s+"
    r"(?:over|to|rather than|instead of|more than)\s+(?P<y>.+)$",
    re.I,
)
_INSTEAD = re.compile(
    r"^(?:you should\s+|please\s+)?(?:use|pick|choose|go with)\s+(?P<x>.+?)"
    r"(?:\s+instead of\s+|\s+rather than\s+|,?\s+not\s+)(?P<y>.+)$",
    re.I,
)
_DONT = re.compile(
    r"^(?:please\s+)?(?P<verb>don'?t|do not|never|stop|avoid|you shouldn'?t|you should not|"
    r"you must not|you mustn'?t|quit)\s+(?P<z>.+)$",
    re.I,
)
_GERUND = re.compile(r"^\w+ing\b", re.I)
_ALWAYS = re.compile(r"^(?:please\s+)?(?:always|make sure to|remember to)\s+(?P<z>.+)$", re.I)
# Filler a correction ends with, not part of what is preferred or forbidden.
_TAIL = re.compile(
    r"(?:[\s,]+(?:after all|please|for now|anyway|anymore|though|then|again|thanks|"
    r"thank you|ok|okay|from now on|going forward))+$",
    re.I,
)


_OPEN_MARKS = re.compile(r"^(?:[!?;:,]|\.(?![/\w]))+\s*")
# A directive that points back at what was said before it ("always do it that way"):
# its lesson needs that sentence, however long.
_BACK = re.compile(r"\b(?:that way|this way|like that|like this|the same|it|that|this|so)\b", re.I)


@dataclass(frozen=True, slots=True)
class LessonDraft:
    """A lesson before it is stored: its text, its shape and who wrote it."""

    text: str
    shape: str  # preference | prohibition | instruction | correction
    generator: str  # rules | llm
    prefer: str | None = None
    over: str | None = None
    fallback: str | None = None  # why the LLM's lesson was not used
    subject: bool = False  # the text ends with the turn it answers (SUBJECT_MARK)


def draft_lesson(
    text: str, *, context: str | None = None, subject: str | None = None
) -> LessonDraft:
    """The lesson a correction teaches, by the offline patterns; ``subject``: what
    the turn it answers said and wrote (:mod:`remem.agent.lesson_subject`), kept
    after it, for a correction that does not name what it corrects."""
    draft = _patterns(text, context)
    if not subject or not subject.strip():
        return draft
    return replace(
        draft, text=f"{draft.text}{SUBJECT_MARK}{' '.join(subject.split())})", subject=True
    )


def lesson_core(record: MemoryRecord) -> str:
    """A lesson's text without the turn it answered (what a tool call is matched
    against and shown with: the lesson itself)."""
    if not record.data.get("metadata", {}).get("lesson", {}).get("subject"):
        return record.content
    at = record.content.find(SUBJECT_MARK)
    return record.content[:at] if at > 0 else record.content


def _patterns(text: str, context: str | None) -> LessonDraft:
    said = _clean(text)
    where = f" when {_clause(context)}" if context and _clause(context) else ""
    sentences = _sentences(said)
    for n, sentence in enumerate(sentences):
        # What follows a prohibition or an instruction is usually its other half
        # ("Don't use npm here. Use pnpm ..."), kept when the lesson stays short; so is
        # what precedes it, when said in the same correction ("To test a DAG always use
        # `dags test`. Never `dags trigger`": the lesson is both).
        rest = _rest(sentences[n + 1 :])
        lead = _lead(sentences[:n], back=_BACK.search(sentence) is not None)
        if m := _PREFER.match(sentence) or _INSTEAD.match(sentence):
            x, y = _clause(m["x"]), _clause(m["y"])
            if x and y:
                return LessonDraft(
                    f"User prefers {x} over {y}{where}.", "preference", "rules", x, y
                )
        if m := _DONT.match(sentence):
            z = _clause(m["z"])
            if z:
                # "Stop adding X" stays "Stop adding X" ("Don't adding X" is not English).
                verb = m["verb"].capitalize() if _GERUND.match(z) else "Don't"
                return LessonDraft(f"{lead}{verb} {z}{where}.{rest}", "prohibition", "rules")
        if m := _ALWAYS.match(sentence):
            z = _clause(m["z"])
            if z:
                return LessonDraft(f"{lead}Always {z}{where}.{rest}", "instruction", "rules")
    body = _clause(said) or said.strip()
    return LessonDraft(f"{body[:1].upper()}{body[1:]}{where}.", "correction", "rules")


LLM_SCHEMA: dict[str, object] = {
    "type": "object",
    "properties": {
        "lesson": {"type": "string"},
        "shape": {
            "type": "string",
            "enum": ["preference", "prohibition", "instruction", "correction"],
        },
    },
    "required": ["lesson"],
}

_PROMPT = (
    "A user corrected an AI agent. Write the lesson the agent should remember, as one "
    "short sentence in the third person or the imperative, e.g. 'User prefers X over Y' "
    'or "Don\'t do Z when ...". Keep names and specifics; add nothing the correction '
    'does not say. Reply with JSON: {"lesson": "...", "shape": "preference|prohibition|'
    'instruction|correction"}.'
)


def llm_lesson(
    llm: Any, text: str, *, context: str | None = None, subject: str | None = None
) -> LessonDraft:
    """The lesson as the LLM writes it, or the offline draft (``fallback`` says why)."""
    rules = draft_lesson(text, context=context, subject=subject)
    user = f"Correction: {text}" + (f"\nContext: {context}" if context else "")
    user += f"\nThe assistant's turn it answers: {subject}" if subject else ""
    try:
        reply = llm.complete(
            [{"role": "system", "content": _PROMPT}, {"role": "user", "content": user}],
            json_schema=LLM_SCHEMA,
        )
        data = json.loads(reply)
    except (ProviderError, ValueError) as exc:
        return _with_fallback(rules, f"{type(exc).__name__}: {exc}"[:200])
    lesson = data.get("lesson") if isinstance(data, dict) else None
    if not isinstance(lesson, str) or not lesson.strip() or len(lesson) > MAX_LESSON_CHARS:
        return _with_fallback(rules, "the LLM's reply had no usable lesson")
    shape = data.get("shape")
    shape = shape if shape in ("preference", "prohibition", "instruction", "correction") else None
    return LessonDraft(
        " ".join(lesson.split()),
        shape or rules.shape,
        "llm",
        rules.prefer,
        rules.over,
    )


class Lessons:
    """The lessons of one agent's scope (``agent.lessons``)."""

    def __init__(self, mem: Memory, scope: Scope, *, asker: Asker) -> None:
        self.mem, self.scope, self.asker = mem, scope, asker

    def _stamp(self, record: MemoryRecord, provenance: Provenance, now: datetime) -> None:
        """Record ``provenance`` on a lesson another write made (an update, a reference)."""
        with self.mem.store.transaction():
            current = self.mem.store.get_memory(record.id, self.scope)
            if current is None:
                return
            current.data["provenance"] = provenance.to_data(current.content)
            current.updated_at = now
            self.mem.store.update_memory(current)
            record.data["provenance"] = current.data["provenance"]

    def learn(
        self,
        draft: LessonDraft,
        *,
        original: str,
        session_id: str | None,
        trusted: bool,
        now: datetime,
    ) -> tuple[MemoryRecord, str, str | None]:
        """Store ``draft``; ``(memory, action, other)``: ``stored`` (a new lesson);
        ``repeated`` (the same lesson said again: ``other``, referenced once more —
        reflection counts a lesson's references as support); or ``superseded``
        (``other``: the preference it reverses, and every copy of it, is replaced
        by this one); or ``flagged`` (the correction, or the lesson drawn from it, reads
        as an instruction aimed at the agent: stored as said, untrusted and flagged, so
        it is on record and never loaded nor learnt from; ``other`` is the flag)."""
        kw = scope_args(self.scope)
        flag = adoption_flag(original) or adoption_flag(draft.text)
        meta = {
            "lesson": {
                "shape": draft.shape,
                "generator": draft.generator,
                "original": original,
                **({"prefer": draft.prefer, "over": draft.over} if draft.prefer else {}),
                **({"fallback": draft.fallback} if draft.fallback else {}),
                **({"subject": True} if draft.subject else {}),
                **({"session_id": session_id} if session_id else {}),
            }
        }
        provenance = Provenance(
            CORRECTION, trusted and not flag, trusted and not flag, session_id=session_id
        )
        if flag:
            said = original if adoption_flag(original) else draft.text
            (record,) = self.mem.add(
                said,
                kind=Kind.LESSON,
                category=LESSON_CATEGORY,
                session_id=session_id,
                valid_from=now,
                now=now,
                metadata=meta,
                trusted=False,
                data={"provenance": provenance.to_data(said)},
                **kw,
            )
            return record, "flagged", flag
        reversed_ = self._reversed(draft)
        if reversed_:
            first, *copies = reversed_
            new = self.mem.update(
                first.id, draft.text, reason="corrected by the user", metadata=meta, now=now, **kw
            )
            for old in copies:  # the same preference said again earlier: replaced too
                self.mem.store.merge_memories(
                    new.id,
                    old.id,
                    at=now,
                    events=[
                        AuditEvent(
                            event="superseded",
                            memory_id=old.id,
                            at=now,
                            detail={"superseded_by": new.id, "reason": "corrected by the user"},
                        )
                    ],
                )
            self._stamp(new, provenance, now)
            return new, "superseded", first.id
        same = self.mem.store.find_by_hash(draft.text, self.scope)
        if same is not None and same.kind is Kind.LESSON:
            # Said again word for word: one more reference, which reflection counts
            # as support (a lesson weighs 1 + its references), not a second copy.
            (again,) = self.mem.reference(same.id, now=now, **kw)
            if provenance.user_stated and not Provenance.of(again).user_stated:
                self._stamp(again, provenance, now)  # the user says what a caller wrote
            return again, "repeated", same.id
        records = self.mem.add(
            draft.text,
            kind=Kind.LESSON,
            category=LESSON_CATEGORY,
            importance=self.mem.config.lesson_importance,
            tier=Tier.PERMANENT,  # a correction does not fade with time
            session_id=session_id,
            valid_from=now,
            now=now,
            metadata=meta,
            trusted=trusted,
            data={"provenance": provenance.to_data(draft.text)},
            **kw,
        )
        return records[0], "stored", None

    def active(
        self,
        *,
        limit: int,
        include_untrusted: bool = False,
        exclude: Collection[str] = (),
    ) -> builtins.list[MemoryRecord]:
        """The scope's active lessons the asker may see, each text once (its newest
        copy), most important then newest first, without ``exclude`` (e.g. the sources
        of a rule shown instead); one bounded read. A lesson held back
        (:func:`~remem.agent.adoption.held_reason`: flagged, reads as an injection, or
        conduct the user never stated) is never loaded; untrusted ones only with
        ``include_untrusted``."""
        if limit <= 0:
            return []
        page = self.mem.store.list_memories(
            self.scope, filters=ListFilter(kinds=(Kind.LESSON.value,)), limit=limit * 4
        )
        kept: builtins.list[MemoryRecord] = []
        texts: set[str] = set()
        for m in page.items:  # newest first
            key = _norm(m.content)
            if key in texts:
                continue
            texts.add(key)
            if m.id in exclude or not visible_to(m, self.asker):
                continue
            untrusted = m.source_trust is not Trust.TRUSTED
            if untrusted and not include_untrusted:
                continue
            if _held(m, untrusted=untrusted) is None:
                kept.append(m)
        kept.sort(key=lambda m: -m.importance)  # stable: newest first among equals
        return kept[:limit]

    def list(
        self, *, include_held: bool = True, include_revoked: bool = False, limit: int = 200
    ) -> builtins.list[Lesson]:
        """The scope's lessons the asker may see, newest first, each with its provenance
        and whether it is loaded (``held``: why not); revoked ones only if asked."""
        statuses = ("active", "forgotten") if include_revoked else ("active",)
        page = self.mem.store.list_memories(
            self.scope,
            filters=ListFilter(kinds=(Kind.LESSON.value,), statuses=statuses),
            limit=limit,
        )
        out = []
        for record in page.items:
            if not visible_to(record, self.asker):
                continue
            if record.status is not Status.ACTIVE and not record.data.get("revoked"):
                continue  # forgotten, not revoked
            lesson = Lesson.of(record)
            if include_held or lesson.held is None or lesson.revoked:
                out.append(lesson)
        return out

    def revoke(self, lesson_id: str, *, reason: str | None, now: datetime) -> Lesson:
        """Take a lesson out for good (:func:`~remem.agent.adoption.revoke`)."""
        full_id = resolve_id(
            self.mem.store,
            lesson_id,
            self.scope,
            min_chars=self.mem.config.id_prefix_min_chars,
            what="lesson",
        )
        record = self.mem.store.get_memory(full_id, self.scope)
        if record is None or record.kind is not Kind.LESSON or not visible_to(record, self.asker):
            raise NotFoundError(f"no lesson {lesson_id!r} in this scope")
        return Lesson.of(revoke(self.mem, record, reason=reason, now=now))

    def _reversed(self, draft: LessonDraft) -> builtins.list[MemoryRecord]:
        """The active lessons stating the opposite preference, newest first."""
        if not draft.prefer or not draft.over:
            return []
        page = self.mem.store.list_memories(
            self.scope, filters=ListFilter(kinds=(Kind.LESSON.value,)), limit=_SCAN
        )
        want = (_norm(draft.over), _norm(draft.prefer))
        return [
            record
            for record in page.items
            if (
                _norm(record.data.get("metadata", {}).get("lesson", {}).get("prefer")),
                _norm(record.data.get("metadata", {}).get("lesson", {}).get("over")),
            )
            == want
        ]


def _held(record: MemoryRecord, *, untrusted: bool) -> str | None:
    """Why a lesson is not loaded (its source's trust aside when the caller opted in)."""
    if untrusted:  # opted in: untrusted is shown as such, anything else still holds
        record = replace(record, source_trust=Trust.TRUSTED)
    return held_reason(record, record.content, Provenance.of(record))


def _with_fallback(draft: LessonDraft, why: str) -> LessonDraft:
    return replace(draft, fallback=why)


def _clean(text: str) -> str:
    said = " ".join(text.split())
    for _ in range(3):  # "No, that's wrong: ..." peels in two steps
        peeled = _MISTAKE.sub("", _LEAD.sub("", said)).strip()
        if peeled == said:
            break
        said = peeled
    return said or " ".join(text.split())


def _rest(sentences: Sequence[str]) -> str:
    """The sentences after the one a lesson was drawn from, when they fit the lesson."""
    rest = " ".join(s for s in sentences if not s.endswith("?"))
    return f" {rest[:1].upper()}{rest[1:]}" if rest and len(rest) <= MAX_LESSON_CHARS // 2 else ""


def _lead(sentences: Sequence[str], *, back: bool = False) -> str:
    """The sentences before the one a lesson was drawn from, when they fit the lesson
    (with a space after them); ``back``: the lesson points back at them, so they fit
    up to :data:`MAX_LESSON_CHARS`."""
    lead = " ".join(s for s in sentences if not s.endswith("?"))
    room = MAX_LESSON_CHARS if back else MAX_LESSON_CHARS // 2
    return f"{lead[:1].upper()}{lead[1:]} " if lead and len(lead) <= room else ""


def _sentences(text: str) -> Sequence[str]:
    return split_sentences(text)


def _clause(text: str | None) -> str:
    """A clause without surrounding punctuation, spaces and trailing filler (a dot
    that opens a path or a name stays: ``./gradlew``, ``.env``)."""
    clause = _OPEN_MARKS.sub("", (text or "").strip()).rstrip(".!?;:,").strip()
    return _OPEN_MARKS.sub("", _TAIL.sub("", clause).strip()).rstrip(".!?;:,").strip()


def _norm(text: object) -> str:
    return " ".join(str(text or "").casefold().split())
