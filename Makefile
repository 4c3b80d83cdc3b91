# The two commands: `make run` (set up, then start the browser table) and `make test` (set up, then test).
# Both create .venv and install the project into it on first use.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp

.PHONY: run test lint bench setup clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[server,dev]'
	touch $(STAMP)

setup: $(STAMP)

run: $(STAMP)
	$(BIN)/siedler simulate --ruleset base --seats greedy,random,random,random --games 200 --seed 1

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/mypy

test: $(STAMP) lint
	$(BIN)/pytest -n 2

bench: $(STAMP)
	$(BIN)/siedler bench

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
