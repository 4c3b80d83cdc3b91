"""The FastAPI application: HTTP API, WebSocket, and the static browser page (``siedler/web``)."""

from __future__ import annotations

import gc
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import FileResponse, HTMLResponse
from fastapi.staticfiles import StaticFiles

import siedler

from .api import router
from .config import Settings
from .feed import LobbyFeed
from .howto import board_picture, howto_page
from .layers import layer_file
from .limits import Limits
from .lobby import Lobby
from .security import Guard, docs_policy, internal_error, validation_error
from .timers import Sweeper
from .ws import game_socket, lobby_socket

WEB = Path(siedler.__file__).parent / "web"
#: Swagger UI for ``/api/docs`` (off by default: ``Settings.api_docs``), at one version, not the latest 5.x.
SWAGGER_UI = "https://cdn.jsdelivr.net/npm/swagger-ui-dist@5.35.0"


def create_app(settings: Settings | None = None) -> FastAPI:
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        lobby = Lobby(settings)
        app.state.feed = feed = LobbyFeed(lobby)  # subscribes to the lobby's notices before they start
        lobby.open()
        feed.start()
        app.state.lobby = lobby
        sweeper = Sweeper(lobby, settings)
        sweeper.start()
        app.state.sweeper = sweeper
        _calm_the_collector()
        try:
            yield
        finally:
            await sweeper.stop()
            await feed.close()
            await lobby.close()

    app = FastAPI(
        title="siedler",
        version=siedler.__version__,
        description="The browser table's HTTP API; live play runs over the WebSocket at /ws/games/{id} "
        "(see docs/protocol.md).",
        lifespan=lifespan,
        docs_url=None,  # served below, with its own Content-Security-Policy
        redoc_url=None,
        openapi_url="/api/openapi.json",
    )
    app.state.settings = settings
    app.state.limits = limits = Limits(settings)
    app.add_middleware(Guard, limits=limits)
    app.add_exception_handler(RequestValidationError, validation_error)
    app.add_exception_handler(Exception, internal_error)
    app.include_router(router)
    app.add_api_websocket_route("/ws/games/{game_id}", game_socket)
    app.add_api_websocket_route("/ws/lobby", lobby_socket)
    app.mount("/static", StaticFiles(directory=WEB), name="static")

    def page() -> FileResponse:
        # The page's code is small and changes with the server: never let a browser keep an old copy.
        return FileResponse(WEB / "index.html", headers={"Cache-Control": "no-cache"})

    def api_browser() -> HTMLResponse:
        html = get_swagger_ui_html(
            openapi_url="/api/openapi.json",
            title="siedler API",
            swagger_js_url=f"{SWAGGER_UI}/swagger-ui-bundle.js",
            swagger_css_url=f"{SWAGGER_UI}/swagger-ui.css",
        )
        body = bytes(html.body).decode()
        return HTMLResponse(body, headers={"Content-Security-Policy": docs_policy(body)})

    for path in ("/", "/games/{game_id}", "/games/{game_id}/replay"):
        app.add_api_route(path, page, include_in_schema=False)
    if settings.api_docs:
        app.add_api_route("/api/docs", api_browser, include_in_schema=False)
    app.add_api_route("/howto/{ruleset}", howto_page, include_in_schema=False, response_model=None)
    app.add_api_route("/howto/{ruleset}/board.svg", board_picture, include_in_schema=False, response_model=None)
    app.add_api_route("/layers/{ruleset}/{name}", layer_file, include_in_schema=False, response_model=None)
    return app


def _calm_the_collector() -> None:
    """Keep the cyclic garbage collector's pauses out of players' latency.

    Views and messages are freed by reference counting the moment they are sent; what survives is the
    server's own machinery and the games' logs. Freezing what exists after start-up keeps full collections
    from walking it again and again, and a larger last threshold makes those full collections rarer.
    """
    gc.collect()
    gc.freeze()
    gc.set_threshold(700, 10, 100)
