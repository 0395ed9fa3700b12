"""Test utilities for code that talks to model providers over HTTP."""

from sleuth.testing.model_server import ScriptedModelServer

__all__ = ["ScriptedModelServer"]
