"""``siedler serve`` (and so ``make run``) on a port in use says so and how to choose another."""

from __future__ import annotations

import socket
from typing import Any

from siedler.cli.serve import port_taken


def test_a_port_in_use_is_named_with_the_way_out(run: Any) -> None:
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        assert port_taken("127.0.0.1", port)
        result = run("serve", "--port", str(port))
    assert result.exit_code == 1
    assert f"Port {port} on 127.0.0.1 is already in use" in result.output
    assert f"make run PORT={port + 1}" in result.output and f"siedler serve --port {port + 1}" in result.output


def test_a_free_port_is_free() -> None:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    assert not port_taken("127.0.0.1", port)
