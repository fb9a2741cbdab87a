# The README's two commands. Each creates .venv and installs from pyproject.toml when needed.
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

TEST_STAMP := $(VENV)/.installed-test

# The host needs the package alone; the tests add their tools (a host has no pytest).
$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e .
	touch $(STAMP)

$(TEST_STAMP): $(STAMP)
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(TEST_STAMP)

.PHONY: serve test lint bench
serve: $(STAMP)
	$(BIN)/meldhall serve $(ARGS)

test: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/python -m pytest -n 2 -q

lint: $(TEST_STAMP)
	$(BIN)/ruff check .

bench: $(STAMP)
	$(BIN)/pip install --quiet -e '.[bench]'
	$(BIN)/python bench/engine_playout.py
