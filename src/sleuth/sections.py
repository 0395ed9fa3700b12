"""Moved to `sleuth.passages` (passages cut at headings, with their section anchors, beside
the rest of the passage scheme); these names are kept here for existing imports."""

from sleuth.passages import HEADING_SEPARATOR, section_anchors, slugify, split_blocks

__all__ = ["HEADING_SEPARATOR", "section_anchors", "slugify", "split_blocks"]
