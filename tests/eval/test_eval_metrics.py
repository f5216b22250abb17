"""Retrieval metrics on hand-computed examples."""

from __future__ import annotations

import math

import pytest

from remem.eval.metrics import ndcg_at_k, percentile, recall_at_k


def test_recall_at_k() -> None:
    ranked = ["a", "b", "c", "d"]
    assert recall_at_k(ranked, {"a"}, 1) == 1.0
    assert recall_at_k(ranked, {"b"}, 1) == 0.0
    assert recall_at_k(ranked, {"a", "d"}, 2) == 0.5
    assert recall_at_k(ranked, {"a", "d"}, 4) == 1.0
    assert recall_at_k(ranked, {"a", "z"}, 10) == 0.5
    assert recall_at_k(ranked, set(), 5) == 0.0
    assert recall_at_k([], {"a"}, 5) == 0.0


def test_ndcg_at_k() -> None:
    # One relevant item at rank 2: (1/log2 3) / (1/log2 2).
    assert ndcg_at_k(["x", "a"], {"a"}, 10) == pytest.approx(1 / math.log2(3))
    # Two relevant at ranks 1 and 3: (1 + 1/2) / (1 + 1/log2 3).
    expected = (1 + 1 / math.log2(4)) / (1 + 1 / math.log2(3))
    assert ndcg_at_k(["a", "x", "b"], {"a", "b"}, 10) == pytest.approx(expected)
    assert ndcg_at_k(["a", "b"], {"a", "b"}, 10) == pytest.approx(1.0)
    assert ndcg_at_k(["x", "y"], {"a"}, 10) == 0.0
    # Beyond k counts nothing; the ideal is capped at k.
    assert ndcg_at_k(["x", "a"], {"a"}, 1) == 0.0
    assert ndcg_at_k(["a"], {"a", "b", "c"}, 1) == 1.0
    # A repeated id counts once.
    assert ndcg_at_k(["a", "a"], {"a", "b"}, 10) == pytest.approx(1 / (1 + 1 / math.log2(3)))


def test_percentile() -> None:
    assert percentile([], 50) == 0.0
    assert percentile([3.0], 95) == 3.0
    assert percentile([1.0, 2.0, 3.0, 4.0], 50) == 2.5
    assert percentile([1.0, 2.0, 3.0, 4.0, 5.0], 95) == pytest.approx(4.8)
