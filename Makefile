# Every target bootstraps .venv when it is missing or stale: the versions locked in
# requirements/ (with hashes), then River TUI itself from this tree.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
LOCK := requirements/test.lock
# The newest versions pyproject.toml allows (make test-latest), in a throwaway venv.
LATEST := .venv-latest
# uv, which writes the locks (make lock), in a venv of its own.
TOOLS := .venv-tools

.PHONY: play test test-without-patches test-latest lock mutate bench clean

$(STAMP): pyproject.toml $(LOCK)
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --require-hashes -r $(LOCK)
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $(STAMP)

play: $(STAMP)
	$(BIN)/river-tui

# The suite, then again without Textual's patches (river_tui/patches) the tests of
# what a patch changes the way of: how every screen looks (the snapshots), the recap
# box, the footer's keys, toasts, key lookups, borders, logs and lists, the lobby's
# keys. Every feature must work without them. `make test-without-patches` runs the
# whole suite so (twice the screens' time: run it when a patch or Textual changes).
WITHOUT_PATCHES := tests/snapshots tests/widgets/test_since_last_turn.py \
	tests/screens/test_we_all_take_recap.py tests/screens/test_footers.py \
	tests/screens/test_watcher_keys.py tests/screens/test_handover.py tests/app/test_app.py \
	tests/app/test_keymap.py tests/widgets/test_steady_redraws.py tests/widgets/test_game_log.py \
	tests/widgets/test_we_all_take_choice_list.py tests/widgets/test_chat_pane.py \
	tests/net/test_lobby_keys.py tests/patches

test: $(STAMP)
	$(BIN)/lint-imports
	$(BIN)/python -m pytest -n 2 --dist worksteal -q
	RIVER_TUI_PATCHES=off $(BIN)/python -m pytest -n 2 --dist worksteal -q $(WITHOUT_PATCHES)

test-without-patches: $(STAMP)
	RIVER_TUI_PATCHES=off $(BIN)/python -m pytest -n 2 --dist worksteal -q

# The suite against the newest versions the ranges in pyproject.toml allow: run it
# by hand now and then, so a new release that breaks us is seen before a fresh
# clone installs it through a refreshed lock.
test-latest:
	rm -rf $(LATEST)
	$(PYTHON) -m venv $(LATEST)
	$(LATEST)/bin/python -m pip install --quiet --upgrade pip
	$(LATEST)/bin/python -m pip install --quiet --upgrade -e '.[test]'
	$(LATEST)/bin/python -m pip list --format=freeze
	$(LATEST)/bin/lint-imports
	$(LATEST)/bin/python -m pytest -n 2 --dist worksteal -q
	RIVER_TUI_PATCHES=off $(LATEST)/bin/python -m pytest -n 2 --dist worksteal -q $(WITHOUT_PATCHES)
	rm -rf $(LATEST)

# Write the locks again from pyproject.toml: the newest versions its ranges allow,
# for every platform and Python from 3.11 on. Run `make test` after it.
lock:
	test -x $(TOOLS)/bin/uv || ($(PYTHON) -m venv $(TOOLS) && $(TOOLS)/bin/python -m pip install --quiet 'uv>=0.9,<1')
	$(TOOLS)/bin/uv pip compile --quiet --upgrade --universal --python-version 3.11 --generate-hashes \
		pyproject.toml --extra test -o $(LOCK)

# Mutation testing of the trust core ([tool.mutmut] in pyproject.toml); up to an
# hour on two busy cores. Results are kept in mutants/: a second run retests only
# the functions that changed. Scores per file at the end (docs/testing.md).
mutate: $(STAMP)
	nice $(BIN)/mutmut run --max-children 2
	$(BIN)/python tests/support/mutation_scores.py

bench: $(STAMP)
	$(BIN)/python bench/run_all.py

clean:
	rm -rf $(VENV) $(LATEST) $(TOOLS) mutants
