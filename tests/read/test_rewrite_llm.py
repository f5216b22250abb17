"""Query rewrite by the configured LLM (the shipped scripted LLM through the registry)."""

from __future__ import annotations

from pathlib import Path

from remem import Config, Memory
from remem.errors import ProviderError
from remem.providers.fake import ScriptedLLM
from remem.read.rewrite import combine, llm_rewrite

CHAT = [
    {"role": "user", "content": "My sister Lena is visiting next month."},
    {"role": "assistant", "content": "Nice! Anything to plan?"},
    {"role": "user", "content": "What does she like to eat?"},
]


def test_llm_rewrite_resolves_and_keeps_deterministic_words() -> None:
    llm = ScriptedLLM(["Lena's food preferences"])
    query = llm_rewrite(CHAT, llm, last_n=6)
    assert query == "Lena's food preferences"
    assert "What does she like to eat?" in llm.calls[0][-1]["content"]
    assert combine(query, "What does she like to eat? Lena") == (
        "Lena's food preferences What does she like to eat? Lena"
    )


def test_llm_failure_falls_back() -> None:
    assert llm_rewrite(CHAT, ScriptedLLM([ProviderError("down")]), last_n=6) is None
    assert combine(None, "raw words") == "raw words"


def test_context_uses_the_configured_llm(tmp_path: Path) -> None:
    # No relevance floor: the fake embedder's match for the fallback's long query is low,
    # and this test is about which query context() builds, not about the floor.
    config = Config(
        home=tmp_path, embedder="fake", llm_provider="fake", llm_model="m", min_relevance=0
    )
    with Memory(tmp_path / "m.db", config=config) as mem:
        mem.add("Lena is vegetarian and loves Thai food", user_id="u")
        llm = mem._llm(required=False)
        assert isinstance(llm, ScriptedLLM)
        block = mem.context(CHAT, user_id="u")  # the fake LLM's empty script fails: fallback
        assert "What does she like to eat?" in block.query
        assert "vegetarian" in block.text
