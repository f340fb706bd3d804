# tablerules — the two entry points of the README live here.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
# The fonts the playground's pages need from Debian: Noto CJK for the card faces, seat names
# and the editor (its monospace face too); every other symbol on the pages is in DejaVu
# (Debian's default) and the buttons' icons come with Streamlit itself.
FONT_PACKAGES := fonts-noto-cjk fonts-dejavu-core
# What the browser test needs besides: the browser and its driver.
E2E_PACKAGES := chromium chromium-driver $(FONT_PACKAGES)
SUDO := $(if $(filter 0,$(shell id -u)),,sudo)

RAY_STAMP := $(VENV)/.installed-ray
OPENSPIEL_STAMP := $(VENV)/.installed-openspiel

.PHONY: test logcheck differential invariants invariants-slice test-ray test-openspiel bench-env bench-bots wheel-smoke fuzz bench-limits check lint bench bench-play bench-revisions bench-simulate docs-simulate play playground fonts apt-install e2e e2e-browser screenshots clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

## test: set up .venv if needed and run the whole test suite (on every core)
test: $(STAMP)
	$(BIN)/python -m pytest -n auto

## test-ray: install the optional Ray extra and run the simulation tests on a local
## 2-CPU Ray runtime (the same statistics as one process)
$(RAY_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,ray]'
	touch $(RAY_STAMP)

test-ray: $(RAY_STAMP)
	$(BIN)/python -m pytest -m ray tests/test_simulate_ray.py

## test-openspiel: install the optional OpenSpiel extra and test the rule files as OpenSpiel
## games (OpenSpiel's random simulation test, chance, clone, serialize, the IS-MCTS example)
$(OPENSPIEL_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e '.[dev,openspiel]'
	touch $(OPENSPIEL_STAMP)

test-openspiel: $(OPENSPIEL_STAMP)
	$(BIN)/python -m pytest -m openspiel tests/test_agents_openspiel.py tests/test_agents_docs.py

## logcheck: play 2,000 seeded hands of every bundled rule file and variant (found by name:
## a new file is played too) with random and with greedy bots, and check each log with the
## independent checker (tests/logcheck); and the differential test at scale: thousands of
## hands of those files and of generated ones, the wins the engine offers at every card
## against what evaluate says (tests/differential)
logcheck: $(STAMP)
	$(BIN)/python -m pytest -n auto -m 'slow or not slow' tests/test_logcheck.py \
		tests/test_differential.py

## differential: the differential test over 20,000 hands, on every core
differential: $(STAMP)
	PYTHONPATH=tests $(BIN)/python -m differential --hands 20000 --generated 200

## invariants: the documented campaign, a million hands of every bundled rule file and variant
## with random and greedy bots, each checked from its log (resumes from .invariants-state.jsonl;
## several hours on two cores)
invariants: $(STAMP)
	PYTHONPATH=tests $(BIN)/python -m logcheck.campaign --hands 1000000 \
		--state .invariants-state.jsonl --json invariants-last-run.json

## invariants-slice: the same campaign over 20,000 hands, as a test (-m slow)
invariants-slice: $(STAMP)
	$(BIN)/python -m pytest -m slow tests/test_invariants_at_scale.py

## e2e: set up .venv and (through apt, when missing) Chromium, its driver and fonts; then
## serve the playground and drive it in headless Chromium (screenshots in build/e2e/)
e2e: $(STAMP) e2e-browser
	TABLERULES_E2E=1 $(BIN)/python -m pytest -m e2e tests/e2e

## screenshots: the browser test, its screenshots written over the documentation's own
## (docs/img/): run it on purpose, when the pages have changed, and commit the pictures
screenshots: $(STAMP) e2e-browser
	TABLERULES_E2E=1 TABLERULES_SCREENSHOTS=docs/img $(BIN)/python -m pytest -m e2e tests/e2e

# Debian packages through apt, those missing only: `make apt-install PACKAGES="..."`.
apt-install:
	@missing=$$(for package in $(PACKAGES); do \
		dpkg-query -W -f='$${Status}\n' $$package 2>/dev/null | grep -q '^install ok installed$$' \
			|| echo $$package; \
	done); \
	if [ -n "$$missing" ]; then \
		command -v apt-get >/dev/null || { echo "install $$missing (no apt-get here)" >&2; exit 1; }; \
		echo "installing" $$missing; \
		$(SUDO) apt-get update \
		&& $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends $$missing \
		|| { echo "could not install" $$missing "through apt" >&2; exit 1; }; \
	fi

## fonts: the fonts the playground's pages use (through apt, when missing)
fonts:
	@$(MAKE) --no-print-directory apt-install PACKAGES="$(FONT_PACKAGES)" \
		|| echo "playground: without $(FONT_PACKAGES) the cards show as boxes" >&2

e2e-browser:
	@$(MAKE) --no-print-directory apt-install PACKAGES="$(E2E_PACKAGES)"
	@for tool in /usr/bin/chromium /usr/bin/chromedriver; do \
		[ -x $$tool ] || { echo "e2e: $$tool is missing after the installation" >&2; exit 1; }; \
	done

## wheel-smoke: build the wheel, install it in a fresh virtual environment and run the
## command from there (check and play the bundled files by name, replay, python -m)
wheel-smoke: $(STAMP)
	PYTHON=$(BIN)/python .ci/wheel-smoke

## fuzz: the long fuzzing campaign (100,000 inputs over rule files, card notation, hands
## files, play logs, rule files with scoring played and settled, scenario files,
## checkpoints and the CSV/JSON outputs, on every core); findings go to fuzz/findings/, the
## summary to fuzz/last-run.json (docs/reliability.md quotes it); then 1,000 mutants of the
## bundled rule files, each that checks played, replayed and log-checked (fuzz.mutants.play)
fuzz: $(STAMP)
	$(BIN)/python -m fuzz.run --inputs 100000 --json fuzz/last-run.json
	$(BIN)/python -m fuzz.mutants.play --mutants 1000 --seed 1 --jobs 2

## bench-limits: the worst rule files within the limits, checked in fresh processes
bench-limits: $(STAMP)
	$(BIN)/python benchmarks/bench_limits.py

## check: validate the bundled rule files
check: $(STAMP)
	$(BIN)/tablerules check rules/*.rules

## lint: ruff over the project
lint: $(STAMP)
	$(BIN)/ruff check .

## bench: hand evaluation against the mahjong library, the command line as whole processes,
## and hands holding wild cards beside the same hands without them
bench: $(STAMP)
	$(BIN)/python benchmarks/bench_evaluate.py
	$(BIN)/python benchmarks/bench_cli.py
	$(BIN)/python benchmarks/bench_wilds.py

## bench-play: whole random-bot hands of both games beside RLCard's mahjong environment,
## play --log beside the API, the memory of a long run, and the scoring presets beside their
## bases; then the same self-play and play --log on the six regional files
bench-play: $(STAMP)
	$(BIN)/python benchmarks/bench_play.py
	$(BIN)/python benchmarks/bench_play.py --regional --skip-memory --skip-presets

## bench-env: the PettingZoo environment's steps beside RLCard's mahjong environment and the
## raw Table API on the same hands, and the observation encoding per call
bench-env: $(STAMP)
	$(BIN)/python benchmarks/bench_env.py

## bench-bots: the value bot's CPU time per decision beside the greedy bot's, same deals
bench-bots: $(STAMP)
	$(BIN)/python benchmarks/bench_bots.py

## bench-revisions: the same evaluation and play work on the code before the rule language's
## v2 and on this checkout, side by side (BEFORE=REV AFTER=REV to compare others)
BEFORE ?= 155d790
AFTER ?= .
bench-revisions: $(STAMP)
	$(BIN)/python benchmarks/bench_revisions.py --before $(BEFORE) --after $(AFTER)

## playground: set up .venv and (through apt, when missing) the fonts, then serve the
## playground on 127.0.0.1:8501 (offline)
playground: $(STAMP) fonts
	$(BIN)/streamlit run playground/app.py --server.headless true --server.address 127.0.0.1 \
		--server.port 8501 --browser.gatherUsageStats false --client.toolbarMode viewer

## play: set up .venv if needed and let greedy bots play one seeded 跑馬仔 hand, in full
play: $(STAMP)
	$(BIN)/tablerules play rules/paomazai.rules --seed 7 --bots greedy

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache .ruff_cache

## docs-simulate: run docs/simulate.md's worked examples in full (thousands of hands each,
## minutes of CPU) and check that every line their tables show is printed
docs-simulate: $(STAMP)
	$(BIN)/python -m pytest -m slow tests/test_docs.py -k worked_example_table

## bench-simulate: one simulation on one process vs every core (interleaved rounds)
bench-simulate: $(STAMP)
	$(BIN)/python benchmarks/bench_simulate.py
