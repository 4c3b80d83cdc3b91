# The two commands: `make run` (set up, then serve the browser table) and `make test` (set up, then test).
# Both create .venv and install the project into it on first use.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
HOST ?= 127.0.0.1
PORT ?= 8000

.PHONY: run test lint unit browser bench simulate setup clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[server,dev]'
	$(BIN)/python -m pip install --quiet -e tests/plugin_ruleset  # the walkthrough's rule set, for its test
	touch $(STAMP)

setup: $(STAMP)

run: $(STAMP)
	$(BIN)/siedler serve --host $(HOST) --port $(PORT)

# The browser tests drive Debian's Chromium; install it when we may (root with apt-get), else say how.
browser:
	@if [ ! -x /usr/bin/chromium ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "installing Debian's chromium for the browser tests"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; \
	  else \
	    echo "note: /usr/bin/chromium is missing (sudo apt-get install chromium); browser tests will be skipped"; \
	  fi; \
	fi

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/mypy

# Coverage of src/siedler's lines, measured over the whole suite (xdist workers and the browser tests'
# server process included) and reported, not enforced: the figure is quoted in the README.
test: $(STAMP) browser lint
	$(BIN)/pytest -n 2 --cov --cov-report=
	@echo "coverage: $$($(BIN)/coverage report --format=total)% of the lines of src/siedler"

bench: $(STAMP)
	$(BIN)/siedler bench

simulate: $(STAMP)
	$(BIN)/siedler simulate --ruleset base --seats greedy,random,random,random --games 200 --seed 1

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis .coverage .coverage.*
