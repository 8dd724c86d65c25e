# teamswiss: `make run` serves the demo on SQLite; `make test` runs the whole suite.
PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
PY := $(BIN)/python
export TEAMSWISS_DATABASE_URL ?= sqlite:///./var/teamswiss.db

.PHONY: install run serve test contract verify slow lint fmt openapi migrate demo bench clean

$(BIN)/activate:
	$(PYTHON) -m venv $(VENV)

# editable, with the source tree as a plain path entry (setuptools' "compat" mode) where the backend still offers
# it: its default editable mode installs an import hook that every Python start of the venv pays for (about 3 ms,
# a twentieth of `teamswiss standings`); a backend without compat mode gets its default
$(VENV)/.installed: $(BIN)/activate pyproject.toml
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]' --config-settings editable_mode=compat 2>/dev/null \
		|| $(PY) -m pip install -q -e '.[test]'
	touch $@

install: $(VENV)/.installed

run: install
	mkdir -p var
	$(BIN)/teamswiss migrate
	$(BIN)/teamswiss demo --if-empty
	$(BIN)/teamswiss serve --host 127.0.0.1 --port 8000

test: install
	$(BIN)/ruff check app tests bench
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
