# The two commands: `make run` (set up, then serve the browser table) and `make test` (set up, then test).
# The walkthrough's plugin rule set (tests/plugin_ruleset) is never installed: the tests put it on their own
# path (tests/conftest.py), so that `make run` serves only the rule sets siedler ships.
# Two virtual environments, both made on first use (docs/build.md):
# - .venv: an editable, pure-Python install for development, linting and the pure test run;
# - .venv-compiled: a normal install of the compiled engine (mypyc; pure Python where it cannot be built) with
#   the server's extra only, which `make run` serves; `make test` adds the test tools beside it (the dev
#   extra's packages, read from pyproject.toml, so siedler is not built twice) and tests it a second time. Its
#   stamp depends on every file under src/, so any edit reinstalls it: a compiled module can never shadow a
#   newer .py file. Nothing is ever built into src/.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
HOST ?= 127.0.0.1
PORT ?= 8000
CVENV := .venv-compiled
CBIN := $(CVENV)/bin
CSTAMP := $(CVENV)/.installed-stamp
CDEVSTAMP := $(CVENV)/.dev-stamp
SOURCES := $(shell find src -type f ! -path '*/__pycache__/*' ! -path '*.egg-info/*')
BUILD_REQUIRES := 'setuptools>=69' 'mypy>=1.10'

.PHONY: run test lint unit browser bench simulate setup compiled screenshots clean

$(STAMP): pyproject.toml setup.py
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	SIEDLER_PURE=1 $(BIN)/python -m pip install --quiet -e '.[server,dev]'
	touch $(STAMP)

# The build log is kept; the one line printed says which build was installed and, for pure Python, why.
# The stamp takes the time the build began (touched first, moved into place once installed), so a source
# edited while it builds is newer than the stamp and is built next time.
$(CSTAMP): pyproject.toml setup.py $(SOURCES)
	[ -x $(CBIN)/python ] || $(PYTHON) -m venv $(CVENV)
	touch $(CSTAMP).began
	$(CBIN)/python -m pip install --quiet --upgrade pip $(BUILD_REQUIRES)
	rm -rf build
	$(CBIN)/python -m pip install -v --no-build-isolation '.[server]' >$(CVENV)/build.log 2>&1 \
	  || { tail -n 30 $(CVENV)/build.log; exit 1; }
	@grep -ho 'siedler: building pure Python.*' $(CVENV)/build.log | head -n 1 || true
	@$(CBIN)/siedler --version
	mv $(CSTAMP).began $(CSTAMP)

# The test tools beside the compiled build: the dev extra's requirements as pyproject.toml lists them.
$(CDEVSTAMP): pyproject.toml $(CSTAMP)
	$(CBIN)/python -c "import tomllib; print(*tomllib.load(open('pyproject.toml', 'rb'))['project']['optional-dependencies']['dev'], sep='\n')" >$(CVENV)/dev-requirements.txt
	$(CBIN)/python -m pip install --quiet -r $(CVENV)/dev-requirements.txt
	touch $(CDEVSTAMP)

setup: $(STAMP)

compiled: $(CSTAMP) $(CDEVSTAMP)

# A port already in use is refused with a message naming it and how to choose another (PORT=8001).
run: $(CSTAMP)
	$(CBIN)/siedler serve --host $(HOST) --port $(PORT)

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

# Coverage of src/siedler's lines, measured over the whole suite on the pure build (xdist workers and the
# browser tests' server process included) and reported, not enforced: the figure is quoted in the README.
# -rfEs lists every failed test, every error in a fixture and every skipped test (with its reason: a missing
# Chromium, say) at the end of the output, where a CI log's tail shows them.
# Then the suite again on the compiled build, which must behave identically.
test: $(STAMP) $(CSTAMP) $(CDEVSTAMP) browser lint
	$(BIN)/pytest -n 2 -rfEs --cov --cov-report=
	@echo "coverage: $$($(BIN)/coverage report --format=total)% of the lines of src/siedler"
	$(CBIN)/pytest -n 2 -rfEs -m 'not browser'

bench: $(CSTAMP)
	$(CBIN)/siedler bench

simulate: $(CSTAMP)
	$(CBIN)/siedler simulate --ruleset base --seats greedy,random,random,random --games 200 --seed 1

# docs/screenshots/: every rule set's table at a laptop's and a phone's size, taken in Chromium (Playwright
# is a test tool: the development environment has it).
screenshots: $(STAMP) browser
	PYTHONPATH=. $(BIN)/python scripts/table_screenshots.py docs/screenshots

clean:
	rm -rf $(VENV) $(CVENV) build .pytest_cache .mypy_cache .ruff_cache .hypothesis .coverage .coverage.*
