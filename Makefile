# Every target bootstraps .venv from pyproject.toml when it is missing or stale.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: play test mutate bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/river-tui

test: $(STAMP)
	$(BIN)/lint-imports
	$(BIN)/python -m pytest -n 2 -q

# Mutation testing of the trust core ([tool.mutmut] in pyproject.toml); up to an
# hour on two busy cores. Results are kept in mutants/: a second run retests only
# the functions that changed. Scores per file at the end (docs/testing.md).
mutate: $(STAMP)
	nice $(BIN)/mutmut run --max-children 2
	$(BIN)/python tests/mutation_scores.py

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[test,bench]'
	$(BIN)/python bench/run_all.py

clean:
	rm -rf $(VENV) mutants
