# Chai Tea Jazz kit. Everything runs from the project's own venv (.venv), so
# nothing depends on PATH or on what the machine happens to have.
#
#   make dashboard   set up, then serve every notebook as a Voilà dashboard
#   make test        set up, then run every check (installs chromium as root)
#   make help        list the other targets

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help
MAKEFLAGS += --no-print-directory

PYTHON   ?= python3
VENV     := .venv
PY       := $(VENV)/bin/python
STAMP    := $(VENV)/.stamp
# The compiled modules' build and the sources it reads (chaitea/core/compiled.py's MODULES,
# printed by the module itself: the one list).
COMPILED     := $(VENV)/.compiled
COMPILED_SRC := chaitea/core/compiled.py $(shell $(PYTHON) chaitea/core/compiled.py sources)
# `make test` runs these tests a second time on the Python reference (CHAITEA_PURE=1): the
# layers the compiled modules live in and the property tests that hold every configuration's
# play to tests/properties/reference.py (the command line's subprocess tests add nothing there).
PURE_TESTS   := tests/engine tests/core tests/properties --ignore=tests/engine/test_cli.py
CHROMIUM := /usr/bin/chromium
PORT     ?= 8866
HOST     := 127.0.0.1
# `make workshop`: the class size it is sized for, its lesson, and where it listens
# (127.0.0.1 by default; WORKSHOP_HOST=0.0.0.0 lets the learners' laptops in).
LEARNERS      ?= 30
LESSON        ?= 06_full_game.ipynb
WORKSHOP_HOST ?= 127.0.0.1
# The GitHub repository Binder builds from: the one place it is written
# (README badges follow it; `make binder-links` prints them).
BINDER_REPO ?= chaitea-kit/chaitea

# binder/requirements.txt pins the run-time packages; the dev venv is installed
# under the same pins. `make setup CONSTRAINTS=` resolves afresh (to upgrade,
# then `make binder-pins`).
PINS        := binder/requirements.txt
CONSTRAINTS ?= -c $(PINS)
PIP_INSTALL := $(PY) -m pip install -q --disable-pip-version-check
# Warnings this machine's pip configuration prints for absent local indexes.
PIP_NOISE   := is ignored: it is neither a file nor a directory

# The first course notebook (sorted; names starting with "_" are not courses).
FIRST_NOTEBOOK = $(firstword $(sort $(filter-out notebooks/_%,$(wildcard notebooks/*.ipynb))))

# $(call stage,NAME,COMMAND): run COMMAND, print how long it took, stop on failure.
define stage
	@echo "==> $(1)"; start=$$(date +%s); \
	if $(2); then echo "<== $(1): ok in $$(( $$(date +%s) - start )) s"; \
	else rc=$$?; echo "<== $(1): FAILED (exit $$rc) after $$(( $$(date +%s) - start )) s"; exit $$rc; fi
endef

# $(call stages_side_by_side,NAME1,COMMAND1,NAME2,COMMAND2): run both at once, COMMAND2's output
# kept in a log and printed after COMMAND1's, each with its own time; fail if either fails. For a
# stage that mostly waits (the browser tests wait on pages and kernels) beside one that mostly
# installs (the Binder build), so the two cores are used.
define stages_side_by_side
	@echo "==> $(1), with $(3) beside it"; start=$$(date +%s); side_log=$$(mktemp); \
	( if { $(4); } >"$$side_log" 2>&1; then rc=0; else rc=$$?; fi; \
	  echo "$$rc $$(( $$(date +%s) - start ))" >"$$side_log.rc" ) & side=$$!; \
	if $(2); then rc1=0; echo "<== $(1): ok in $$(( $$(date +%s) - start )) s"; \
	else rc1=$$?; echo "<== $(1): FAILED (exit $$rc1) after $$(( $$(date +%s) - start )) s"; fi; \
	wait $$side || true; read rc2 took2 <"$$side_log.rc"; \
	echo "==> $(3) (ran beside $(1))"; cat "$$side_log"; rm -f "$$side_log" "$$side_log.rc"; \
	if [ "$$rc2" -eq 0 ]; then echo "<== $(3): ok in $$took2 s"; \
	else echo "<== $(3): FAILED (exit $$rc2) after $$took2 s"; fi; \
	[ "$$rc1" -eq 0 ] && [ "$$rc2" -eq 0 ] || exit 1
endef

.PHONY: help setup venv compiled test lint unit nbval browser binder-test workshop-smoke soak bench \
        dashboard workshop \
        nbstrip binder-pins binder-links clean

help:
	@echo "make dashboard    serve the notebooks with Voilà on $(HOST):PORT (PORT=$(PORT))"
	@echo "make workshop     the same for a class: make workshop LEARNERS=30 [LESSON=...]"
	@echo "make test         ruff, mypy, docs, unit tests (compiled and pure), nbval, browser, Binder build, OpenSpiel agreement, workshop"
	@echo "make lint         ruff + mypy only"
	@echo "make docs         build the documentation site into build/docs (Sphinx)"
	@echo "make unit | nbval | browser | workshop-smoke | binder-test   one stage of make test"
	@echo "make soak         long randomized engine tests (pytest -m soak)"
	@echo "make bench        run every benchmarks/*.py"
	@echo "make nbstrip      clear outputs and metadata of notebooks/*.ipynb"
	@echo "make binder-pins  rewrite binder/requirements.txt from the dev venv"
	@echo "make setup        venv + editable install + Debian chromium (if missing)"
	@echo "make compiled     build the compiled play step (mypyc; make venv runs it)"
	@echo "make clean        remove the venv, build output, caches and artifacts"
	@echo "make openspiel-check  Oh Hell against OpenSpiel's oh_hell, in .venv-openspiel"

# ------------------------------------------------------------------ setup
setup: venv $(CHROMIUM)
	@:

venv: $(STAMP) $(COMPILED)
	@:

# The compiled hot path (chaitea/core/compiled.py): mypyc builds the play step beside
# its sources when a C compiler is here; without one the kit runs as Python. Rebuilt when a
# compiled module's source changes (a stale build is not loaded: the sources run instead).
compiled: $(COMPILED)
	@:

$(COMPILED): $(STAMP) $(COMPILED_SRC)
	@if command -v cc >/dev/null 2>&1; then \
	  echo "Compiling the play step with mypyc (chaitea/core/compiled.py build, about 15 s)"; \
	  $(PY) chaitea/core/compiled.py build >$(VENV)/compiled.log 2>&1 \
	    || { tail -20 $(VENV)/compiled.log; echo "mypyc build failed (log: $(VENV)/compiled.log)"; exit 1; }; \
	else echo "No C compiler (cc): the kit runs as pure Python"; fi
	@touch $@

$(PY):
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
	  || { echo "Python >= 3.11 needed; $(PYTHON) is $$($(PYTHON) -V 2>&1)"; exit 1; }
	@echo "Creating $(VENV) with $$($(PYTHON) -V 2>&1)"
	@$(PYTHON) -m venv $(VENV) 2>/dev/null || { \
	  rm -rf $(VENV); \
	  echo "python3 -m venv failed: installing Debian's python3-venv (apt-get, needs root)"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv >/dev/null; \
	  $(PYTHON) -m venv $(VENV); }
	@$(PIP_INSTALL) --upgrade pip 2>&1 | { grep -v "$(PIP_NOISE)" || true; }

# Reinstall only when pyproject.toml or the pins changed. The editable install maps the
# folder widgets/ to the package chaitea_widgets through an import hook that
# mypy cannot follow, so mypy gets a symlink under .venv/mypy-path instead.
$(STAMP): pyproject.toml $(PINS) | $(PY)
	@echo "Installing the project (editable) with its dev tools into $(VENV)"
	@$(PIP_INSTALL) $(CONSTRAINTS) -e '.[dev]' 2>&1 | { grep -v "$(PIP_NOISE)" || true; }
	@mkdir -p $(VENV)/mypy-path && ln -sfn ../../widgets $(VENV)/mypy-path/chaitea_widgets
	@touch $@

$(CHROMIUM):
	@echo "Installing Debian's chromium and fonts-dejavu-core (apt-get, needs root)"
	@if [ "$$(id -u)" -ne 0 ]; then echo "run as root, or: sudo apt-get install chromium fonts-dejavu-core"; exit 1; fi
	@apt-get update -qq
	@DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends \
	  chromium fonts-dejavu-core >/dev/null
	@$(CHROMIUM) --version 2>/dev/null

# ------------------------------------------------------------------ checks
# mypy takes packages or files, not both in one run.
MYPY = $(PY) -m mypy -p chaitea -p chaitea_widgets -p tests \
  && $(PY) -m mypy $(wildcard benchmarks/*.py)

# Each stage's command, shared by `make test` and the one-stage targets. Every pytest stage
# runs on both cores (pytest-xdist): nbval keeps a notebook's cells on one worker (loadfile),
# and each browser worker starts its own Voilà server and Chromium.
UNIT     = $(PY) -m pytest -n auto
PURE     = CHAITEA_PURE=1 $(PY) -m pytest -q -n auto $(PURE_TESTS)
NBVAL    = $(PY) -m pytest --nbval-lax --nbval-current-env -n auto --dist loadfile notebooks/
BROWSER  = $(PY) -m pytest -m browser -n 2 tests/browser
WORKSHOP = $(PY) -m pytest -m workshop tests/test_workshop_smoke.py
BINDER   = $(PY) -m pytest -m binder tests/test_binder.py

test: setup
	$(call stage,ruff,$(PY) -m ruff check .)
	$(call stage,mypy,$(MYPY))
	$(call stage,docs,$(SPHINX))
	$(call stage,unit tests,$(UNIT))
	$(call stage,unit tests on pure Python (CHAITEA_PURE=1),$(PURE))
	$(call stage,notebooks (nbval),$(NBVAL))
	$(call stages_side_by_side,browser tests,$(BROWSER),binder build test and OpenSpiel agreement,$(BINDER) && $(MAKE) openspiel-check)
	$(call stage,workshop smoke test,$(WORKSHOP))

lint: venv
	$(call stage,ruff,$(PY) -m ruff check .)
	$(call stage,mypy,$(MYPY))

unit: venv
	$(UNIT)
	$(PURE)

nbval: venv
	$(NBVAL)

browser: setup
	$(BROWSER)

binder-test: venv
	$(BINDER)

workshop-smoke: setup
	$(WORKSHOP)

soak: venv
	$(PY) -m pytest -m soak tests

bench: setup
	@set -- benchmarks/*.py; [ -e "$$1" ] || { echo "no benchmarks/*.py"; exit 1; }; \
	for f in "$$@"; do echo "==> $$f"; $(PY) "$$f"; done

# ------------------------------------------------------------------ docs
# The documentation site (docs/conf.py: Sphinx, MyST, myst-nb, furo), offline: warnings are
# errors (-W), every reference is checked (-n), and each build reads every page afresh (-E:
# an incremental build would not repeat an unchanged page's warnings).
DOCS_OUT := build/docs
SPHINX    = $(PY) -m sphinx -E -W --keep-going -n -q -b html docs $(DOCS_OUT)

.PHONY: docs
docs: venv
	$(call stage,docs,$(SPHINX))
	@echo "The docs: $(DOCS_OUT)/index.html"

# ------------------------------------------------------------------ dashboards
dashboard: venv
	@echo
	@echo "  Chai Tea Jazz dashboards (Ctrl-C stops the server):"
	@echo "    all notebooks:  http://$(HOST):$(PORT)/"
	@$(if $(FIRST_NOTEBOOK),echo "    first notebook: http://$(HOST):$(PORT)/voila/render/$(notdir $(FIRST_NOTEBOOK))",true)
	@echo
	@JUPYTER_PATH=$(CURDIR)/share/jupyter exec $(VENV)/bin/voila notebooks/ --no-browser \
	  --Voila.ip=$(HOST) --port=$(PORT) --Voila.port_retries=0 --template=chaitea

# A class on one machine: the lesson's kernels preheated (a pool of LEARNERS plus spares),
# cell output waited for as long as a loaded machine needs, closed and abandoned pages'
# kernels culled. The settings and their reasons: deploy/workshop/voila.py.
workshop: venv
	@echo
	@echo "  Chai Tea Jazz workshop for $(LEARNERS) learners (Ctrl-C stops the server):"
	@echo "    the lesson:    http://$(WORKSHOP_HOST):$(PORT)/voila/render/$(LESSON)"
	@echo "    all notebooks: http://$(WORKSHOP_HOST):$(PORT)/"
	@echo "  Preheating $(LEARNERS) kernels and more takes about a minute: open the link after"
	@echo "  the log says 'Kernel pool of $(LESSON) is filled'."
	@echo
	@CHAITEA_LEARNERS=$(LEARNERS) CHAITEA_LESSON=$(LESSON) JUPYTER_PATH=$(CURDIR)/share/jupyter \
	  exec $(VENV)/bin/voila notebooks/ \
	  --no-browser --Voila.ip=$(WORKSHOP_HOST) --port=$(PORT) --Voila.port_retries=0 \
	  --Voila.config_file_paths=deploy/workshop --template=chaitea

# ------------------------------------------------------------------ helpers
nbstrip: venv
	$(PY) -m tests.nbclean notebooks/*.ipynb $(wildcard benchmarks/*.ipynb tests/browser/*.ipynb)

binder-pins: venv
	$(PY) -m tests.pins > $(PINS).new && mv $(PINS).new $(PINS)
	@echo "binder/requirements.txt rewritten; run make binder-test"

binder-links:
	@echo "[![Binder: JupyterLab](https://mybinder.org/badge_logo.svg)](https://mybinder.org/v2/gh/$(BINDER_REPO)/HEAD?urlpath=lab)"
	@echo "[![Binder: dashboards](https://mybinder.org/badge_logo.svg)](https://mybinder.org/v2/gh/$(BINDER_REPO)/HEAD?urlpath=voila/tree/notebooks)"

clean:
	rm -rf $(VENV) .venv-openspiel build dist *.egg-info artifacts .mypy_cache .ruff_cache .pytest_cache .hypothesis
	find chaitea -name '*.so' -delete
	find . -name __pycache__ -type d -prune -exec rm -rf {} +

# ------------------------------------------------------------------ OpenSpiel agreement
# Oh Hell against OpenSpiel's oh_hell (tests/openspiel/test_oh_hell_agrees.py), in a venv of
# its own: open-spiel pulls scipy, which stays out of the kit's venv (the solver's cold start).
# The kit runs from this tree (PYTHONPATH; `import chaitea` needs no package beyond the
# standard library); CHAITEA_OPENSPIEL=required makes tests/openspiel/conftest.py import pyspiel,
# so a missing pyspiel fails the run instead of skipping it.
OPENSPIEL_VENV  := .venv-openspiel
OPENSPIEL_PY    := $(OPENSPIEL_VENV)/bin/python
OPENSPIEL_STAMP := $(OPENSPIEL_VENV)/.stamp
OPENSPIEL_PINS  := open-spiel==2.0.2 pytest==9.2.0
OPENSPIEL_TEST   = CHAITEA_OPENSPIEL=required PYTHONPATH=$(CURDIR) $(OPENSPIEL_PY) -m pytest \
  -p no:cacheprovider -q tests/openspiel

.PHONY: openspiel-check
openspiel-check: $(OPENSPIEL_STAMP)
	$(call stage,Oh Hell against OpenSpiel's oh_hell,$(OPENSPIEL_TEST))

$(OPENSPIEL_STAMP):
	@echo "Creating $(OPENSPIEL_VENV) with $(OPENSPIEL_PINS)"
	@$(PYTHON) -m venv $(OPENSPIEL_VENV)
	@$(OPENSPIEL_PY) -m pip install -q --disable-pip-version-check $(OPENSPIEL_PINS) 2>&1 \
	  | { grep -v "$(PIP_NOISE)" || true; }
	@touch $@
