"""The write path never imports the read path."""

from __future__ import annotations

import ast
from pathlib import Path

import remem.write

WRITE = Path(remem.write.__file__).parent


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_write_does_not_import_read() -> None:
    offenders = {
        str(path.relative_to(WRITE)): sorted(
            n for n in _imports(path) if n.startswith("remem.read")
        )
        for path in WRITE.rglob("*.py")
    }
    assert not {k: v for k, v in offenders.items() if v}
