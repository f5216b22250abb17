"""``MemoryAgent``: every memory operation of one agent, so the agent itself never
touches the store.

    agent = MemoryAgent(mem, user_id="maya", agent_id="coder")
    start = agent.start_session("s1", opening="fix the login bug")
    prompt = start.text + "\\n\\n" + user_message
    agent.observe("s1", "user", user_message)
    ... the model answers ...
    agent.observe("s1", "assistant", answer)
    agent.feedback("s1", answer)
    agent.before_tool("s1", "Bash", {"command": "make deploy"})  # lessons that apply
    agent.after_tool("s1", "Bash", {"command": "make deploy"}, result="ok")
    agent.end_session("s1")

All state lives in the store (sessions, working memory, injected ids, costs), so
each call may come from another process (hooks). Every method takes ``now``
(default: the current time), so a simulation runs on a fake clock. Untrusted
memories (tool output, web pages, other agents) are never injected unless the
agent was built with ``include_untrusted=True``; then their lines say so.
"""

from __future__ import annotations

from remem.agent.agent_feedback import FeedbackMixin
from remem.agent.agent_sessions import SessionsMixin
from remem.agent.agent_tasks import TasksMixin
from remem.agent.agent_tools import ToolsMixin
from remem.agent.agent_turns import TurnsMixin

__all__ = ["MemoryAgent"]


class MemoryAgent(SessionsMixin, TurnsMixin, FeedbackMixin, TasksMixin, ToolsMixin):
    """Sessions, working memory, lessons and feedback for one agent over a
    :class:`~remem.Memory` (see the module doc and docs/agent.md)."""
