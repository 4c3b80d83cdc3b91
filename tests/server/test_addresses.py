"""Addresses grouped (issue 39, finding 5): every per-address limit counts an IPv6 /64 as one client.

Behind a trusted proxy, 14 creations from 14 addresses of one /64 all succeeded (one address got 10, then
429); one /64 took 3 seats of a public game and ran 6 games of bots only against a cap of 3. Each limit
compared the exact address.
"""

from __future__ import annotations

from typing import Any

import pytest
from typer.testing import CliRunner

from siedler.cli.main import app
from siedler.server import Settings
from siedler.server.addresses import group
from siedler.server.gate import Gate

from .conftest import GREEDY, HUMAN, Server, create, hello
from .test_door import FakeTransport
from .test_limits import BOTS_ONLY, refusal

PROXY = ("10.0.0.1", 50000)
NET = "2001:db8:1:2"


def via(address: str) -> dict[str, str]:
    """The header the trusted proxy adds for a client at ``address``."""
    return {"x-forwarded-for": address}


def test_ipv6_addresses_group_by_their_prefix_and_ipv4_addresses_stand_alone() -> None:
    assert group("203.0.113.9") == "203.0.113.9" != group("203.0.113.10")
    assert group(f"{NET}::1") == group(f"{NET}:ffff:ffff:ffff:ffff") == f"{NET}::/64"
    assert group(f"{NET}::1") != group("2001:db8:1:3::1")
    assert group(f"{NET}::1", 48) == group("2001:db8:1:3::1", 48) == "2001:db8:1::/48"
    assert group(f"{NET}::1", 128) != group(f"{NET}::2", 128)
    assert group("::ffff:203.0.113.9") == "203.0.113.9"  # IPv4 written as IPv6 is that IPv4 address
    assert group("testclient") == "testclient" and group("unknown") == "unknown"


def test_creations_seats_and_games_of_bots_count_one_ipv6_network_as_one_client(server: Server) -> None:
    server.stop()
    client = server.start(client=PROXY, trusted_proxies=("10.0.0.1",), games_per_minute=10, bot_games_per_client=3)
    made = [
        client.post("/api/games", json=BOTS_ONLY | {"bot_delay": 5.0}, headers=via(f"{NET}::{i + 1:x}"))
        for i in range(14)
    ]
    statuses = [r.status_code for r in made]
    assert statuses[:3] == [201] * 3 and set(statuses[3:]) == {429}, statuses  # 3 games of bots at once
    humans = {"ruleset": "base", "seats": [HUMAN, HUMAN, GREEDY], "claim": -1, "public": True}
    more = [client.post("/api/games", json=humans, headers=via(f"{NET}::a{i:x}")).status_code for i in range(10)]
    assert more == [201] * 7 + [429] * 3  # 10 creations a minute for the whole /64
    assert client.post("/api/games", json=humans, headers=via("2001:db8:1:3::1")).status_code == 201  # the next /64
    public = client.post("/api/games", json=humans, headers=via("198.51.100.7")).json()["game"]["id"]
    assert client.post(f"/api/games/{public}/seats/0", json={"name": "A"}, headers=via(f"{NET}::1")).status_code == 200
    again = client.post(f"/api/games/{public}/seats/1", json={"name": "B"}, headers=via(f"{NET}::2"))
    assert again.status_code == 403 and "holds a seat of this game already" in again.json()["detail"]


def test_websocket_connections_count_one_ipv6_network_as_one_client(server: Server) -> None:
    server.stop()
    client = server.start(client=PROXY, trusted_proxies=("10.0.0.1",), ws_per_client=2)
    gid = create(client, [HUMAN, HUMAN, GREEDY])["game"]["id"]
    path = f"/ws/games/{gid}"
    with (
        client.websocket_connect(path, headers=via(f"{NET}::1")) as a,
        client.websocket_connect(path, headers=via(f"{NET}::2")) as b,
    ):
        hello(a)
        hello(b)
        with client.websocket_connect(path, headers=via(f"{NET}::3")) as third:
            assert refusal(third) == ("too_many", 4409)
        with client.websocket_connect(path, headers=via("2001:db8:9::1")) as other:
            assert hello(other)["type"] == "welcome"


def test_the_door_counts_one_ipv6_network_as_one_address() -> None:
    gate = Gate(Settings(database_url="sqlite://", connections_per_client=2, ipv6_prefix=64))

    def admit(address: str) -> FakeTransport:
        transport = FakeTransport(address)
        assert gate.admit(transport)  # type: ignore[arg-type]
        gate.busy(transport, True)  # type: ignore[arg-type]
        return transport

    admit(f"{NET}::1")
    admit(f"{NET}::2")
    assert not gate.admit(FakeTransport(f"{NET}::3"))  # type: ignore[arg-type]  # its /64 holds 2, both busy
    admit("2001:db8:1:3::1")


def test_the_prefix_is_a_flag_and_a_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}
    monkeypatch.setattr("uvicorn.run", lambda app, **kwargs: seen.update(app=app))
    result = CliRunner().invoke(app, ["serve", "--database", "sqlite:////tmp/x.db", "--ipv6-prefix", "56"])
    assert result.exit_code == 0, result.output
    assert seen["app"].state.settings.ipv6_prefix == 56
    monkeypatch.setenv("SIEDLER_IPV6_PREFIX", "48")
    assert Settings(database_url="sqlite://").ipv6_prefix == 48
    for bad in (0, 129):
        with pytest.raises(ValueError, match="ipv6_prefix must be from 1 to 128"):
            Settings(database_url="sqlite://", ipv6_prefix=bad)
