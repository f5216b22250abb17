"""The bundled WordPiece tokenizer: the ids Hugging Face ``tokenizers`` gives for the
same tokenizer.json (the reference, a dev dependency), without it at run time."""

from __future__ import annotations

import json
import subprocess
import sys
from importlib import metadata, resources
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from remem.providers.onnx import MAX_TOKENS, load_bundled_tokenizer
from remem.providers.wordpiece import WordPiece

FIXTURES = Path(__file__).parent.parent / "write" / "fixtures"

# Blocks of Unicode present in the reference's own character tables (it predates a
# few code points added since, e.g. U+061D, which it does not know as punctuation).
_BLOCKS = [
    (0x0000, 0x024F), (0x0370, 0x052F), (0x0590, 0x05FF), (0x0600, 0x061C),
    (0x061E, 0x06FF), (0x0900, 0x097F), (0x0E00, 0x0E7F), (0x1E00, 0x1FFF),
    (0x2000, 0x206F), (0x20A0, 0x20CF), (0x2100, 0x27BF), (0x3000, 0x30FF),
    (0x4E00, 0x9FFF), (0xAC00, 0xD7A3), (0xFB00, 0xFB4F), (0xFE00, 0xFE0F),
    (0xFF00, 0xFFEF), (0x1F300, 0x1F64F), (0xE0000, 0xE007F),
]  # fmt: skip
_CHARS = st.one_of(
    *(st.characters(min_codepoint=lo, max_codepoint=hi, exclude_categories=["Cs"]) for lo, hi in _BLOCKS),
    st.sampled_from(["[CLS]", "[SEP]", "[MASK]", "[cls]", " ", "\n", "\t", "e\u0301", "ﬁ", "İ"]),
)  # fmt: skip
_TEXTS = st.lists(_CHARS, max_size=60).map("".join)


def _source() -> str:
    return resources.files("remem.providers").joinpath("data", "minilm-tokenizer.json").read_text()


@pytest.fixture(scope="module")
def reference():  # type: ignore[no-untyped-def]
    tokenizers = pytest.importorskip("tokenizers", reason="the reference tokenizer (dev extra)")
    tokenizer = tokenizers.Tokenizer.from_str(_source())
    tokenizer.no_padding()
    tokenizer.no_truncation()
    return tokenizer


def _same(reference, text: str, *, special: bool = True, max_length: int | None = None) -> None:  # type: ignore[no-untyped-def]
    if max_length is None:
        reference.no_truncation()
    else:
        reference.enable_truncation(max_length)
    want = reference.encode(text, add_special_tokens=special)
    got = load_bundled_tokenizer().encode(text, add_special_tokens=special, max_length=max_length)
    assert (got.ids, got.special_tokens_mask, got.type_ids) == (
        want.ids,
        want.special_tokens_mask,
        want.type_ids,
    ), text


@settings(max_examples=400, deadline=None)
@given(text=_TEXTS, special=st.booleans())
def test_any_text_gives_the_references_ids(reference, text: str, special: bool) -> None:  # type: ignore[no-untyped-def]
    _same(reference, text, special=special)


@settings(max_examples=100, deadline=None)
@given(text=_TEXTS, max_length=st.integers(min_value=2, max_value=12))
def test_truncation_keeps_what_the_reference_keeps(reference, text: str, max_length: int) -> None:  # type: ignore[no-untyped-def]
    _same(reference, text, max_length=max_length)


def test_the_projects_own_text_gives_the_references_ids(reference) -> None:  # type: ignore[no-untyped-def]
    lines: list[str] = []
    for path in sorted(FIXTURES.iterdir()):
        if path.suffix in (".txt", ".jsonl", ".json"):
            lines += path.read_text(encoding="utf-8").splitlines()
    assert len(lines) > 100
    for line in lines:
        _same(reference, line)
    _same(reference, "\n".join(lines), max_length=MAX_TOKENS)  # a long text, truncated


def test_known_pieces_without_the_reference() -> None:
    wp = load_bundled_tokenizer()
    vocab = wp.get_vocab()
    names = {i: t for t, i in vocab.items()}

    def pieces(text: str) -> list[str]:
        return [names[i] for i in wp.encode(text).ids]

    assert pieces("Héllo, WORLD!") == ["[CLS]", "hello", ",", "world", "!", "[SEP]"]
    assert pieces("tokenizers") == ["[CLS]", "token", "##izer", "##s", "[SEP]"]
    assert pieces("日本") == ["[CLS]", "日", "本", "[SEP]"]
    assert pieces("a\u200bb") == ["[CLS]", "ab", "[SEP]"]  # zero-width space: dropped
    assert pieces("x" * 101) == ["[CLS]", "[UNK]", "[SEP]"]  # longer than a word may be
    assert pieces("say [SEP] it") == ["[CLS]", "say", "[SEP]", "it", "[SEP]"]
    assert wp.encode("say [SEP] it").special_tokens_mask == [1, 0, 0, 0, 1]
    cut = wp.encode("one two three four", max_length=4)
    assert [names[i] for i in cut.ids] == ["[CLS]", "one", "two", "[SEP]"]


def test_a_file_that_is_not_wordpiece_is_refused() -> None:
    spec = json.loads(_source())
    spec["model"]["type"] = "BPE"
    with pytest.raises(ValueError, match="WordPiece"):
        WordPiece.from_json(json.dumps(spec))


def test_remem_needs_neither_tokenizers_nor_huggingface_hub() -> None:
    needs = [r.split(";")[0] for r in metadata.requires("remem") or [] if "extra ==" not in r]
    names = {n.split(">")[0].split("=")[0].split("<")[0].strip().lower() for n in needs}
    assert not names & {"tokenizers", "huggingface-hub", "huggingface_hub"}, names
    # embedding and counting a budget import neither
    code = (
        "import sys\n"
        "from remem.read.tokens import default_counter\n"
        "from remem.providers.onnx import load_bundled_tokenizer\n"
        "default_counter().count('a line'); load_bundled_tokenizer().encode('a line')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('tokenizers', 'huggingface_hub')))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"
