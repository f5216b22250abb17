"""Tool calls of :class:`~remem.agent.MemoryAgent`: ``before_tool`` (what to put in
front of the model before a tool runs: the lessons and rules that apply to the call,
reminders whose condition it meets) and ``after_tool`` (the call recorded as an
action of the session, for its episode)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import TYPE_CHECKING, Any, cast

from remem.agent.agent_base import AgentBase
from remem.agent.context import REMINDERS, BlockBuilder, Line, plain
from remem.agent.dialogue import salient
from remem.agent.lessons import lesson_core
from remem.agent.results import ContextResult, ObserveResult
from remem.agent.session import check_session_id
from remem.agent.tools import matching, tool_text
from remem.model import Trigger, utcnow
from remem.validation import check_label

if TYPE_CHECKING:
    from remem.agent.agent import MemoryAgent

RESULT_CHARS = 400  # of a tool's output kept with its recorded call


def before_label(tool: str) -> str:
    """The heading of the lessons and rules shown before a call of ``tool``."""
    return f"## Before this {tool} call"


def reminder_line(trigger: Trigger) -> Line:
    """A fired reminder as a block line: the reminder as the user said it."""
    return Line(plain(f"{trigger.message} (you asked on {trigger.created_at:%d %b %Y})"),
                ref=trigger.id)  # fmt: skip


class ToolsMixin(AgentBase):
    """Before and after a tool call (part of :class:`~remem.agent.MemoryAgent`)."""

    def before_tool(
        self,
        session_id: str,
        tool: str,
        tool_input: Any = None,
        *,
        now: datetime | None = None,
    ) -> ContextResult:
        """What to put before the model as ``tool`` is about to run with ``tool_input``:
        reminders whose condition the call meets (fired once; not those set in this
        session), then the lessons and rules that apply to the call (the terms they
        share with its command, path, query or name, weighed by rarity among the
        scope's lessons: :mod:`remem.agent.tools`), at most ``agent_tool_items_max``
        within ``agent_tool_context_max_tokens``. Reads only, but for firing a
        reminder and counting a rule's use."""
        session_id = check_session_id(session_id, self.limits)
        tool = check_label(tool, "tool", max_chars=self.limits.max_label_chars)
        now = now or utcnow()
        config = self.mem.config
        session = self.sessions.ensure(session_id, now=now)
        builder = BlockBuilder(config.agent_tool_context_max_tokens)
        fired = self.triggers.met(tool_text(tool, tool_input), now=now, skip_session=session_id)
        builder.add(REMINDERS, [reminder_line(t) for t in fired], max_items=len(fired))
        rules = [r for r in self.rules.list() if r.enabled]
        sources = {i for r in rules for i in r.source_lessons}
        lessons = self.lessons.active(
            limit=config.agent_tool_lessons_scan,
            include_untrusted=self.include_untrusted,
            exclude=sources,
        )
        # a lesson as said, without the turn it answered: that turn's words are not
        # what the lesson is about
        candidates = [(r.id, r.render()) for r in rules] + [(m.id, lesson_core(m)) for m in lessons]
        found = matching(
            candidates,
            tool,
            tool_input,
            min_score=config.agent_tool_match_min,
            prior=config.agent_tool_idf_prior,
            folder_weight=config.agent_tool_folder_weight,
            part_weight=config.agent_tool_part_weight,
            redundant_share=config.agent_tool_redundant_share,
            limit=config.agent_tool_items_max,
        )
        builder.add(
            before_label(tool),
            [Line(plain(m.text), ref=m.ref) for m in found],
            max_items=config.agent_tool_items_max,
        )
        context = builder.result(session.session_id, economy=False, withheld=0)
        shown = {r for p in context.parts for r in p.refs}
        used = [r.id for r in rules if r.id in shown]
        if used:
            self.rules.mark_used(used, now=now)
        return context

    def after_tool(
        self,
        session_id: str,
        tool: str,
        tool_input: Any = None,
        *,
        result: Any = None,
        error: str | None = None,
        now: datetime | None = None,
        defer: bool = False,
    ) -> ObserveResult:
        """Record a tool call that ran, as an action of the session (its episode reads
        them): the tool, what it acted on, whether it failed and the start of its
        output. A failed call also becomes an episodic note (as ``observe`` makes
        one). ``defer`` as ``observe``."""
        tool = check_label(tool, "tool", max_chars=self.limits.max_label_chars)
        call: dict[str, Any] = {"name": tool, "input": _short(tool_input)}
        if error:
            call["error"] = _clip(error)
        elif result is not None:
            call["result"] = _clip(_short(result))
        what = salient(tool, tool_input)
        text = f"{what} failed: {_clip(error)}" if error else f"{what}: ok"
        return cast("MemoryAgent", self).observe(
            session_id, "tool", text, tool_calls=[call], now=now, defer=defer
        )


def _short(value: Any) -> Any:
    """A tool's input or output as kept with the call: strings clipped, mappings of
    short values kept as they are."""
    if isinstance(value, str):
        return _clip(value)
    if isinstance(value, Mapping):
        return {str(k): _clip(v) if isinstance(v, str) else v for k, v in value.items()
                if isinstance(v, str | int | float | bool) or v is None}  # fmt: skip
    import json

    try:
        return _clip(json.dumps(value, ensure_ascii=False, default=str))
    except (TypeError, ValueError):
        return _clip(str(value))


def _clip(text: str) -> str:
    return text if len(text) <= RESULT_CHARS else text[: RESULT_CHARS - 1] + "…"
