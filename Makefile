PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: demo test bench lint clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $(STAMP)

demo: $(STAMP)
	$(BIN)/statekeeper demo

test: $(STAMP)
	$(BIN)/pytest
	STATEKEEPER_TEST_BACKEND=postgres $(BIN)/pytest

bench: $(STAMP)
	$(BIN)/statekeeper bench statebench --data src/statekeeper/bench/samples/timelines.jsonl \
		--strategy statekeeper --strategy transcript_replay --strategy latest_wins

lint: $(STAMP)
	$(BIN)/ruff check src tests benchmarks
	$(BIN)/mypy src

clean:
	rm -rf $(VENV) build dist src/*.egg-info
