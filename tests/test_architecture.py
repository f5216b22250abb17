"""Layer boundaries and the public surface, checked from the source with ``ast``."""

from __future__ import annotations

import ast
from pathlib import Path

import remem

SRC = Path(remem.__file__).parent

LOCKED_ALL = [
    "AsyncMemory",
    "AuditEvent",
    "Checkpoint",
    "Config",
    "ConflictError",
    "EmbeddingMismatchError",
    "EraseReport",
    "ForgetReport",
    "Kind",
    "ListFilter",
    "Memory",
    "MemoryAgent",
    "MemoryRecord",
    "NotARememStoreError",
    "NotAvailableError",
    "NotFoundError",
    "Page",
    "ProviderError",
    "RememError",
    "Resource",
    "SchemaTooNewError",
    "Scope",
    "SearchHit",
    "Status",
    "StoreError",
    "Tier",
    "UserError",
    "ValidationError",
    "__version__",
]


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path) -> set[str]:
    """Every module ``path`` imports, relative imports resolved."""
    tree = ast.parse(path.read_text("utf-8"), filename=str(path))
    package = _module_name(path).split(".")
    if path.name != "__init__.py":
        package = package[:-1]
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - node.level + 1]
                module = ".".join([*base, *([node.module] if node.module else [])])
            else:
                module = node.module or ""
            found.add(module)
            found.update(f"{module}.{alias.name}" for alias in node.names)
    return found


def _layer_imports(layer: str) -> dict[str, set[str]]:
    return {_module_name(path): _imports(path) for path in sorted((SRC / layer).rglob("*.py"))}


def _violations(layer: str, forbidden: str) -> list[str]:
    return [
        f"{module} imports {name}"
        for module, names in _layer_imports(layer).items()
        for name in sorted(names)
        if name == forbidden or name.startswith(forbidden + ".")
    ]


def test_the_checker_sees_imports() -> None:
    # guards the test itself: memory.py imports both layers, so the walker must see them
    names = _imports(SRC / "memory.py")
    assert "remem.read.search" in names
    assert "remem.write.validate" in names
    assert _layer_imports("write")  # the layer has modules to check


def test_write_never_imports_read() -> None:
    assert _violations("write", "remem.read") == []


def test_read_never_imports_write() -> None:
    assert _violations("read", "remem.write") == []


def test_the_slot_logic_is_neutral() -> None:
    """remem.slots is shared by both paths, so it imports neither."""
    assert _violations("slots", "remem.write") == []
    assert _violations("slots", "remem.read") == []
    assert any("remem.slots" in names for names in _layer_imports("read").values())
    assert any("remem.slots" in names for names in _layer_imports("write").values())


def test_public_surface_is_locked_and_sorted() -> None:
    assert remem.__all__ == sorted(remem.__all__)
    assert remem.__all__ == LOCKED_ALL
    for name in remem.__all__:
        assert hasattr(remem, name), name
