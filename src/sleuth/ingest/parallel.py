"""Reading many files in worker processes while the index is written.

Reading a Markdown or reST page (parsing, sectioning) is pure Python work under the GIL
and the larger part of an ingest; a folder of many files is read by a pool of worker
processes, in file order, while this process writes what they return. The output is the
same as reading inline: each file is read by the same code, and the results are taken
in the order the files were given.

The pool forks, so a worker starts with this process's modules already imported (no
start-up cost), and it is started before the index is opened: no search-engine thread
exists yet to be copied half-way through a lock. It is used only where that holds: on
a system that forks, in a process with no other thread (not in a server), with more than
one usable core and at least `MIN_FILES` files and `MIN_BYTES` bytes to read, none of
them more than `MAX_SHARE` of the bytes; ``SLEUTH_INGEST_WORKERS`` (a number, 1 to read
inline) sets the number of workers, and when set (above 1) pools fewer bytes too.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Iterable, Iterator
from multiprocessing.pool import Pool
from typing import TYPE_CHECKING

from sleuth.ingest.read import Sectioned, read_documents

if TYPE_CHECKING:
    from sleuth.corpus import Page
    from sleuth.ingest.discover import Problem, Source

#: Fewer files than this are read inline: forking costs more than it saves.
MIN_FILES = 32
#: At most this many workers, whatever the machine.
MAX_WORKERS = 4
WORKERS_ENV = "SLEUTH_INGEST_WORKERS"

Read = list["Page | Sectioned | Problem"]


def workers_for(files: int) -> int:
    """How many worker processes read ``files`` files (1: read them inline)."""
    if threading.active_count() > 1:
        return 1  # other threads (a server's), which a fork would copy mid-work
    if os.environ.get(WORKERS_ENV, "").strip():
        return max(1, min(_asked_count() or 1, MAX_WORKERS))  # not a number: inline
    if files < MIN_FILES:
        return 1
    if "fork" not in multiprocessing.get_all_start_methods():
        return 1
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    return max(1, min(cores or 1, MAX_WORKERS))


#: A file holding more than this share of the bytes to read bounds what workers can gain
#: (one page of release notes can be half a folder): the files are read inline.
MAX_SHARE = 0.25


#: Fewer bytes than this are read inline unless workers are asked for: starting them
#: (forking, sending the files over and the pages back) costs more than they save on a
#: small folder. Measured on 2 cores (`benchmarks/ingest_bench.py`'s generated files):
#: 0.85 MB read 1.6x slower in workers, 2.3 MB 1.3x faster; the vendored docs folders
#: (0.1-0.5 MB) all read slower or no faster.
MIN_BYTES = 2_000_000


def _asked_count() -> int | None:
    """The number ``SLEUTH_INGEST_WORKERS`` gives, or None (unset, or not a number)."""
    try:
        return int(os.environ.get(WORKERS_ENV, "").strip())
    except ValueError:
        return None


def asked_for() -> bool:
    """Whether ``SLEUTH_INGEST_WORKERS`` asks for workers (a number above 1)."""
    return (_asked_count() or 0) > 1


def worth_pooling(sizes: list[int], *, asked: bool = False) -> bool:
    """Whether files of these sizes are worth reading in workers: enough of them, enough
    bytes (any, when workers were ``asked`` for), and none so large that the others
    would wait for it."""
    total = sum(sizes)
    if len(sizes) < MIN_FILES or total <= 0 or (total < MIN_BYTES and not asked):
        return False
    return max(sizes) <= MAX_SHARE * total


class ReadPool:
    """A pool of forked readers; `read` maps files to what `read_documents` gives, in
    order. Started (forked) at construction; `close` ends it."""

    def __init__(self, workers: int, max_bytes: int, passage_chars: int) -> None:
        context = multiprocessing.get_context("fork")
        self._settings = (max_bytes, passage_chars)
        self._pool: Pool = context.Pool(workers)

    def read(self, files: Iterable[tuple[Source, bytes]]) -> Iterator[Read]:
        max_bytes, chars = self._settings
        jobs = ((source, data, max_bytes, chars) for source, data in files)
        return self._pool.imap(_read_one, jobs, chunksize=4)

    def close(self) -> None:
        self._pool.terminate()
        self._pool.join()


def _read_one(job: tuple[Source, bytes, int, int]) -> Read:
    """A worker's task: every document of one file (its problems included)."""
    source, data, max_bytes, chars = job
    return list(read_documents(source, data, max_bytes, None, chars))
