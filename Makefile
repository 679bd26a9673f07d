# Every target installs the suite into .venv first (again only when pyproject.toml changed).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYGAME_HIDE_SUPPORT_PROMPT=1

.PHONY: run test test-all bench lint desktop assets golden install clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test,dev]'
	touch $(STAMP)

install: $(STAMP)

run: $(STAMP)
	$(BIN)/tablegames

# one test process a core (pytest-xdist), a test file to one process (its module fixtures are made once); not for
# test-all, whose timed slow checks (Ctrl-C within a second) want the machine to themselves
TESTS_IN_PARALLEL := -n auto --dist loadfile

test: $(STAMP)
	$(HEADLESS) $(BIN)/python -m pytest $(TESTS_IN_PARALLEL)

test-all: $(STAMP)
	$(HEADLESS) TABLEGAMES_FUZZ=thorough $(BIN)/python -m pytest -m ''

bench: $(STAMP)
	@for script in scripts/bench_*.py; do \
		echo "== $$script"; \
		$(HEADLESS) $(BIN)/python $$script || exit 1; \
	done

lint: $(STAMP)
	$(BIN)/ruff check src tests scripts
	$(BIN)/mypy

desktop: $(STAMP)
	$(BIN)/tablegames --install-desktop

assets: $(STAMP)
	@for script in scripts/make_*.py scripts/shoot_*.py scripts/paint_*.py; do \
		echo "== $$script"; \
		$(HEADLESS) $(BIN)/python $$script || exit 1; \
	done

golden: $(STAMP)
	$(HEADLESS) $(BIN)/python -m tablegames.ui.golden --update

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache
	find . -name __pycache__ -prune -exec rm -rf {} +
