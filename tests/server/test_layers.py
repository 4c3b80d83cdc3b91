"""The rule sets' table layers: declared by each rule set, listed with it, served from its own package with the
right types under the page's policy, and imported by no shared module of the page."""

from __future__ import annotations

import re
from importlib import resources
from typing import TYPE_CHECKING

import pytest

import siedler
from siedler.server.security import PAGE_POLICY

if TYPE_CHECKING:
    from fastapi.testclient import TestClient

WEB = resources.files("siedler").joinpath("web")
TYPES = {"js": "text/javascript", "css": "text/css"}


def test_each_rule_set_lists_the_layers_it_ships(client: TestClient) -> None:
    listed = {r["name"]: r["layers"] for r in client.get("/api/rulesets").json()}
    assert listed["baden-wuerttemberg"] == ["bw.js", "bw.css"]
    assert listed["soldiers-and-armies"] == ["armies.js", "armies.css"]
    assert listed["base"] == [] and listed["deck-building"] == []
    for ruleset in siedler.rulesets():
        for name in ruleset.layers:
            shipped = resources.files(ruleset.package).joinpath("layers", name)
            assert shipped.is_file(), f"{ruleset.name} declares {name}, which its package lacks"


@pytest.mark.parametrize(("ruleset", "name"), [(r.name, n) for r in siedler.rulesets() for n in r.layers])
def test_a_layer_is_served_from_its_package_with_its_type_and_the_pages_policy(
    client: TestClient, ruleset: str, name: str
) -> None:
    answer = client.get(f"/layers/{ruleset}/{name}")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == f"{TYPES[name.rsplit('.', 1)[1]]}; charset=utf-8"
    assert answer.headers["content-security-policy"] == PAGE_POLICY
    assert answer.headers["x-content-type-options"] == "nosniff"
    package = siedler.get_ruleset(ruleset).package
    assert answer.content == resources.files(package).joinpath("layers", name).read_bytes()


@pytest.mark.parametrize(
    "path",
    [
        "/layers/nonesuch/bw.js",  # no such rule set
        "/layers/base/bw.js",  # a rule set without that layer
        "/layers/soldiers-and-armies/bw.js",  # another rule set's layer
        "/layers/baden-wuerttemberg/__init__.py",  # not a layer's type
        "/layers/baden-wuerttemberg/..%2F__init__.py",  # no paths
        "/layers/baden-wuerttemberg/..%2Flocale%2Fen.toml",
    ],
)
def test_anything_else_is_not_found(client: TestClient, path: str) -> None:
    assert client.get(path).status_code == 404


def test_the_pages_own_modules_import_no_rule_sets_layer() -> None:
    # The page loads the layers a rule set declares (layers.js); none of its own files names one.
    layers = {name.rsplit(".", 1)[0] for r in siedler.rulesets() for name in r.layers}
    for folder, ending in (("js", ".js"), ("css", ".css")):
        for entry in WEB.joinpath(folder).iterdir():
            if entry.name.endswith(ending):
                text = entry.read_text("utf-8")
                named = {layer for layer in layers if re.search(rf"\b{re.escape(layer)}\.(js|css)\b", text)}
                assert not named, f"web/{folder}/{entry.name} names the layers {sorted(named)}"
