# tablerules — the two entry points of the README live here.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: test check lint bench bench-play play playground e2e clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

## test: set up .venv if needed and run the whole test suite
test: $(STAMP)
	$(BIN)/python -m pytest

## check: validate the bundled rule files
check: $(STAMP)
	$(BIN)/tablerules check rules/*.rules

## lint: ruff over the project
lint: $(STAMP)
	$(BIN)/ruff check .

## bench: run the benchmarks against the peer libraries
bench: $(STAMP)
	$(BIN)/python benchmarks/bench_evaluate.py

## bench-play: whole random-bot hands of both games beside RLCard's mahjong environment
bench-play: $(STAMP)
	$(BIN)/python benchmarks/bench_play.py

## playground: set up .venv if needed and serve the playground on 127.0.0.1:8501 (offline)
playground: $(STAMP)
	$(BIN)/streamlit run playground/app.py --server.headless true --server.address 127.0.0.1 \
		--server.port 8501 --browser.gatherUsageStats false --client.toolbarMode viewer

## play: set up .venv if needed and let greedy bots play one seeded 跑馬仔 hand, in full
play: $(STAMP)
	$(BIN)/tablerules play rules/paomazai.rules --seed 7 --bots greedy

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache
