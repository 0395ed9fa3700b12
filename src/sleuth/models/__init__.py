"""Model-backed policies: OpenAI-compatible chat completions and Anthropic messages.

    >>> policy = model_policy("openai:gpt-4o-mini", protocol="react")   # doctest: +SKIP

The SDKs are optional extras (``sleuth[openai]``, ``sleuth[anthropic]``); a missing one
is a `UsageError` with the install hint.
"""

from __future__ import annotations

from sleuth.errors import UsageError
from sleuth.models.policy import Backend, ModelPolicy
from sleuth.models.prompt import Protocol
from sleuth.models.retry import RetryPolicy

PROVIDERS = ("openai", "anthropic")

__all__ = ["PROVIDERS", "Backend", "ModelPolicy", "RetryPolicy", "make_backend", "model_policy"]


def make_backend(spec: str, *, base_url: str | None = None, stream: bool = False) -> Backend:
    """A backend from ``PROVIDER:MODEL`` (e.g. ``openai:gpt-4o-mini``)."""
    provider, _, model = spec.partition(":")
    if provider not in PROVIDERS or not model.strip():
        raise UsageError(
            f"model {spec!r}: give PROVIDER:MODEL with PROVIDER one of "
            f"{', '.join(PROVIDERS)} (e.g. openai:gpt-4o-mini)"
        )
    if provider == "openai":
        from sleuth.models.openai_chat import OpenAIChat

        return OpenAIChat(model.strip(), base_url=base_url, stream=stream)
    from sleuth.models.anthropic_messages import AnthropicMessages

    return AnthropicMessages(model.strip(), base_url=base_url, stream=stream)


def model_policy(
    spec: str,
    *,
    base_url: str | None = None,
    protocol: Protocol = "tools",
    stream: bool = False,
    retry: RetryPolicy | None = None,
) -> ModelPolicy:
    return ModelPolicy(make_backend(spec, base_url=base_url, stream=stream), protocol, retry=retry)
