"""The HAProxy configuration in front of several ``siedler serve`` processes (docs/server.md, "Several
processes"), as a template: ``haproxy_config`` fills in the proxy's address and the processes' addresses.

Requests for one game (``/api/games/{id}...`` and ``/ws/games/{id}``) are hashed on the game id, with a
consistent hash, to one process: the one that owns the game (``cluster.py``), so a game's moves, bots and
WebSockets stay in one process. Everything else (the lobby's listing, socket and creation, the page, the
rules) goes round robin. A process that stops answering its health checks leaves the hash ring within about
three seconds, and its games' requests go to the others, which take the games over. The proxy adds
``X-Forwarded-For``: list its address in the processes' ``SIEDLER_TRUSTED_PROXIES`` so that per-address limits
see the players.
"""

from __future__ import annotations

from collections.abc import Sequence

TEMPLATE = """\
# siedler behind HAProxy: games hashed to their owning process, the lobby round robin (docs/server.md).
global
    maxconn 4000

defaults
    mode http
    option forwardfor
    # A connection refused by a dead process is retried, the last time on another process.
    option redispatch 1
    retries 3
    timeout connect 2s
    timeout client 60s
    timeout server 60s
    # An open WebSocket may stay quiet for a long time.
    timeout tunnel 1h
    # A busy process may take a while to answer; a dead one refuses at once, and its requests are redispatched.
    timeout check 3s
    default-server check inter 1s fall 3 rise 2
    option httpchk
    http-check send meth GET uri /api/rulesets ver HTTP/1.1 hdr Host localhost

frontend siedler
    bind {listen}
    acl game path_reg ^/(api|ws)/games/[^/]+
    use_backend games if game
    default_backend lobby

backend games
    # The game id is the path's fourth field ("", "api" or "ws", "games", id): one hash for HTTP and WebSocket.
    http-request set-header X-Siedler-Game %[path,field(4,/)]
    balance hdr(X-Siedler-Game)
    hash-type consistent
{games}

backend lobby
    balance roundrobin
{lobby}
"""


def haproxy_config(listen: str, servers: Sequence[str]) -> str:
    """The configuration of a proxy listening on ``listen`` (``127.0.0.1:8000``, ``:80``) in front of the
    processes at ``servers`` (``host:port`` each)."""
    lines = "\n".join(f"    server s{i} {address}" for i, address in enumerate(servers, 1))
    return TEMPLATE.format(listen=listen, games=lines, lobby=lines)
