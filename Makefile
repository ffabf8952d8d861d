# Build, test and tool targets. GNU make; needs python3 (>= 3.11), node (>= 20) and npm.
# `make test` on a fresh clone installs everything it needs (.venv/, node_modules/);
# stamp files make re-runs skip the installs until requirements/lockfile change.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := test

PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
PIP := $(PY) -m pip --disable-pip-version-check --no-input
NPM ?= npm

VENV_STAMP := $(VENV)/dev-requirements.stamp
BENCH_STAMP := $(VENV)/bench-requirements.stamp
NODE_STAMP := node_modules/npm-ci.stamp

BENCH_HANDS := benchmarks/hands/chimera20.txt benchmarks/hands/chimera17.txt \
	benchmarks/hands/tichu14.txt benchmarks/hands/tichu14_follow.jsonl

.PHONY: test lint venv node_modules bench heap fuzz sim clean play shots heap-device

## test: lint, mypy over firmware/ and boards/, CPython tests (pytest, spread over the cores), then the engine tests under MicroPython (node)
test: venv node_modules
	$(VENV)/bin/ruff check .
	$(PY) -m host_sim typecheck
	$(PY) -m pytest -q -n auto --dist load
	node tests/mp/run.mjs

## lint: ruff over the whole repository
lint: venv
	$(VENV)/bin/ruff check .

## venv: .venv with requirements-dev.txt (re-installed only when that file changes)
venv: $(VENV_STAMP)

$(VENV_STAMP): requirements-dev.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) install -q -r requirements-dev.txt
	touch $@

## node_modules: npm ci from package-lock.json (re-run only when the lockfile changes)
node_modules: $(NODE_STAMP)

$(NODE_STAMP): package.json package-lock.json
	$(NPM) ci --no-audit --no-fund
	touch $@

## bench: move-generator benchmark against douzero's reference generator; Chimera rounds/s and heap
bench: $(BENCH_STAMP) node_modules
	$(PY) benchmarks/movegen.py $(BENCH_HANDS)
	$(PY) benchmarks/rounds.py
	$(MAKE) --no-print-directory heap

## heap: live heap of the judge under MicroPython (code, tables, the largest answer)
heap: node_modules
	@for f in $(BENCH_HANDS) benchmarks/*_replay_*.jsonl; do \
		node tests/mp/exec.mjs benchmarks/judge_heap.py $$f | grep -v "^heap before"; done

$(BENCH_STAMP): requirements-bench.txt $(VENV_STAMP)
	$(PIP) install -q --no-deps -r requirements-bench.txt
	touch $@

## fuzz: the long random runs (tests marked fuzz) and the app's own cut sweeps, full size
fuzz: venv
	FUZZ_FULL=1 $(PY) -m pytest -q tests -m fuzz
	FUZZ_FULL=1 $(PY) -m pytest -q tests/storage/test_app_flash_cuts.py -m ''

## sim: the device in a window: make sim [BOARD=picosystem|pico_display_pack|macropad|badger2040] [SEED=N]
sim: BOARD ?= picosystem
sim: venv
	$(PY) -m host_sim sim --board "$(BOARD)" $(if $(SEED),--seed "$(SEED)")

## play: the terminal table, no window needed: make play [GAME=chimera|tichu] [LEVEL=1|2|3] (the bots' level)
play: GAME ?= chimera
play: LEVEL ?= 2
play: venv
	$(PY) -m host_sim play "$(GAME)" --level "$(LEVEL)"

## cost: RP2040 time and heap of each engine step (legal list, apply, bot decision per level), by callgrind
## (the hand screen in German: python benchmarks/cost.py --lang 1)
.PHONY: cost texts-cost
cost: venv
	nice -n 10 $(PY) benchmarks/cost.py

## texts-cost: RP2040 time of the German texts read from texts.tsv on a FAT drive (os.VfsFat), by callgrind
texts-cost: venv
	nice -n 10 $(PY) benchmarks/texts_cost.py

## shots: a screenshot per board and screen into docs/shots (see docs/shots/index.md)
shots: venv
	$(PY) -m host_sim shots --out docs/shots

## presses: key presses per human decision of seeded dealt rounds on every board, found by a search
## through the real UI (issue 17): make presses [ROUNDS=30] [JOBS=2] [BUDGET=400] [CAP=12]
.PHONY: presses
presses: ROUNDS ?= 30
presses: JOBS ?= 2
presses: BUDGET ?= 400
presses: CAP ?= 12
presses: venv
	nice -n 10 $(PY) benchmarks/presses.py --rounds "$(ROUNDS)" --jobs "$(JOBS)" --budget "$(BUDGET)" --cap "$(CAP)"

## fit-dealt: the text-fit check over seeded random dealt rounds: make fit-dealt [ROUNDS=50] [JOBS=2]
## (ROUNDS per game, board and language; make test checks a sample)
.PHONY: fit-dealt
fit-dealt: ROUNDS ?= 50
fit-dealt: JOBS ?= 2
fit-dealt: venv
	nice -n 10 $(PY) -m host_sim fit --dealt "$(ROUNDS)" --jobs "$(JOBS)"

## decisions: issue 28's random-play check of every human decision of seeded dealt rounds, its figures
## per board and language (none opened on a bomb, no Yes without its tip, no play with a card not drawn,
## no false tip): make decisions [ROUNDS=200] [JOBS=2] (ROUNDS per game, board and language; make test
## checks a sample: tests/device/test_decisions.py)
.PHONY: decisions
decisions: ROUNDS ?= 200
decisions: JOBS ?= 2
decisions: venv
	nice -n 10 $(PY) -m host_sim.decision_check --rounds "$(ROUNDS)" --jobs "$(JOBS)"

## heap-device: the app's heap on CircuitPython's RP2040-like interpreter (.mpy as deployed): the score
## keeper's session and a whole dealt match of each game with level-3 bots (also in German), per board;
## the peak after gc.collect() and the smallest -X heapsize each completes in (needs ../shared/tools)
heap-device: venv
	nice -n 10 $(PY) benchmarks/device_heap_run.py

## heap-marathon: 8 hours of play on the benchmark's clock in one power-up (the score keeper, dealt Chimera
## and Tichu in English and German by turns, a fresh VM at each switch of mode) at -X heapsize=150K
.PHONY: heap-marathon reload-cost
heap-marathon: venv
	nice -n 10 $(PY) benchmarks/device_heap_run.py --marathon 8 --heap 150 --boards picosystem

## reload-cost: RP2040 time of the VM a switch of mode starts (the app from the journal), by callgrind
reload-cost: venv
	nice -n 10 $(PY) benchmarks/reload_cost.py --boards picosystem

## heap-journal: the heap the journal holds reading and saving, on CircuitPython's RP2040-like interpreter
.PHONY: heap-journal
heap-journal:
	$(if $(wildcard ../shared/tools/circuitpython-rp2040),,$(error heap-journal needs ../shared/tools/circuitpython-rp2040, CircuitPython's unix port, built as ../shared/tools/BUILD.md says; it is not there))
	MICROPYPATH=. ../shared/tools/circuitpython-rp2040 -X heapsize=171K benchmarks/journal_heap.py

## emu: the board's own CircuitPython firmware with the app (INSTALL=frozen: make uf2's), in an emulated RP2040 (rp2040js; needs
## ../shared/tools/circuitpython): make emu [BOARD=picosystem] [KEYS="ok up*3 ok"] [OUT=dir] (docs/emulator.md)
.PHONY: emu
emu: BOARD ?= picosystem
emu: venv node_modules
	$(PY) -m host_sim emu --board "$(BOARD)" --keys "$(KEYS)" $(if $(OUT),--out "$(OUT)") \
		$(if $(INSTALL),--install "$(INSTALL)")

## emu-check: the long runs on the emulated boards, key for key with the simulator, and their figures (heap, presses,
## bots, reloads, power-up, flash per save; PNGs and figures.json in build/emu-check): a score-keeper match, a dealt
## round of each game in English and German per board, whole dealt matches on the PicoSystem (1-2 hours on 2 cores):
## make emu-check [BOARDS=picosystem,badger2040] [JOBS=2] [QUICK=1] [INSTALLS=drive,frozen] [OUT=build/emu-check]
## (QUICK: the keeper's match and a Chimera round; INSTALLS: the app's files on the stock firmware, make uf2's firmware)
.PHONY: emu-check
emu-check: JOBS ?= 2
emu-check: INSTALLS ?= drive
emu-check: venv node_modules
	nice -n 10 $(PY) benchmarks/emu_check.py --jobs "$(JOBS)" --installs "$(INSTALLS)" $(if $(BOARDS),--boards "$(BOARDS)") \
		$(if $(QUICK),--quick) $(if $(OUT),--out "$(OUT)")

## deploy: put the app on a board: make deploy BOARD=picosystem [DRIVE=/media/me/CIRCUITPY] [MPY_CROSS=path]
.PHONY: deploy
deploy: venv
	$(PY) -m host_sim deploy --board "$(BOARD)" $(if $(DRIVE),--drive "$(DRIVE)") \
		$(if $(MPY_CROSS),--mpy-cross "$(MPY_CROSS)")

## uf2: one file per board to drag onto its RPI-RP2 drive, into build/: CircuitPython with the app frozen in, and its
## CIRCUITPY drive (needs ../shared's relink kit and Debian's gcc-arm-none-eabi, installed when run as root):
## make uf2 [BOARD=picosystem]; the app's files for a stock CircuitPython instead (build/<board>-drive.uf2):
## make uf2 INSTALL=drive [BOARD=...] [MPY_CROSS=path] [CIRCUITPYTHON_UF2=CircuitPython's .uf2 for BOARD, put in front]
.PHONY: uf2 bundle
uf2: venv
	$(PY) -m host_sim uf2 --install "$(or $(INSTALL),frozen)" $(if $(BOARD),--board "$(BOARD)")$(if $(MPY_CROSS), \
		--mpy-cross "$(MPY_CROSS)")$(if $(CIRCUITPYTHON_UF2), --circuitpython-uf2 "$(CIRCUITPYTHON_UF2)")

## bundle: the Project Bundle zip (CircuitPython 10.x/code.py and lib/, every board) into build/: make bundle [MPY_CROSS=path]
bundle: venv
	$(PY) -m host_sim bundle $(if $(MPY_CROSS),--mpy-cross "$(MPY_CROSS)")

## deploy-cuts: a deploy over the previous version cut at every flash operation (CircuitPython's FAT over the
## flash model, ../shared/tools); counts what the board then runs: make deploy-cuts [EVERY=N] [SEEDS=S] [BOARD=...]
.PHONY: deploy-cuts
deploy-cuts: venv
	nice -n 10 $(PY) benchmarks/deploy_cuts.py --board "$(or $(BOARD),picosystem)" --every "$(or $(EVERY),1)" \
		--seeds "$(or $(SEEDS),1)"

## backup: the board's match and settings into a JSON file, over USB: make backup [PORT=/dev/ttyACM0] [OUT=file.json]
.PHONY: backup records restore serial-board
backup: venv
	$(PY) -m host_sim backup $(if $(PORT),--port "$(PORT)") $(if $(OUT),--out "$(OUT)")

## records: a JSON score sheet per match on the board, over USB: make records [PORT=...] [OUT=dir]
records: venv
	$(PY) -m host_sim records $(if $(PORT),--port "$(PORT)") $(if $(OUT),--out "$(OUT)")

## restore: a backup back onto the board (checked first; the app restarts): make restore FILE=backup.json [PORT=...]
restore: venv
	@test -n "$(FILE)" || { echo "make restore: name the backup, e.g. make restore FILE=backup.json" >&2; exit 2; }
	$(PY) -m host_sim restore $(if $(PORT),--port "$(PORT)") --file "$(FILE)"

## serial-board: a stand-in board on a pseudo-terminal for the three above: make serial-board [BOARD=...] [FRAM=1]
serial-board: BOARD ?= picosystem
serial-board: venv
	$(PY) -m host_sim serial-board --board "$(BOARD)" $(if $(FRAM),--fram)

## clean: remove installed tools and caches (not your work)
clean:
	rm -rf $(VENV) node_modules .pytest_cache .ruff_cache .mypy_cache .hypothesis build
	find . -name __pycache__ -type d -prune -exec rm -rf {} +
