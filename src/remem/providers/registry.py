"""Providers by name.

Built-in providers register themselves here exactly as a third-party package
would: ``register_embedder("name", factory)`` from its module, or an entry point
in the ``remem.embedders`` / ``remem.llms`` group pointing at a factory. A
factory takes the :class:`remem.config.Config` and returns the provider.
"""

from __future__ import annotations

from collections.abc import Callable
from importlib import import_module
from importlib.metadata import entry_points
from typing import TYPE_CHECKING, TypeVar

from remem.errors import UserError

if TYPE_CHECKING:
    from remem.config import Config
    from remem.providers.base import LLM, Embedder

EmbedderFactory = Callable[["Config"], "Embedder"]
LLMFactory = Callable[["Config"], "LLM"]

_embedders: dict[str, EmbedderFactory] = {}
_llms: dict[str, LLMFactory] = {}

# Built-ins live in their own modules; importing one registers it.
_BUILTIN_EMBEDDERS = {
    "onnx-minilm": "remem.providers.onnx",
    "hashing": "remem.providers.hashing",
    "openai": "remem.providers.openai_embed",
    "fake": "remem.providers.fake",
}
_BUILTIN_LLMS = {
    "openai": "remem.providers.openai_chat",
    "anthropic": "remem.providers.anthropic",
    "fake": "remem.providers.fake",
}


def register_embedder(name: str, factory: EmbedderFactory) -> None:
    """Make an embedder available as ``embedder = "name"`` in the config."""
    _embedders[name] = factory


def register_llm(name: str, factory: LLMFactory) -> None:
    """Make an LLM client available as ``llm_provider = "name"`` in the config."""
    _llms[name] = factory


F = TypeVar("F")


def _resolve(name: str, table: dict[str, F], builtins: dict[str, str], group: str, what: str) -> F:
    if name not in table and name in builtins:
        import_module(builtins[name])
    if name not in table:
        for ep in entry_points(group=group):
            if ep.name == name:
                table[name] = ep.load()
                break
    if name not in table:
        known = sorted(set(table) | set(builtins))
        raise UserError(f"unknown {what} {name!r}; known: {', '.join(known)}")
    return table[name]


def get_embedder(name: str, config: Config) -> Embedder:
    """Build the embedder registered under ``name``."""
    factory = _resolve(name, _embedders, _BUILTIN_EMBEDDERS, "remem.embedders", "embedder")
    return factory(config)


def get_llm(name: str, config: Config) -> LLM:
    """Build the LLM client registered under ``name``."""
    factory = _resolve(name, _llms, _BUILTIN_LLMS, "remem.llms", "LLM provider")
    return factory(config)


def embedder_names() -> list[str]:
    return sorted(set(_embedders) | set(_BUILTIN_EMBEDDERS))


def llm_names() -> list[str]:
    return sorted(set(_llms) | set(_BUILTIN_LLMS))
