"""How wide a recall looks (remem/agent/recall.py): the trust pass, which compares hits
pairwise, runs on the shortest run of the best hits that holds the memories a block may
show plus a few spares — untrusted hits do not count toward it — not on every
candidate; and the block is what the pass over every candidate gives."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from remem.agent import MemoryAgent
from remem.config import Config
from remem.memory import Memory
from remem.read.inject import is_untrusted
from remem.slots.facts import analyse

T0 = datetime(2025, 3, 3, 9, 0, tzinfo=UTC)
QUERY = "which atlas deploy step runs the release checks"
TRUSTED = [
    "The atlas deploy step {n} runs the release checks on the {w} runner",
    "Atlas deploys log the release checks of stage {n} to the {w} channel",
]
WORDS = ["blue", "green", "amber", "violet", "silver", "copper", "orange", "indigo"]


def _seed(mem: Memory, *, untrusted: int = 0) -> None:
    for i, word in enumerate(WORDS):
        text = TRUSTED[i % 2].format(n=i + 1, w=word)
        mem.add(text, user_id="maya", infer=False, now=T0 - timedelta(days=i))
    for i in range(untrusted):  # the query's own words: they rank first
        mem.add(
            f"Which atlas deploy step runs the release checks: step {i + 10} (tool output)",
            user_id="maya",
            infer=False,
            trusted=False,
            now=T0,
        )


def _config(tmp_path: Path, spare: int) -> Config:
    # 3 memories a block, 3 x 3 = 9 candidates; the trust pass first on 3 + spare;
    # ranked by relevance, so the untrusted memories holding the query's words come first
    return Config(
        home=tmp_path / "home",
        embedder="fake",
        agent_context_max_items=3,
        agent_recall_spare=spare,
        rank_weight_trust=0.0,
    )


def _recall(tmp_path: Path, name: str, spare: int, untrusted: int = 0) -> tuple[str, int, int]:
    """The block's text, how many untrusted were withheld, and how many memories the
    trust pass analysed."""
    with Memory(tmp_path / f"{name}.db", config=_config(tmp_path, spare)) as mem:
        _seed(mem, untrusted=untrusted)
        analyse.cache_clear()  # the write path analysed them too
        context = MemoryAgent(mem, user_id="maya").recall("s1", QUERY, now=T0)
        return context.text, context.withheld, analyse.cache_info().misses


def test_the_trust_pass_looks_at_the_hits_a_block_may_show_only(tmp_path: Path) -> None:
    text, _, analysed = _recall(tmp_path, "narrow", spare=1)
    wide, _, all_analysed = _recall(tmp_path, "wide", spare=6)  # 3 + 6: every candidate
    assert sum(word in text for word in WORDS) == 3  # a full block
    assert analysed <= 3 + 1 < all_analysed  # the width, not the 9 candidates
    assert text == wide  # nothing left out: the same block


def test_untrusted_hits_do_not_count_toward_the_hits_checked(tmp_path: Path) -> None:
    with Memory(tmp_path / "probe.db", config=_config(tmp_path, 1)) as mem:
        _seed(mem, untrusted=4)
        top = mem.search(QUERY, user_id="maya", limit=4, _record_access=False)
        assert sum(map(is_untrusted, top)) >= 2  # of the first 3 + 1, fewer than 3 are kept
    text, withheld, analysed = _recall(tmp_path, "narrow", spare=1, untrusted=4)
    wide, wide_withheld, _ = _recall(tmp_path, "wide", spare=6, untrusted=4)
    assert 3 + 1 < analysed < 9  # past the untrusted ones, not every candidate
    assert (text, withheld) == (wide, wide_withheld)
    assert withheld >= 2 and "tool output" not in text
    assert sum(word in text for word in WORDS) == 3  # a full block of trusted memories
