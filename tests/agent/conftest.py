"""Agent-layer fixtures: a MemoryAgent on a real SQLite file with the fake embedder."""

from __future__ import annotations

import pytest

from remem.agent import MemoryAgent
from remem.memory import Memory


@pytest.fixture
def agent(mem: Memory) -> MemoryAgent:
    return MemoryAgent(mem, user_id="maya", agent_id="coder")
