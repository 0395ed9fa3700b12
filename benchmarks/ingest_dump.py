"""Everything an ingest of a folder stores, as text: to prove that a change to the readers
or the ingest (a speed-up, say) leaves its output byte for byte the same.

    python benchmarks/ingest_dump.py --folder ../shared/data/docs-fastapi > before.txt
    python benchmarks/ingest_dump.py --kind markdown --files 1200 > before.txt
    ... change the code ...
    python benchmarks/ingest_dump.py --folder ../shared/data/docs-fastapi | diff before.txt -

The folder is ingested into a new index, then every row of its page store is printed
(sources, and whether each is to be read again; documents with their hashes, titles,
metadata and links; passages with their text, heading path and anchor), in key order,
file paths relative to the folder; the last line is the SHA-256 of all the lines above
it. Without ``--folder`` a folder is generated as `ingest_bench` generates it (same seed,
same files; but its links name its temporary path, so compare a folder kept on disk).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sqlite3
import sys
import tempfile
from pathlib import Path

from ingest_bench import folder_of

from sleuth.ingest import ingest


def dump(folder: Path) -> list[str]:
    """The rows an ingest of ``folder`` stores, one line each (file paths relative to it)."""
    lines: list[str] = []
    with tempfile.TemporaryDirectory(prefix="sleuth-ingest-dump-") as work:
        report = ingest([folder], Path(work, "index"))
        lines.append(json.dumps({"report": report.as_dict() | {"elapsed_s": None}}))
        db = sqlite3.connect(Path(work, "index", "pages.db"))
        root = str(folder.resolve())
        for key, path, stamp in db.execute("SELECT id, path, stamp FROM sources ORDER BY id"):
            # a stamp hashes the file's URL too: only whether it says "read again" is shown
            source = [key, path, (stamp or "")[:1] == "!"]
            lines.append(json.dumps({"source": source}, ensure_ascii=False).replace(root, "."))
        for row in db.execute("SELECT * FROM docs ORDER BY id"):
            lines.append(json.dumps({"doc": row}, ensure_ascii=False).replace(root, "."))
        for row in db.execute("SELECT key, text, heading, anchor FROM passages ORDER BY key"):
            lines.append(json.dumps({"passage": row}, ensure_ascii=False))
        db.close()
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--folder", type=Path, default=None, help="an existing folder")
    parser.add_argument("--files", type=int, default=3000, help="files to generate")
    parser.add_argument("--kind", choices=["mixed", "markdown"], default="mixed")
    args = parser.parse_args(argv)
    with folder_of(args) as folder:
        lines = dump(folder)
    digest = hashlib.sha256("\n".join(lines).encode("utf-8", "surrogatepass")).hexdigest()
    sys.stdout.write("\n".join(lines) + f"\nsha256 {digest}\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
