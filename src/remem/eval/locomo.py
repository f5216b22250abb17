"""LoCoMo-format conversations and questions (Maharana et al., 2024).

A file is a JSON list of samples. Each sample has a ``conversation`` with
``speaker_a``, ``speaker_b`` and, per session N, ``session_N_date_time`` (like
``"1:56 pm on 8 May, 2023"``) and ``session_N``: a list of turns ``{speaker,
dia_id, text, blip_caption?}``; and ``qa``: ``{question, answer, evidence,
category}``, where ``evidence`` lists turn ids (``"D3:12"``). Real files carry a
few malformed ids (``"D8:6; D9:17"``, ``"D:11:26"``, ``"D 3:4"``), which
:func:`parse_evidence` reads tolerantly.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import datetime
from pathlib import Path
from typing import Any

from remem.errors import UserError

CATEGORIES: dict[int, str] = {
    1: "multi-hop",
    2: "temporal",
    3: "open-domain",
    4: "single-hop",
    5: "adversarial",
}

_EVIDENCE = re.compile(r"D\s*:?\s*(\d+)\s*:\s*(\d+)", re.IGNORECASE)
_SESSION = re.compile(r"^session_(\d+)$")
_TIME_FORMATS = ("%I:%M %p on %d %B, %Y", "%I:%M %p on %d %b, %Y", "%I:%M %p on %B %d, %Y")


@dataclass(frozen=True, slots=True)
class Turn:
    """One utterance of a conversation."""

    dia_id: str  # normalised "D{session}:{turn}"
    session: int
    speaker: str
    text: str
    when: datetime | None = None
    image_caption: str | None = None

    def document(self) -> str:
        """The text stored for this turn: ``{speaker}: {text}`` plus any shared image."""
        doc = f"{self.speaker}: {self.text}"
        if self.image_caption:
            doc += f" [shares image: {self.image_caption}]"
        return doc


@dataclass(frozen=True, slots=True)
class Question:
    """One question with the turn ids that answer it."""

    question: str
    answer: str
    evidence: tuple[str, ...]
    category: int


@dataclass(slots=True)
class Conversation:
    """A two-speaker conversation over several dated sessions, and its questions."""

    sample_id: str
    speakers: tuple[str, str]
    turns: list[Turn] = field(default_factory=list)
    questions: list[Question] = field(default_factory=list)

    def sessions(self) -> dict[int, list[Turn]]:
        """Turns grouped by session number, sessions in order."""
        out: dict[int, list[Turn]] = {}
        for turn in self.turns:
            out.setdefault(turn.session, []).append(turn)
        return dict(sorted(out.items()))


def parse_evidence(raw: str | Iterable[str] | None) -> list[str]:
    """Normalised turn ids (``"D8:6"``) in ``raw``, in order, each once.

    >>> parse_evidence(["D8:6; D9:17", "D:11:26", "D 3: 4", "D"])
    ['D8:6', 'D9:17', 'D11:26', 'D3:4']
    """
    if raw is None:
        return []
    items = [raw] if isinstance(raw, str) else list(raw)
    found = [f"D{int(s)}:{int(t)}" for item in items for s, t in _EVIDENCE.findall(str(item))]
    return list(dict.fromkeys(found))


def parse_session_time(raw: str | None) -> datetime | None:
    """``"1:56 pm on 8 May, 2023"`` as a naive datetime; None if absent or unreadable."""
    if not raw:
        return None
    text = " ".join(str(raw).split())
    for fmt in _TIME_FORMATS:
        try:
            return datetime.strptime(text, fmt)
        except ValueError:
            continue
    return None


def _conversation(sample: Mapping[str, Any], position: int) -> Conversation:
    conv = sample.get("conversation")
    if not isinstance(conv, Mapping):
        raise UserError(f"sample {position} has no 'conversation' object")
    speakers = (str(conv.get("speaker_a", "A")), str(conv.get("speaker_b", "B")))
    out = Conversation(
        sample_id=str(sample.get("sample_id", f"sample-{position}")), speakers=speakers
    )
    numbers = sorted(int(m.group(1)) for key in conv if (m := _SESSION.match(key)))
    for number in numbers:
        when = parse_session_time(conv.get(f"session_{number}_date_time"))
        for i, turn in enumerate(conv.get(f"session_{number}") or [], start=1):
            ids = parse_evidence(turn.get("dia_id"))
            text = str(turn.get("text") or "").strip()
            if not text and not turn.get("blip_caption"):
                continue
            out.turns.append(
                Turn(
                    dia_id=ids[0] if ids else f"D{number}:{i}",
                    session=number,
                    speaker=str(turn.get("speaker") or "unknown"),
                    text=text,
                    when=when,
                    image_caption=turn.get("blip_caption") or None,
                )
            )
    for qa in sample.get("qa") or []:
        try:
            category = int(qa.get("category", 0))
        except (TypeError, ValueError):
            category = 0
        out.questions.append(
            Question(
                question=str(qa.get("question", "")),
                answer=str(qa.get("answer", qa.get("adversarial_answer", ""))),
                evidence=tuple(parse_evidence(qa.get("evidence"))),
                category=category,
            )
        )
    return out


def load_locomo(path: str | Path) -> list[Conversation]:
    """Read a LoCoMo-format JSON file into conversations."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise UserError(f"cannot read LoCoMo data {path}: {exc}") from exc
    if isinstance(data, Mapping):
        data = [data]
    if not isinstance(data, list):
        raise UserError(f"{path}: expected a JSON list of samples")
    return [_conversation(sample, i) for i, sample in enumerate(data)]
