"""Test doubles that ship with remem: a deterministic embedder and a scripted LLM.

Both are registered as ``fake``, so a test (or a user's own test suite) can set
``embedder = "fake"`` / ``llm_provider = "fake"`` and never touch a model or the
network.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

from remem.errors import ProviderError
from remem.providers.base import Vectors
from remem.providers.hashing import HashingEmbedder
from remem.providers.registry import register_embedder, register_llm

if TYPE_CHECKING:
    from remem.config import Config

Reply = str | BaseException


class FakeEmbedder(HashingEmbedder):
    """A small deterministic embedder (feature hashing, ``dim`` 64 by default).

    ``model_id`` is settable, so a test can simulate switching embedding models.
    Set ``fail`` to an exception to make every following embed call raise it.
    ``calls`` counts embed calls.
    """

    def __init__(self, dim: int = 64, *, model_id: str | None = None) -> None:
        super().__init__(dim, model_id=model_id or f"fake-embedder-{dim}")
        self.fail: BaseException | None = None
        self.calls = 0

    @property
    def model_id(self) -> str:
        """``fake-embedder-<dim>`` unless set."""
        return self._model_id

    @model_id.setter
    def model_id(self, value: str) -> None:
        self._model_id = value

    def embed_documents(self, texts: Sequence[str]) -> Vectors:
        """As :meth:`HashingEmbedder.embed_documents`, unless ``fail`` is set."""
        self.calls += 1
        if self.fail is not None:
            raise self.fail
        return super().embed_documents(texts)


class ScriptedLLM:
    """An :class:`~remem.providers.base.LLM` that replays a script.

    Each :meth:`complete` call takes the next entry of ``replies``: a string is
    returned, an exception is raised. ``calls`` records the messages of every
    call and ``schemas`` the ``json_schema`` passed with it. When the script
    runs out, :meth:`complete` raises :class:`ProviderError`.
    """

    def __init__(self, replies: Iterable[Reply] = (), *, model_id: str = "fake-llm") -> None:
        self._script: deque[Reply] = deque(replies)
        self._model_id = model_id
        self.calls: list[list[dict[str, str]]] = []
        self.schemas: list[dict[str, object] | None] = []

    def __repr__(self) -> str:
        return f"ScriptedLLM({len(self._script)} replies left, {len(self.calls)} calls)"

    @property
    def model_id(self) -> str:
        """``fake-llm`` unless given."""
        return self._model_id

    @property
    def remaining(self) -> int:
        """How many scripted replies are left."""
        return len(self._script)

    def add(self, *replies: Reply) -> None:
        """Append replies to the script (the registry's ``fake`` LLM starts empty)."""
        self._script.extend(replies)

    def complete(
        self,
        messages: Sequence[dict[str, str]],
        *,
        json_schema: dict[str, object] | None = None,
        temperature: float = 0.0,
        max_tokens: int = 2048,
    ) -> str:
        """The next scripted reply; raises it instead if it is an exception."""
        self.calls.append([dict(m) for m in messages])
        self.schemas.append(json_schema)
        try:
            reply = self._script.popleft()
        except IndexError:
            raise ProviderError(
                f"ScriptedLLM script ran out after {len(self.calls) - 1} replies — "
                "give it more with .add(...)"
            ) from None
        if isinstance(reply, BaseException):
            raise reply
        return reply


def _embedder_factory(config: Config) -> FakeEmbedder:
    return FakeEmbedder()


def _llm_factory(config: Config) -> ScriptedLLM:
    return ScriptedLLM()


register_embedder("fake", _embedder_factory)
register_llm("fake", _llm_factory)
