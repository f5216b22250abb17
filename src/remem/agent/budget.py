"""Budget-aware operation: what each agent operation costs, and when to economise.

A :class:`Meter` counts, while an agent operation runs, the embedding calls and
LLM calls the :class:`~remem.Memory` makes (LLM tokens counted with the bundled
WordPiece tokenizer over the prompt and the reply) and the statements its store
runs; the agent adds the tokens it injected and logs one
:class:`~remem.model.TurnCost` row per operation in the store.

With ``config.budget_per_turn`` set, a session whose average cost per observed
turn (LLM tokens + injected tokens) is over it runs in economy mode: recall
injects ``agent_economy_items`` memories instead of ``agent_context_max_items``,
the graph source is skipped and only tiered recall answers.

The meter swaps the Memory's embedder for a counting proxy for the duration of
one operation (and sets its ``llm_wrapper``), so a Memory under a MemoryAgent is
used from one thread at a time.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from remem.model import TurnCost
from remem.providers.base import LLM, Embedder, Vectors, token_embedder

if TYPE_CHECKING:
    from remem.config import Config
    from remem.memory import Memory

COST_FIELDS = ("embed_calls", "llm_calls", "llm_tokens", "db_statements", "injected_tokens")


@dataclass(slots=True)
class Usage:
    """Counts of one operation (or a sum of several)."""

    embed_calls: int = 0
    llm_calls: int = 0
    llm_tokens: int = 0
    db_statements: int = 0
    injected_tokens: int = 0

    def to_dict(self) -> dict[str, int]:
        return {name: getattr(self, name) for name in COST_FIELDS}

    @classmethod
    def total(cls, costs: Sequence[TurnCost]) -> Usage:
        out = cls()
        for cost in costs:
            for name in COST_FIELDS:
                setattr(out, name, getattr(out, name) + getattr(cost, name))
        return out


class _CountingEmbedder:
    """An embedder that counts its calls, delegating everything else."""

    def __init__(self, inner: Embedder, usage: Usage) -> None:
        self._inner, self._usage = inner, usage

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    @property
    def model_id(self) -> str:
        return self._inner.model_id

    @property
    def dim(self) -> int:
        return self._inner.dim

    def embed_documents(self, texts: Sequence[str]) -> Vectors:
        self._usage.embed_calls += 1
        return self._inner.embed_documents(texts)

    def embed_query(self, text: str) -> Vectors:
        self._usage.embed_calls += 1
        return self._inner.embed_query(text)


class _CountingTokenEmbedder(_CountingEmbedder):
    """The same, for an embedder that also makes token vectors (the late stage)."""

    def embed_with_tokens(
        self, texts: Sequence[str]
    ) -> tuple[Vectors, list[Vectors], list[list[int]]]:
        self._usage.embed_calls += 1
        inner = token_embedder(self._inner)
        assert inner is not None
        return inner.embed_with_tokens(texts)


class _CountingLLM:
    """An LLM that counts its calls and the tokens of prompt and reply."""

    def __init__(self, inner: LLM, usage: Usage) -> None:
        self._inner, self._usage = inner, usage

    @property
    def model_id(self) -> str:
        return self._inner.model_id

    def complete(
        self,
        messages: Sequence[dict[str, str]],
        *,
        json_schema: dict[str, object] | None = None,
        temperature: float = 0.0,
        max_tokens: int = 2048,
    ) -> str:
        from remem.read.tokens import default_counter

        self._usage.llm_calls += 1
        counter = default_counter()
        self._usage.llm_tokens += sum(counter.count(m.get("content", "")) for m in messages)
        reply = self._inner.complete(
            messages, json_schema=json_schema, temperature=temperature, max_tokens=max_tokens
        )
        self._usage.llm_tokens += counter.count(reply)
        return reply


class Meter:
    """Counts what one Memory spends while :meth:`measure` is open."""

    def __init__(self, mem: Memory) -> None:
        self.mem = mem

    @contextmanager
    def measure(self) -> Iterator[Usage]:
        """Count the embedding calls, LLM calls and tokens, and store statements made
        inside the block into the yielded :class:`Usage` (filled in on exit)."""
        usage = Usage()
        mem = self.mem
        inner, wrapper = mem.embedder, mem.llm_wrapper
        proxy = _CountingTokenEmbedder if token_embedder(inner) is not None else _CountingEmbedder
        mem.embedder = proxy(inner, usage)
        mem.llm_wrapper = lambda llm: _CountingLLM(llm, usage)
        before = mem.store.statement_count()
        try:
            yield usage
        finally:
            mem.embedder, mem.llm_wrapper = inner, wrapper
            usage.db_statements += max(0, mem.store.statement_count() - before)


def turn_cost(usage: Usage) -> int:
    """The tokens a turn cost, as ``budget_per_turn`` counts them."""
    return usage.llm_tokens + usage.injected_tokens


def over_budget(config: Config, costs: Sequence[TurnCost], turns: int) -> bool:
    """Whether a session with these cost rows and ``turns`` observed turns averages
    over ``budget_per_turn`` (False without a budget)."""
    if config.budget_per_turn is None or not costs:
        return False
    return turn_cost(Usage.total(costs)) / max(1, turns) > config.budget_per_turn
