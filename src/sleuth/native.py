"""The native tool-call decoder; it lives in `sleuth.contract.native` (this name is kept)."""

from sleuth.contract.native import decode_tool_calls

__all__ = ["decode_tool_calls"]
