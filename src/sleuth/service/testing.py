"""`LiveServer`: an app served by real uvicorn on a free loopback port, in a thread.

    with LiveServer(create_app(ServiceConfig(db=path))) as server:
        httpx.get(server.url + "/healthz")

The socket is bound (port 0) and listening before uvicorn starts, and ``__enter__``
returns only once uvicorn has finished its start-up (lifespan included), so a test
never sleeps to wait for it.
"""

from __future__ import annotations

import socket
import threading
from types import TracebackType
from typing import Any

import uvicorn

__all__ = ["LiveServer"]

_START_TIMEOUT_S = 10.0
_STOP_TIMEOUT_S = 10.0


class _Server(uvicorn.Server):
    """uvicorn's server, telling a thread when its start-up is over (for better or worse)."""

    def __init__(self, config: uvicorn.Config) -> None:
        super().__init__(config)
        self.ready = threading.Event()

    async def startup(self, sockets: list[socket.socket] | None = None) -> None:
        try:
            await super().startup(sockets)
        finally:
            self.ready.set()


class LiveServer:
    def __init__(self, app: Any, host: str = "127.0.0.1", **options: Any) -> None:
        self.app, self.host = app, host
        self.options = {"log_config": None, "lifespan": "on", **options}
        self.port = 0
        self._server: _Server | None = None
        self._thread: threading.Thread | None = None
        self._socket: socket.socket | None = None

    @property
    def url(self) -> str:
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"http://{host}:{self.port}"

    def __enter__(self) -> LiveServer:
        family = socket.AF_INET6 if ":" in self.host else socket.AF_INET
        sock = socket.socket(family, socket.SOCK_STREAM)
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((self.host, 0))
        sock.listen(128)
        self._socket, self.port = sock, sock.getsockname()[1]
        server = self._server = _Server(uvicorn.Config(self.app, **self.options))

        def serve() -> None:
            try:
                server.run(sockets=[sock])
            finally:
                server.ready.set()

        self._thread = threading.Thread(target=serve, name=f"uvicorn:{self.port}", daemon=True)
        self._thread.start()
        if not server.ready.wait(_START_TIMEOUT_S) or not server.started:
            self.__exit__(None, None, None)
            raise RuntimeError(f"the server on port {self.port} did not start")
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        if self._server is not None:
            self._server.should_exit = True
        if self._thread is not None:
            self._thread.join(_STOP_TIMEOUT_S)
        if self._socket is not None:
            self._socket.close()
