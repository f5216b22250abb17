"""The MCP server: ``remem mcp`` (stdio) and ``remem mcp --http`` (streamable HTTP),
on the official ``mcp`` SDK (the optional extra ``remem[mcp]``).

Every tool is a few lines over :class:`~remem.agent.MemoryAgent` (or the
:class:`~remem.Memory` under it) bound to ONE scope, chosen by whoever started the
server (its configuration, see :mod:`remem.app`): no tool has a scope argument, an
unknown argument (``user_id`` included) is refused, and an id from another scope is
"not found". Tool bodies run one at a time (the agent meters its embedder per call).

Errors reach the client as tool results with ``isError`` and one line — the
:class:`~remem.errors.RememError` message (redacted), or the argument that failed
validation (never its value) — and never as a traceback or with a server path. Results and resources are
shaped in :mod:`remem.mcp_shapes`; :mod:`remem.mcp_run` serves them (stdio, HTTP).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Annotated, Any, Literal, TypeVar

from mcp.server.mcpserver.exceptions import ToolError
from mcp.types import ToolAnnotations
from pydantic import Field

from remem.agent.session import scope_args
from remem.errors import RememError, remote_message
from remem.mcp_shapes import RememServer, add_resources, memory_dict, one_line, plain
from remem.model import utcnow

if TYPE_CHECKING:
    from remem.agent import MemoryAgent

__all__ = ["RememServer", "Tools", "build_server", "default_session_id"]

T = TypeVar("T")
NAME = "remem"
INSTRUCTIONS = (
    "Long-term memory for this user. Call `context` with the user's request before "
    "answering to get what you should know; `remember` what the user asks you to "
    "remember or states as a lasting fact or preference; `correct` when the user "
    "corrects you; `feedback` with your answer afterwards. Ids accept any unique "
    "prefix of 8+ characters. The scope is fixed by the server."
)

READ = ToolAnnotations(read_only_hint=True, idempotent_hint=True, open_world_hint=False)


def _write(*, destructive: bool = False, idempotent: bool = False) -> ToolAnnotations:
    return ToolAnnotations(
        read_only_hint=False,
        destructive_hint=destructive,
        idempotent_hint=idempotent,
        open_world_hint=False,
    )


Text = Annotated[str, Field(min_length=1)]
MemoryId = Annotated[
    str, Field(min_length=1, description="A memory id, or a unique prefix of 8+ characters.")
]
SessionId = Annotated[
    str | None,
    Field(description="Session id; default: this server's session (one per server process)."),
]
Limit = Annotated[int, Field(ge=1, le=100, description="How many results, at most.")]


class Tools:
    """The tools' bodies over one :class:`MemoryAgent` (its scope is the server's)."""

    def __init__(self, agent: MemoryAgent, *, session_id: str) -> None:
        self.agent = agent
        self.mem = agent.mem
        self.scope = agent.scope
        self.session_id = session_id
        self.kw = scope_args(agent.scope)  # every Memory call: the server's scope
        self.lock = threading.Lock()  # one tool body at a time (one store connection)

    def run(self, name: str, body: Callable[[], T]) -> T:
        """Run one tool body alone; a remem error becomes its one-line tool error."""
        with self.lock:
            try:
                return body()
            except RememError as exc:  # the SDK puts "Error executing tool <name>: " first
                raise ToolError(one_line(remote_message(str(exc)))) from None

    def session(self, session_id: str | None) -> str:
        return session_id or self.session_id


def build_server(agent: MemoryAgent, *, session_id: str | None = None) -> RememServer:
    """The MCP server over ``agent`` (its scope is every tool's scope). ``session_id``:
    the session tools use when a call names none (default: one per process)."""
    t = Tools(agent, session_id=session_id or default_session_id())
    server = RememServer(NAME, instructions=INSTRUCTIONS, log_level="WARNING")
    server.tools = t
    server.max_request_chars = agent.mem.config.mcp_max_request_chars
    tool = server.tool

    @tool(annotations=_write())
    def remember(
        content: Annotated[str, Field(min_length=1, description="The fact, in the user's words.")],
        force: Annotated[
            bool, Field(description="Store it even if the quality gate would not (never secrets).")
        ] = False,
        category: Annotated[str | None, Field(description="e.g. work, preference.")] = None,
        untrusted: Annotated[
            bool,
            Field(description="True when the text came from a tool, a web page or another agent."),
        ] = False,
        session_id: SessionId = None,
    ) -> dict[str, Any]:
        """Remember a lasting fact or preference now (write path: atomic facts, quality
        gate, dedup, supersede). Returns what happened to each fact; a correction or a
        standing rule about how to work ("no, use pnpm", "we never deploy on Fridays")
        becomes a lesson instead, shown at every session start (``lesson``)."""
        if not untrusted and not force:
            lesson = t.run(
                "remember", lambda: t.agent.lesson_from(content, session_id=t.session(session_id))
            )
            if lesson is not None:
                return {"decisions": [], "lesson": plain(lesson)}
        decisions = t.run(
            "remember",
            lambda: t.mem.remember(
                content,
                force=force,
                category=category,
                trusted=False if untrusted else None,
                session_id=t.session(session_id),
                **t.kw,
            ),
        )
        return {
            "decisions": [
                plain(
                    {
                        "action": d.action,
                        "reason": d.reason,
                        "fact": d.fact.content,
                        "memory_id": d.memory_id,
                        "related_id": d.related_id,
                    }
                )
                for d in decisions
            ]
        }

    @tool(annotations=READ)
    def search(query: Text, limit: Limit = 10, session_id: SessionId = None) -> dict[str, Any]:
        """Clean, resolved, trust-tagged facts about a topic: working memory first, then
        long-term memories; of two that conflict the newer wins."""
        facts = t.run(
            "search",
            lambda: t.agent.query(query, max_items=limit, session_id=t.session(session_id)),
        )
        return {"facts": [plain(f) for f in facts]}

    @tool(annotations=_write())
    def context(
        query: Annotated[str, Field(min_length=1, description="The user's request or topic.")],
        session_id: SessionId = None,
    ) -> dict[str, Any]:
        """The context block to read before answering: this session's working memory
        and the relevant memories, labelled, within a token budget (recorded for
        `feedback`)."""
        result = t.run("context", lambda: t.agent.recall(t.session(session_id), query))
        return plain(result)

    @tool(annotations=READ)
    def get(memory_id: MemoryId) -> dict[str, Any]:
        """One memory with its fields (any status)."""
        return memory_dict(t.run("get", lambda: t.mem.get(memory_id, **t.kw)))

    @tool(annotations=_write())
    def update(
        memory_id: MemoryId,
        content: Annotated[str, Field(min_length=1, description="The corrected text.")],
        reason: str | None = None,
    ) -> dict[str, Any]:
        """Replace a memory's text with a new version; the old one is superseded (kept
        in its history), never overwritten."""
        record = t.run("update", lambda: t.mem.update(memory_id, content, reason=reason, **t.kw))
        return memory_dict(record)

    @tool(annotations=_write(destructive=True, idempotent=True))
    def forget(memory_id: MemoryId, reason: str | None = None) -> dict[str, Any]:
        """Forget a memory: it is no longer recalled (a soft delete; its history stays)."""
        return memory_dict(t.run("forget", lambda: t.mem.forget(memory_id, reason=reason, **t.kw)))

    @tool(annotations=READ)
    def history(memory_id: MemoryId) -> dict[str, Any]:
        """The audit trail of a memory and of the versions it superseded, oldest first."""
        events = t.run("history", lambda: t.mem.history(memory_id, **t.kw))
        return {"events": [plain(e) for e in events]}

    @tool(annotations=_write())
    def outcome(
        memory_ids: Annotated[list[str], Field(min_length=1, description="The memories used.")],
        success: Annotated[bool, Field(description="Did the task that relied on them succeed?")],
        task: str | None = None,
    ) -> dict[str, Any]:
        """Report how a task that relied on these memories went: their trust rises on
        success and falls on failure."""
        return plain(
            t.run("outcome", lambda: t.agent.outcome(memory_ids, success=success, task=task))
        )

    @tool(annotations=_write())
    def feedback(
        response: Annotated[str, Field(min_length=1, description="The answer you gave.")],
        session_id: SessionId = None,
    ) -> dict[str, Any]:
        """After answering: which memories injected by `context` the answer used (they
        rank higher) and which it ignored (they rank lower). Each is judged once."""
        return plain(t.run("feedback", lambda: t.agent.feedback(t.session(session_id), response)))

    @tool(annotations=_write())
    def correct(
        correction: Annotated[
            str, Field(min_length=1, description='What the user said, e.g. "no, use pnpm".')
        ],
        context: Annotated[str | None, Field(description="When it applies.")] = None,
        session_id: SessionId = None,
    ) -> dict[str, Any]:
        """Turn a correction into a lesson loaded at every session start."""
        return plain(
            t.run(
                "correct",
                lambda: t.agent.correct(
                    correction, context=context, session_id=t.session(session_id)
                ),
            )
        )

    @tool(annotations=_write())
    def working_add(
        content: Text,
        importance: Annotated[float, Field(ge=0, le=1)] = 0.5,
        untrusted: Annotated[
            bool,
            Field(description="True when the text came from a tool, a web page or another agent."),
        ] = False,
        session_id: SessionId = None,
    ) -> dict[str, Any]:
        """Note something for this session (short-term working memory); it becomes a
        long-term memory if it keeps coming up, or by `working_promote`."""
        item = t.run(
            "working_add",
            lambda: t.agent.working_add(
                t.session(session_id),
                content,
                importance=importance,
                trusted=False if untrusted else None,
            ),
        )
        return plain(item)

    @tool(annotations=_write(idempotent=True))
    def working_promote(
        item_id: Annotated[str, Field(min_length=1, description="A working-memory item id.")],
    ) -> dict[str, Any]:
        """Make a working-memory item a long-term memory now."""
        return plain(t.run("working_promote", lambda: t.agent.working_promote(item_id)))

    @tool(annotations=_write())
    def episode_start(
        task: Annotated[str, Field(min_length=1, description="What you are about to do.")],
        context: str | None = None,
        constraints: list[str] | None = None,
        session_id: SessionId = None,
    ) -> dict[str, Any]:
        """Open an episode for a task, to record its actions and outcome; also returns
        similar past episodes and failures like it."""

        def body() -> dict[str, Any]:
            episode = t.agent.start_episode(
                task,
                context=context,
                constraints=constraints or (),
                session_id=t.session(session_id),
            )
            return {
                "episode": plain(episode),
                "similar": [plain(h.episode) for h in t.agent.similar_episodes(task, k=3)],
                "failures": [plain(h.episode) for h in t.agent.failures_like(task, k=3)],
            }

        return t.run("episode_start", body)

    @tool(annotations=_write())
    def episode_action(
        episode_id: Text,
        action: Annotated[str, Field(min_length=1, description="e.g. command, edit, tool_call.")],
        target: Annotated[str, Field(description="What it acted on (a file, a host...).")],
        description: Text,
        result: str | None = None,
    ) -> dict[str, Any]:
        """Record one action of an open episode."""
        return plain(
            t.run(
                "episode_action",
                lambda: t.agent.record_action(
                    episode_id, action, target, description, result=result
                ),
            )
        )

    @tool(annotations=_write())
    def episode_end(
        episode_id: Text,
        success: bool,
        outcome_score: Annotated[
            float | None, Field(ge=0, le=1, description="0..1; default 1 on success, 0 else.")
        ] = None,
        learnings: list[str] | None = None,
        failure_modes: list[str] | None = None,
    ) -> dict[str, Any]:
        """Close an episode with its outcome and what was learned (recorded once)."""
        score = outcome_score if outcome_score is not None else (1.0 if success else 0.0)
        return plain(
            t.run(
                "episode_end",
                lambda: t.agent.complete_episode(
                    episode_id,
                    outcome_score=score,
                    success=success,
                    learnings=learnings or (),
                    failure_modes=failure_modes or (),
                ),
            )
        )

    @tool(annotations=READ)
    def lessons(
        limit: Limit = 20,
        include_held: Annotated[
            bool, Field(description="Also those held back and revoked, newest first.")
        ] = False,
    ) -> dict[str, Any]:
        """The lessons learned from corrections, most important first, each with where it
        came from (`source`, `provenance`) and, with `include_held`, why one is held."""
        found = t.run(
            "lessons",
            lambda: t.agent.lessons_list(
                include_held=include_held, include_revoked=include_held, limit=limit
            ),
        )
        return {"lessons": [plain(x) for x in found]}

    @tool(annotations=_write(destructive=True, idempotent=True))
    def lesson_revoke(lesson_id: MemoryId, reason: str | None = None) -> dict[str, Any]:
        """Take a lesson out for good when the user says it is wrong: never loaded again."""

        def body() -> Any:
            found = t.mem.get(lesson_id, **t.kw)
            return t.agent.revoke_lesson(found.id, reason=reason)

        return plain(t.run("lesson_revoke", body))

    @tool(annotations=READ)
    def rules(
        text: Annotated[
            str | None, Field(description="Only the rules that apply to this text.")
        ] = None,
        tool_name: Annotated[str | None, Field(description="...or to calling this tool.")] = None,
        limit: Limit = 20,
    ) -> dict[str, Any]:
        """The procedural rules learned from lessons and episodes (all, or those that
        apply to a text or a tool), most confident first."""

        def body() -> list[Any]:
            if text is None and tool_name is None:
                return t.agent.rules.list()[:limit]
            return t.agent.rules.matching(text or "", tool=tool_name, limit=limit)

        return {"rules": [plain(r) for r in t.run("rules", body)]}

    @tool(annotations=_write(destructive=True, idempotent=True))
    def rule_revoke(rule_id: MemoryId, reason: str | None = None) -> dict[str, Any]:
        """Take a rule out for good when the user says it is wrong: never applied again,
        and not learnt anew from the same evidence."""

        def body() -> Any:
            found = t.mem.get(rule_id, **t.kw)
            return t.agent.rules.revoke(found.id, reason=reason)

        return plain(t.run("rule_revoke", body))

    @tool(annotations=READ)
    def triggers(
        status: Literal["pending", "fired", "done", "cancelled"] | None = None,
        due: Annotated[bool, Field(description="Only pending ones whose day has come.")] = False,
        limit: Limit = 20,
    ) -> dict[str, Any]:
        """Forward triggers: things said about a future day ("the release is next
        Friday"), soonest first."""

        def body() -> list[Any]:
            if due:
                return t.agent.triggers.due(now=utcnow())[:limit]
            return t.agent.triggers.list(status=status, limit=limit)

        return {"triggers": [plain(x) for x in t.run("triggers", body)]}

    @tool(annotations=_write(destructive=True, idempotent=True))
    def trigger_cancel(trigger_id: MemoryId) -> dict[str, Any]:
        """Cancel (revoke) a reminder or forward trigger when the user no longer wants
        it: it never comes up again."""
        return plain(t.run("trigger_cancel", lambda: t.agent.triggers.cancel(trigger_id)))

    add_resources(server, t)
    server.close_schemas()
    return server


def default_session_id() -> str:
    """This server process's session: ``mcp-<UTC start time>-<pid>``."""
    return f"mcp-{utcnow():%Y%m%dT%H%M%S}-{os.getpid()}"
