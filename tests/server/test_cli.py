"""``siedler serve`` and where games are kept by default."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from siedler.cli.main import app
from siedler.server import config


def test_serve_is_a_command_with_host_port_database_and_bot_delay() -> None:
    result = CliRunner().invoke(app, ["serve", "--help"])
    assert result.exit_code == 0
    for flag in ("--host", "--port", "--database", "--bot-delay", "SIEDLER_DATABASE_URL"):
        assert flag in result.output


def test_serve_starts_uvicorn_with_the_given_settings(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}

    def fake_run(app: Any, host: str, port: int, **kwargs: Any) -> None:
        seen.update(app=app, host=host, port=port)

    monkeypatch.setattr("uvicorn.run", fake_run)
    result = CliRunner().invoke(
        app, ["serve", "--port", "8123", "--database", "sqlite:////tmp/x.db", "--bot-delay", "0.1"]
    )
    assert result.exit_code == 0, result.output
    assert "http://localhost:8123/" in result.output
    assert seen["port"] == 8123 and seen["host"] == "127.0.0.1"
    settings = seen["app"].state.settings
    assert settings.database_url == "sqlite:////tmp/x.db" and settings.bot_delay == 0.1


def test_the_default_database_is_the_environments_or_a_file_in_the_data_folder(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("SIEDLER_DATABASE_URL", "postgresql://u@h/db")
    assert config.default_database_url() == "postgresql://u@h/db"
    monkeypatch.delenv("SIEDLER_DATABASE_URL")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    url = config.default_database_url()
    assert url == f"sqlite:///{tmp_path / 'siedler' / 'siedler.db'}"
    assert (tmp_path / "siedler").is_dir()


def test_serve_passes_limits_and_keeps_uvicorn_from_trusting_forwarded_headers(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}

    def fake_run(app: Any, host: str, port: int, **kwargs: Any) -> None:
        seen.update(app=app, host=host, **kwargs)

    monkeypatch.setattr("uvicorn.run", fake_run)
    flags = ["--games-per-minute", "3", "--max-live-games", "40", "--trusted-proxy", "10.0.0.1"]
    flags += ["--trusted-proxy", "10.0.0.0/8", "--allowed-origin", "https://friends.example.org"]
    result = CliRunner().invoke(app, ["serve", "--database", "sqlite:////tmp/x.db", *flags])
    assert result.exit_code == 0, result.output
    settings = seen["app"].state.settings
    assert (settings.games_per_minute, settings.max_live_games) == (3, 40)
    assert settings.trusted_proxies == ("10.0.0.1", "10.0.0.0/8")
    assert settings.allowed_origins == ("https://friends.example.org",)
    assert seen["host"] == "127.0.0.1" and seen["proxy_headers"] is False
    assert settings.allowed_hosts == ("127.0.0.1", "localhost", "::1", "127.0.0.1")  # this machine's names
    assert seen["http"].__name__ == "GatedHttp" and seen["ws"].__name__ == "GatedWebSocket"  # the door
    assert seen["ws_max_size"] == settings.ws_max_message_bytes
    bad = CliRunner().invoke(app, ["serve", "--database", "sqlite:////tmp/x.db", "--trusted-proxy", "proxy.lan"])
    assert bad.exit_code != 0 and "not an IP address" in str(bad.exception)


def test_serve_answers_for_its_host_and_the_allowed_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: dict[str, Any] = {}
    monkeypatch.setattr("uvicorn.run", lambda app, **kwargs: seen.update(app=app))
    flags = ["--host", "192.168.1.5", "--allowed-host", "catan.example.org", "--allowed-host", "pi.local"]
    result = CliRunner().invoke(app, ["serve", "--database", "sqlite:////tmp/x.db", *flags])
    assert result.exit_code == 0, result.output
    hosts = seen["app"].state.settings.allowed_hosts
    assert {"localhost", "catan.example.org", "pi.local", "192.168.1.5"} <= set(hosts)
    everywhere = CliRunner().invoke(app, ["serve", "--database", "sqlite:////tmp/x.db", "--host", "0.0.0.0"])
    assert "--allowed-host" in everywhere.output  # binding every interface: say how to name this machine
