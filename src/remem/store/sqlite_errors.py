"""SQLite and file errors translated into remem's errors at the store boundary.

Every public method of :class:`remem.store.sqlite.SQLiteStore` runs inside
:func:`translated`, so the Python API raises a :class:`~remem.errors.RememError`
subclass, never a raw ``sqlite3.Error``, ``OSError``, ``RecursionError`` or
``OverflowError``: runtime failures (disk full, I/O error, a damaged page)
become :class:`~remem.errors.StoreError` with what to do next; mistakes of the
caller (a number too large for SQLite, JSON nested too deeply) become
:class:`~remem.errors.ValidationError`.
"""

from __future__ import annotations

import functools
import inspect
import sqlite3
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, TypeVar

from remem.errors import RememError, StoreError, ValidationError

# SQLite primary result codes (https://sqlite.org/rescode.html)
_BUSY, _LOCKED, _READONLY, _IOERR, _CORRUPT, _FULL, _CANTOPEN = 5, 6, 8, 10, 11, 13, 14
_CONSTRAINT, _MISMATCH, _NOTADB = 19, 20, 26

T = TypeVar("T")


def read_only_error(path: str) -> StoreError:
    """The error every write to a store opened read-only raises."""
    return StoreError(
        f"the store is read-only: {path} (or its folder) cannot be written; "
        "searching and listing work, writing needs write permission"
    )


def translate(exc: BaseException, path: str) -> RememError | None:
    """The remem error ``exc`` stands for, or None when it is not an I/O-level error
    (a bug, or already a remem error: let it through unchanged)."""
    if isinstance(exc, RememError):
        return None
    if isinstance(exc, OverflowError):
        return ValidationError(
            f"a number is too large for the store (integers are 64-bit): {exc}; use a smaller value"
        )
    if isinstance(exc, RecursionError):
        return ValidationError(
            "a value is nested too deeply to store (JSON metadata or state); flatten it"
        )
    if isinstance(exc, UnicodeEncodeError):
        return ValidationError("a text holds an unpaired surrogate (not valid Unicode); fix it")
    if isinstance(exc, sqlite3.InterfaceError | sqlite3.ProgrammingError) and (
        "binding parameter" in str(exc) or "type" in str(exc)
    ):  # a value of a type SQL has no column for: the caller passed the wrong type
        return ValidationError(f"a value of the wrong type was given ({exc})")
    if isinstance(exc, sqlite3.Error):
        code = (getattr(exc, "sqlite_errorcode", None) or 0) & 0xFF
        if code == _MISMATCH:
            return ValidationError(f"a value of the wrong type was given ({exc})")
        if code == _FULL:
            return StoreError(
                f"the disk is full (or the store reached its size limit) writing {path}; "
                "free some space and retry (nothing of this write was kept)"
            )
        if code == _READONLY:
            return read_only_error(path)
        if code in (_CORRUPT, _NOTADB) or "malformed" in str(exc):
            return StoreError(f"{path} is damaged ({exc}); run `remem doctor --db {path}`")
        if code == _IOERR:
            return StoreError(f"I/O error on {path} ({exc}); check the disk, then run remem doctor")
        if code in (_BUSY, _LOCKED):
            return StoreError(f"{path} is busy (another process holds a write lock); retry")
        if code == _CANTOPEN:
            return StoreError(f"cannot open {path} ({exc}); check the path and its permissions")
        if code == _CONSTRAINT:
            if "UNIQUE" in str(exc):
                return ValidationError(f"a record with the same id already exists ({exc})")
            return ValidationError(f"the write breaks a rule of the store ({exc})")
        return StoreError(f"the store {path} failed: {exc}")
    if isinstance(exc, OSError):
        return StoreError(f"file error beside the store {path}: {exc}")
    return None


@contextmanager
def translated(path: str) -> Iterator[None]:
    """Re-raise I/O-level errors inside the block as remem errors (``from`` the original)."""
    try:
        yield
    except (sqlite3.Error, OSError, RecursionError, OverflowError, UnicodeEncodeError) as exc:
        mapped = translate(exc, path)
        if mapped is None:
            raise
        raise mapped from exc


def _wrap(name: str, method: Callable[..., Any]) -> Callable[..., Any]:
    if inspect.isgeneratorfunction(method):

        @functools.wraps(method)
        def generator(self: Any, *args: Any, **kwargs: Any) -> Iterator[Any]:
            with translated(self.path):
                yield from method(self, *args, **kwargs)

        return generator

    @functools.wraps(method)
    def call(self: Any, *args: Any, **kwargs: Any) -> Any:
        with translated(self.path):
            return method(self, *args, **kwargs)

    return call


def translate_errors(cls: type[T]) -> type[T]:
    """Class decorator: every public method (inherited ones too) raises remem errors.

    ``transaction`` is left alone: it translates its own BEGIN/COMMIT, and what
    runs inside the block is the caller's code (its store calls are translated)."""
    for name in dir(cls):
        if name.startswith("_") or name == "transaction":
            continue
        attr = inspect.getattr_static(cls, name)
        if inspect.isfunction(attr):
            setattr(cls, name, _wrap(name, attr))
    return cls
