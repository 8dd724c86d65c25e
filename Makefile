# teamswiss: `make run` serves the demo on SQLite; `make test` runs the whole suite.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
export TEAMSWISS_DATABASE_URL ?= sqlite:///./var/teamswiss.db

.PHONY: install install-server lock run serve test contract verify slow lint fmt openapi migrate demo \
	bench clean

$(BIN)/activate:
	$(PYTHON) -m venv $(VENV)

# Every install comes from the locks in requirements/ (every package pinned with its hashes; `make lock`
# writes them): pip and the build backend first, so that the editable install builds with the locked
# backend (--no-build-isolation) and nothing resolves anew. The editable install is a plain path entry to
# the source tree (pyproject.toml's dev-mode-dirs), not an import hook that every start of the venv pays for.
PIP_LOCKED := $(PY) -m pip install -q --require-hashes

# what the server needs (`make run`)
$(VENV)/.server: $(BIN)/activate requirements/build.txt requirements/server.txt pyproject.toml
	$(PIP_LOCKED) -r requirements/build.txt
	$(PIP_LOCKED) -r requirements/server.txt
	$(PY) -m pip install -q --no-deps --no-build-isolation -e .
	touch $@

# and what the tests and the tools need (`make test`, `make install`)
$(VENV)/.test: $(VENV)/.server requirements/test.txt
	$(PIP_LOCKED) -r requirements/test.txt
	touch $@

install-server: $(VENV)/.server

install: $(VENV)/.test tests/browser/node_modules/.installed

# axe-core for the browser tests' accessibility suite, from the npm lock (npm ci); without npm the suite skips
tests/browser/node_modules/.installed: tests/browser/package.json tests/browser/package-lock.json
	@if command -v npm >/dev/null 2>&1; then \
		npm ci --prefix tests/browser --no-audit --no-fund --loglevel=error && touch $@; \
	else echo "npm is not installed: axe-core is not, and the accessibility tests will be skipped"; fi

# Resolve the locks after a change to the dependencies in pyproject.toml (or requirements/build.in),
# keeping every other pin; `make lock UPGRADE=1` moves every package to its newest allowed version.
# The test lock is constrained to the server's pins, so that both install the same versions.
LOCK = $(BIN)/uv pip compile -q --universal --python-version 3.11 --generate-hashes \
	--custom-compile-command "make lock" $(if $(UPGRADE),--upgrade)
lock: $(BIN)/activate
	$(PY) -m pip install -q uv
	$(LOCK) requirements/build.in -o requirements/build.txt
	$(LOCK) pyproject.toml -c requirements/build.txt -o requirements/server.txt
	$(LOCK) pyproject.toml --extra test -c requirements/build.txt -c requirements/server.txt -o requirements/test.txt

run: install-server
	mkdir -p var
	$(BIN)/teamswiss migrate
	$(BIN)/teamswiss demo --if-empty
	$(BIN)/teamswiss serve --host 127.0.0.1 --port 8000

test: install
	$(BIN)/ruff check app tests bench
	$(BIN)/mypy
	$(BIN)/pytest -m "not slow and not browser and not contract" -p no:cacheprovider
	@if [ -z "$$TEAMSWISS_SKIP_CONTRACT" ]; then $(MAKE) --no-print-directory contract; \
	else echo "contract run skipped (TEAMSWISS_SKIP_CONTRACT set)"; fi
	@if [ -z "$$TEAMSWISS_SKIP_BROWSER" ] && command -v chromium >/dev/null 2>&1 && [ -d tests/browser ]; then \
		$(BIN)/pytest -m browser -p no:cacheprovider tests/browser; \
	else echo "browser tests skipped (no chromium, or TEAMSWISS_SKIP_BROWSER set)"; fi

# schemathesis, every check, against a live server with the demo (SQLite); SECONDS=600 runs it longer
contract: install
	TEAMSWISS_CONTRACT_SECONDS=$(or $(SECONDS),100) $(BIN)/pytest -m contract -p no:cacheprovider -s tests/contract

# the differential run against FIDE's reference (Gacrux), both directions on every core, resumable
# (var/verify/state.jsonl; reproducers in var/verify/reproducers): make verify N=50000 [JOBS=2] [FRESH=1]
verify: install
	$(PY) -m tests.verify --n $(or $(N),1000) $(if $(JOBS),--jobs $(JOBS)) $(if $(FRESH),--fresh)

# the other long-running tests (pairing and tie-breaks against Gacrux, property tests)
slow: install
	$(BIN)/pytest -m slow -p no:cacheprovider

lint: install
	$(BIN)/ruff check app tests bench
	$(BIN)/mypy

fmt: install
	$(BIN)/ruff check --fix app tests bench

openapi: install
	$(PY) -m app.http.openapi > openapi/openapi.json

migrate: install
	$(BIN)/teamswiss migrate

demo: install
	$(BIN)/teamswiss demo

bench: install
	for f in bench/bench_*.py; do echo "== $$f"; $(PY) $$f || exit 1; done

clean:
	rm -rf $(VENV) var .pytest_cache .ruff_cache
