"""OpenTelemetry traces of runs, after the GenAI semantic conventions.

One trace per run (a resumed stretch of a run is its own ``invoke_agent`` span)::

    invoke_agent sleuth              INTERNAL  gen_ai.operation.name=invoke_agent, sleuth.run.id,
    │                                          sleuth.run.status, sleuth.run.reason, usage totals
    ├── step 1                       INTERNAL  sleuth.step.index, sleuth.step.tool, .kind, .error
    │   ├── chat gpt-4o-mini         CLIENT    gen_ai.provider.name, gen_ai.request.model,
    │   │                                      gen_ai.usage.*, gen_ai.response.finish_reasons
    │   └── execute_tool search      INTERNAL  gen_ai.tool.name, gen_ai.tool.type=function
    └── step 2 ...

The tracer watches a run through the recorder the runtime already calls as the run goes
(`sleuth.runtime.RunRecorder`): `observed` wraps it, and the run's spans are written from
each recorded `Step` (its duration, its model calls and their attempts), so the loop
itself has no tracing code. A step's model-call span covers its call attempts; its
``execute_tool`` span the rest of the step. The trace id is stored with the run
(`RunStore.add_trace_id`; a resumed run adds each stretch's) and ``sleuth runs show``
shows them.

Off and free unless a tracer provider is set up: `configure` (the CLI's ``--otel``, or
the standard ``OTEL_*`` variables such as ``OTEL_TRACES_EXPORTER=otlp`` and
``OTEL_EXPORTER_OTLP_ENDPOINT``) or a global provider the application configured
itself. Without the ``otel`` extra nothing is imported beyond a failed import.
"""

from __future__ import annotations

import importlib
import logging
import os
import sys
import time
from typing import Any

from sleuth.effects import PendingAction
from sleuth.errors import UsageError
from sleuth.result import Result, Usage
from sleuth.state import RunState, Step

log = logging.getLogger("sleuth")

__all__ = ["configure", "configured", "enabled_by_env", "observed", "shutdown", "use"]

INSTALL_HINT = "pip install 'sleuth[otel]'"
AGENT = "sleuth"

_provider: Any = None  # the provider `configure` / `use` installed for sleuth, if any


def use(provider: Any) -> None:
    """Trace runs with ``provider`` (a `TracerProvider`), or stop with None (then a
    global provider, if the application set one, is used)."""
    global _provider
    _provider = provider


def enabled_by_env(environ: dict[str, str] | None = None) -> bool:
    """Whether the standard variables ask for traces: ``OTEL_TRACES_EXPORTER`` set to
    something other than ``none``, or an OTLP endpoint given."""
    env = os.environ if environ is None else environ
    exporter = env.get("OTEL_TRACES_EXPORTER", "").strip().lower()
    if exporter:
        return exporter != "none"
    if env.get("OTEL_SDK_DISABLED", "").strip().lower() == "true":
        return False
    return bool(
        env.get("OTEL_EXPORTER_OTLP_ENDPOINT") or env.get("OTEL_EXPORTER_OTLP_TRACES_ENDPOINT")
    )


def configure(force: bool = False) -> bool:
    """Set up the SDK from the ``OTEL_*`` variables when they ask for traces or ``force``
    (``--otel``; then the exporter defaults to OTLP over HTTP). True if traces are on.
    ``--otel`` without the extra is a `UsageError` with the install hint; the variables
    without it leave tracing off (a warning in the log)."""
    if not (force or enabled_by_env()):
        return False
    try:
        from opentelemetry.sdk.resources import Resource
        from opentelemetry.sdk.trace import TracerProvider
        from opentelemetry.sdk.trace.export import BatchSpanProcessor
    except ImportError:
        if force:
            raise UsageError(f"--otel needs the OpenTelemetry SDK: {INSTALL_HINT}") from None
        log.warning("OTEL_* variables are set but the OpenTelemetry SDK is not: %s", INSTALL_HINT)
        return False
    resource = Resource.create(
        {"service.name": os.environ.get("OTEL_SERVICE_NAME") or "sleuth"}
    )  # OTEL_RESOURCE_ATTRIBUTES are merged in by the SDK
    provider = TracerProvider(resource=resource)
    for name in _exporter_names():
        provider.add_span_processor(BatchSpanProcessor(_exporter(name)))
    use(provider)
    return True


def configured() -> bool:
    """Whether `configure` or `use` set up a provider for sleuth in this process."""
    return _provider is not None


def shutdown() -> None:
    """Flush the spans of the provider `configure` set up and close it (before exit)."""
    global _provider
    provider, _provider = _provider, None
    if provider is not None and hasattr(provider, "shutdown"):
        provider.shutdown()


def _exporter_names() -> list[str]:
    names = os.environ.get("OTEL_TRACES_EXPORTER", "").strip().lower() or "otlp"
    return [n.strip() for n in names.split(",") if n.strip() and n.strip() != "none"]


def _exporter(name: str) -> Any:
    if name == "console":
        from opentelemetry.sdk.trace.export import ConsoleSpanExporter

        return ConsoleSpanExporter(out=sys.stderr)  # stdout is the CLI's (and --json's)
    if name != "otlp":
        raise UsageError(f"OTEL_TRACES_EXPORTER={name!r}: sleuth exports otlp or console")
    protocol = (
        os.environ.get("OTEL_EXPORTER_OTLP_TRACES_PROTOCOL")
        or os.environ.get("OTEL_EXPORTER_OTLP_PROTOCOL")
        or "http/protobuf"
    ).strip()
    if protocol == "grpc":
        try:  # not in the extra: imported by name, so type checks pass without it
            grpc = importlib.import_module("opentelemetry.exporter.otlp.proto.grpc.trace_exporter")
        except ImportError:
            raise UsageError(
                "OTLP over gRPC needs pip install opentelemetry-exporter-otlp-proto-grpc "
                "(the otel extra has OTLP over HTTP: OTEL_EXPORTER_OTLP_PROTOCOL=http/protobuf)"
            ) from None
        return grpc.OTLPSpanExporter()
    if protocol != "http/protobuf":
        raise UsageError(f"OTEL_EXPORTER_OTLP_PROTOCOL={protocol!r}: use http/protobuf or grpc")
    try:
        from opentelemetry.exporter.otlp.proto.http.trace_exporter import (
            OTLPSpanExporter as HTTPSpanExporter,
        )
    except ImportError:
        raise UsageError(f"OTLP over HTTP needs the otel extra: {INSTALL_HINT}") from None
    return HTTPSpanExporter()  # endpoint, headers and timeout from OTEL_EXPORTER_OTLP_*


def _tracer() -> Any:
    """sleuth's tracer, or None when nothing would record its spans."""
    try:
        from opentelemetry import trace
    except ImportError:
        return None
    provider = _provider if _provider is not None else trace.get_tracer_provider()
    if isinstance(provider, trace.ProxyTracerProvider | trace.NoOpTracerProvider):
        return None
    return provider.get_tracer("sleuth")


def observed(recorder: Any) -> Any:
    """``recorder`` as it is when tracing is off; else a recorder that traces the run
    and passes everything on to it (it may be None: the run is traced, not stored)."""
    tracer = _tracer()
    return recorder if tracer is None else TracingRecorder(recorder, tracer)


class TracingRecorder:
    """A `RunRecorder` that writes the run's spans and passes each call on."""

    def __init__(self, inner: Any, tracer: Any) -> None:
        self.inner, self.tracer = inner, tracer
        self.span: Any = None
        self.run_id = ""
        self.stored = False  # the open span's trace id is stored with the run

    # -- the RunRecorder calls ----------------------------------------------------------------

    def start_run(self, state: RunState) -> None:
        self._open(state.run_id, state)
        if self.inner is not None:
            self.inner.start_run(state)
        self._store_trace_id()

    def append_step(self, run_id: str, step: Step) -> None:
        if self.inner is not None:
            self.inner.append_step(run_id, step)
        self._step(run_id, step)
        self._store_trace_id()  # a resumed stretch starts with a step

    def finish_run(self, result: Result) -> None:
        if self.inner is not None:
            self.inner.finish_run(result)
        span = self._open(result.run_id)
        span.set_attribute("sleuth.run.status", result.status.value)
        if result.reason is not None:
            span.set_attribute("sleuth.run.reason", result.reason.value)
        span.set_attribute("sleuth.run.cannot_answer", result.cannot_answer)
        span.set_attribute("sleuth.run.steps", result.steps)
        if result.confidence is not None:
            span.set_attribute("sleuth.run.confidence", result.confidence)
        _usage(span, result.usage)
        self._store_trace_id()
        self._close()

    def fail_run(self, run_id: str, error: str) -> None:
        if self.inner is not None:
            self.inner.fail_run(run_id, error)
        from opentelemetry.trace import Status, StatusCode

        span = self._open(run_id)
        span.set_attribute("sleuth.run.status", "error")
        span.set_attribute("error.type", error.split(":", 1)[0][:100])
        span.set_status(Status(StatusCode.ERROR, error[:500]))
        self._store_trace_id()
        self._close()

    def pause_run(self, pending: PendingAction) -> None:
        if self.inner is not None:
            self.inner.pause_run(pending)
        span = self._open(pending.run_id)
        span.set_attribute("sleuth.run.status", "awaiting_approval")
        span.set_attribute("sleuth.run.pending_tool", pending.tool)
        self._store_trace_id()
        self._close()

    def release(self, run_id: str) -> None:
        release = getattr(self.inner, "release", None)
        if release is not None:
            release(run_id)
        self._close()

    # -- spans --------------------------------------------------------------------------------

    def _open(self, run_id: str, state: RunState | None = None) -> Any:
        """The run's span, started now if it is not yet (a resumed run starts with a step)."""
        if self.span is None:
            from opentelemetry.trace import SpanKind

            self.run_id = run_id
            attributes: dict[str, Any] = {
                "gen_ai.operation.name": "invoke_agent",
                "gen_ai.agent.name": AGENT,
                "gen_ai.conversation.id": run_id,
                "sleuth.run.id": run_id,
            }
            if state is not None:
                attributes.update(
                    {
                        "sleuth.run.corpus": state.corpus,
                        "sleuth.run.policy": state.policy,
                        "sleuth.budget.max_steps": state.budgets.max_steps,
                        "sleuth.budget.timeout_s": state.budgets.timeout_s,
                    }
                )
            self.span = self.tracer.start_span(
                f"invoke_agent {AGENT}", kind=SpanKind.INTERNAL, attributes=attributes
            )
        return self.span

    def _close(self) -> None:
        if self.span is not None:
            self.span.end()
            self.span = None
            self.stored = False

    def _store_trace_id(self) -> None:
        """Store the open span's trace id with the run, once per span (after the run's
        row exists): each stretch of a resumed run is a trace of its own."""
        if self.span is None or self.stored:
            return
        self.stored = True
        context = self.span.get_span_context()
        if not context.is_valid:
            return
        trace_id = format(context.trace_id, "032x")
        for holder in (self.inner, getattr(self.inner, "store", None)):
            adder = getattr(holder, "add_trace_id", None)
            if adder is not None:
                adder(self.run_id, trace_id)
                return

    def _step(self, run_id: str, step: Step) -> None:
        from opentelemetry import trace
        from opentelemetry.trace import SpanKind

        parent = trace.set_span_in_context(self._open(run_id))
        end = time.time_ns()
        start = end - int(step.duration_ms * 1e6)
        attributes: dict[str, Any] = {
            "sleuth.step.index": step.index,
            "sleuth.step.tool": step.tool,
            "sleuth.step.kind": step.observation.kind,
        }
        if step.observation.error:
            attributes["sleuth.step.error"] = step.observation.error
        span = self.tracer.start_span(
            f"step {step.index}", context=parent, start_time=start, attributes=attributes
        )
        inside = trace.set_span_in_context(span)
        at = start
        for call in step.calls:
            at = self._chat(call, step, inside, at, end)
        if step.tool:
            tool = self.tracer.start_span(
                f"execute_tool {step.tool}",
                context=inside,
                kind=SpanKind.INTERNAL,
                start_time=at,
                attributes={
                    "gen_ai.operation.name": "execute_tool",
                    "gen_ai.tool.name": step.tool,
                    "gen_ai.tool.type": "function",
                    "sleuth.step.kind": step.observation.kind,
                },
            )
            if step.observation.error:
                tool.set_attribute("error.type", step.observation.error)
            tool.end(end_time=end)
        span.end(end_time=end)

    def _chat(self, call: dict[str, Any], step: Step, parent: Any, start: int, limit: int) -> int:
        """One model call's span (its attempts' time from ``start``); returns its end."""
        from opentelemetry.trace import SpanKind, Status, StatusCode

        attempts = call.get("attempts") or []
        spent = sum(float(a.get("latency_ms") or 0) for a in attempts)
        end = min(limit, start + int(spent * 1e6))
        model = str(call.get("model") or "")
        provider = str(call.get("provider") or "")
        span = self.tracer.start_span(
            f"chat {model}".strip(),
            context=parent,
            kind=SpanKind.CLIENT,
            start_time=start,
            attributes={
                "gen_ai.operation.name": "chat",
                "gen_ai.provider.name": provider,
                "gen_ai.system": provider,  # the attribute's older name, still read by backends
                "gen_ai.request.model": model,
                "sleuth.call.protocol": str(call.get("protocol") or ""),
                "sleuth.call.attempts": len(attempts),
            },
        )
        response = call.get("response")
        if isinstance(response, dict):
            if response.get("model"):
                span.set_attribute("gen_ai.response.model", str(response["model"]))
            if response.get("id"):
                span.set_attribute("gen_ai.response.id", str(response["id"]))
            reasons = finish_reasons(response)
            if reasons:
                span.set_attribute("gen_ai.response.finish_reasons", reasons)
        if step.usage is not None and len(step.calls) == 1:  # a step's usage is its call's
            _usage(span, step.usage)
        if response is None:
            span.set_attribute("error.type", "model_error")
            span.set_status(Status(StatusCode.ERROR, "the model call failed"))
        span.end(end_time=end)
        return end


def finish_reasons(response: dict[str, Any]) -> list[str]:
    """Why the model stopped: OpenAI's ``choices[].finish_reason``, Anthropic's
    ``stop_reason``."""
    reasons = [
        str(c["finish_reason"])
        for c in response.get("choices") or []
        if isinstance(c, dict) and c.get("finish_reason")
    ]
    if response.get("stop_reason"):
        reasons.append(str(response["stop_reason"]))
    return reasons


def _usage(span: Any, usage: Usage) -> None:
    """Token counts as the conventions count them: ``input_tokens`` includes cached input."""
    total_input = usage.input_tokens + usage.cached_input_tokens + usage.cache_write_input_tokens
    span.set_attribute("gen_ai.usage.input_tokens", total_input)
    span.set_attribute("gen_ai.usage.output_tokens", usage.output_tokens)
    span.set_attribute("gen_ai.usage.cache_read.input_tokens", usage.cached_input_tokens)
    span.set_attribute("gen_ai.usage.cache_creation.input_tokens", usage.cache_write_input_tokens)
