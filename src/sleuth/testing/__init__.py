"""Test utilities for code that talks to model providers: the scripted model server (real
HTTP on loopback) and its in-process twin (the same replies, handed over by a call)."""

from sleuth.testing.inprocess import InProcessBackend, InProcessModel, ScriptExhausted
from sleuth.testing.model_server import ScriptedModelServer

__all__ = ["InProcessBackend", "InProcessModel", "ScriptExhausted", "ScriptedModelServer"]
