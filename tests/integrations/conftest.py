"""Claude Code hook fixtures (see hookdata.py)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hookdata import Recorded


@pytest.fixture
def recorded(tmp_path: Path) -> Recorded:
    return Recorded(tmp_path)
