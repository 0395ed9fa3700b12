"""The researches of ``sleuth mcp``: an assistant that reads with ``open_page`` gets a
research id, and ``check_finish`` holds its finish to the pages opened under that id.

A research is kept as what it did, not what it saw: the source it read (and that
source's build), the API key that made it, and each successful ``open_page`` call, in
order. The MCP server rebuilds one by replaying those calls against the same build (the
page windows are deterministic), so a restarted server, or another server on the same
store, goes on with it; a rebuilt source cannot, and the server says so.

Two servers appending to one research at the same moment may lose one of the two
appends (the list is rewritten whole); an assistant's calls under one research come one
after another, so this does not arise in practice.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from sleuth.store import common
from sleuth.store.runs import RunStore


@dataclass(frozen=True)
class StoredResearch:
    id: str
    source: str  # the served name it reads
    build: str | None  # that source's build when the research began
    key_id: str | None  # the API key that made it (None: stdio, open mode)
    opens: tuple[tuple[str, int], ...]  # each successful open_page: (url, offset)


class ResearchStore:
    """The ``researches`` table of a `RunStore`."""

    def __init__(self, runs: RunStore) -> None:
        self.runs = runs

    def create(self, research: StoredResearch) -> None:
        at = common.now()
        self.runs.db.execute(
            "INSERT INTO researches (id, created_at, used_at, source, build, key_id, opens_json) "
            "VALUES (?, ?, ?, ?, ?, ?, ?)",
            (
                research.id,
                at,
                at,
                research.source,
                research.build,
                research.key_id,
                json.dumps([list(o) for o in research.opens]),
            ),
        )

    def get(self, research_id: str) -> StoredResearch | None:
        row = self.runs.db.query_one(
            "SELECT id, source, build, key_id, opens_json FROM researches WHERE id = ?",
            (research_id,),
        )
        if row is None:
            return None
        opens = tuple((str(url), int(offset)) for url, offset in json.loads(row["opens_json"]))
        return StoredResearch(row["id"], row["source"], row["build"], row["key_id"], opens)

    def set_opens(self, research_id: str, opens: tuple[tuple[str, int], ...]) -> None:
        """The research's opens, now ``opens`` (the stored ones and a new one)."""
        self.runs.db.execute(
            "UPDATE researches SET opens_json = ?, used_at = ? WHERE id = ?",
            (json.dumps([list(o) for o in opens]), common.now(), research_id),
        )


__all__ = ["ResearchStore", "StoredResearch"]
