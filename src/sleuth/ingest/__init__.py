"""Ingestion: files and folders turned into documents, documents into passages, and both
into an on-disk index (`sleuth.index`).

What is read:

- ``.json``: the seed's fake-web JSON ``{url: {title, body, tags?, ...}}``, read whole
  with `sleuth.corpus.load_corpus` (so it obeys the same rules as ``--corpus``);
- ``.jsonl``: one page per line with a ``url`` key, streamed line by line by the rules of
  `sleuth.jsonl`: a bad line is reported with its number and skipped, the others are kept;
- every other known suffix (``SUFFIXES``: Markdown and MDX, reStructuredText, HTML,
  plain text, Jupyter notebooks, PDF and DOCX): one document per file, read by
  `sleuth.formats` into clean blocks (no markup left) and split at its headings by
  `sleuth.passages`. Markdown front matter gives ``title``, ``published``, ``version``,
  ``authority`` and ``tags``; else the title is the first heading, else the file name.

Every file under a folder that is not read is reported (`Problem`): an unsupported type,
a format whose extra is not installed, an empty, binary, non-UTF-8 or oversized file, a
broken symbolic link or a link back into the folder. Hidden files and folders, and a site
generator's settings files (``_category_.json``, ``sidebars.js``, ``docusaurus.config.ts``,
``mkdocs.yml``, Sphinx's ``conf.py``: `SITE_FILES`), and Docusaurus' MDX partials
(``_name.mdx``: not published as pages, read where a page imports them), are passed over
and listed in the report's ``ignored``. What a page names but could not be read (an MDX
partial that is not there, or a cycle of partials) is a warning in the report's
``warnings``: the page itself is indexed.

A file's documents get stable URLs: ``file://`` + its absolute path, or, with
``base_url``, the base URL + its path relative to the folder given (JSON and JSONL pages
keep the URLs they name). Problems (malformed JSON, non-UTF-8 or binary bytes, empty or
oversized files, front matter that does not parse, HTML without text, a URL given twice
(the file indexed first, or already, keeps it), a URL ending in ``#pN`` like a passage's)
are reported one line each, naming the file (and line), and the rest of the ingest goes
on; with ``strict`` the first problem stops it and nothing is written.

JSON and JSONL documents are split into passages by `split_passages`: paragraph-aware
spans of at most about `PASSAGE_CHARS` characters that partition the body exactly, cut
between sentences whenever a paragraph is too long, and inside a sentence only at a space
when a sentence alone is too long. Documents read from files are split at their headings
first (`sleuth.passages.split_blocks`), each passage keeping its heading path. Passage
``n`` (from 1) of a document ``URL`` is ``URL#pn``; a passage that starts a section is
also ``URL#slug``, its heading's slug (`sleuth.passages.section_anchors`; `anchor_url`).

`ingest` updates an index incrementally: a file whose bytes (and URL scheme) did not
change is skipped by its content hash; in a changed file, each document is compared by
its own hash, so only changed documents are re-indexed; documents gone from a file, and
files gone from a folder that is indexed again, are removed. A file that has become
unreadable keeps its previous documents (it is reported, not deleted). The index is
changed in one transaction: a failed ingest leaves the previous index as it was.

The package is split by job, and this module is its facade (every name below is
importable from ``sleuth.ingest``):

- `sleuth.ingest.discover`: finding the files, the reader each gets (by suffix) and
  its URL; `Problem` for a file not read;
- `sleuth.ingest.read`: reading one file into documents, by its kind (JSON, JSONL,
  or a `sleuth.formats` kind cut at its headings);
- `sleuth.ingest.walk`: the incremental ingest (content hashes, what changed, the
  report);
- the passages themselves, their splitting and their URLs, are `sleuth.passages`,
  which `sleuth.index` shares: the index never imports the ingest.
"""

from __future__ import annotations

from sleuth.formats.markdown import front_matter
from sleuth.ingest.discover import (
    SITE_FILES,
    SUFFIXES,
    IngestError,
    Problem,
    Source,
    discover,
    file_url,
)
from sleuth.ingest.read import (
    MAX_FILE_BYTES,
    Sectioned,
    html_page,
    read_documents,
    read_source,
    text_page,
)
from sleuth.ingest.walk import (
    INGEST_VERSION,
    IngestReport,
    ProgressCallback,
    document_hash,
    fingerprint,
    ingest,
)
from sleuth.passages import (
    PASSAGE_CHARS,
    anchor_url,
    parse_passage_url,
    passage_url,
    split_passages,
)

__all__ = [
    "INGEST_VERSION",
    "MAX_FILE_BYTES",
    "PASSAGE_CHARS",
    "SITE_FILES",
    "SUFFIXES",
    "IngestError",
    "IngestReport",
    "Problem",
    "ProgressCallback",
    "Sectioned",
    "Source",
    "anchor_url",
    "discover",
    "document_hash",
    "file_url",
    "fingerprint",
    "front_matter",
    "html_page",
    "ingest",
    "parse_passage_url",
    "passage_url",
    "read_documents",
    "read_source",
    "split_passages",
    "text_page",
]
