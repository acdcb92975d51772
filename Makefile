# UaC Desktop — `make run` opens the app on the demo profile, `make test` runs the whole suite.
SHELL := /bin/bash
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
UAC := $(VENV)/bin/uac
STAMP := $(VENV)/.installed
MODEL_STAMP := $(VENV)/.model
DEMO_HOME ?= $(HOME)/.local/share/uac-desktop-demo
APT_PACKAGES := bubblewrap libseccomp2 xvfb dbus dbus-x11 dunst x11-utils libxcb-icccm4 libxcb-keysyms1 libxcb-cursor0 libxkbcommon-x11-0 libegl1 libgl1 libfontconfig1 libdbus-1-3
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: install model system-deps run test fuzz lint bench bench-extract bench-rules bench-stated-rules bench-collections bench-ask bench-ask-independent bench-recall bench-checkpoint bench-crash bench-gui bench-import screenshots clean

$(PY):
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip

# llama.cpp is built from source for this CPU, without AMX: a virtual machine can report AMX in its
# CPU flags without granting the tile state, and the first matrix multiply then dies of a general
# protection fault (seen here: `ldtilecfg` in libggml-cpu). The wheel is built once per CPU and kept,
# since pip's own cache cannot tell builds with different flags apart.
LLAMA_VERSION := $(shell sed -n 's/.*"llama-cpp-python==\([0-9.]*\)".*/\1/p' pyproject.toml | head -1)
LLAMA_NO_AMX := -mno-amx-tile -mno-amx-int8 -mno-amx-bf16
LLAMA_CMAKE := -DGGML_NATIVE=ON -DCMAKE_C_FLAGS='$(LLAMA_NO_AMX)' -DCMAKE_CXX_FLAGS='$(LLAMA_NO_AMX)'
CPU_ID := $(shell (grep -m1 '^flags' /proc/cpuinfo 2>/dev/null || uname -m) | md5sum | cut -c1-10)
LLAMA_WHEELS := $(HOME)/.cache/uac-desktop/wheels/llama-cpp-python-$(LLAMA_VERSION)-noamx-$(CPU_ID)
LLAMA_STAMP := $(VENV)/.llama-$(LLAMA_VERSION)-noamx

$(LLAMA_STAMP): pyproject.toml | $(PY)
	@ls $(LLAMA_WHEELS)/llama_cpp_python-*.whl >/dev/null 2>&1 || { \
	  echo "building llama-cpp-python $(LLAMA_VERSION) for this CPU (about 3-7 min on 2 cores)"; \
	  CMAKE_ARGS="$(LLAMA_CMAKE)" $(PY) -m pip wheel -q --no-cache-dir --no-deps -w $(LLAMA_WHEELS) "llama-cpp-python==$(LLAMA_VERSION)"; }
	$(PY) -m pip install -q --force-reinstall --no-deps $(LLAMA_WHEELS)/llama_cpp_python-*.whl
	touch $(LLAMA_STAMP)

$(STAMP): pyproject.toml $(LLAMA_STAMP) | $(PY)
	$(PY) -m pip install -e '.[test]'
	touch $(STAMP)

$(MODEL_STAMP): engine/llm/catalog.py | $(STAMP)
	$(UAC) model install
	touch $(MODEL_STAMP)

install: $(STAMP) $(MODEL_STAMP)

model: $(MODEL_STAMP)

# System packages: the rule wall (bubblewrap, libseccomp) and the GUI tests (Xvfb, a D-Bus daemon, a notification server).
system-deps:
	@missing=""; for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; fi

run: install
	@$(PY) -c "import sys; from app.main import NO_DISPLAY, has_display; has_display() or sys.exit(print(NO_DISPLAY, file=sys.stderr) or 2)"
	$(UAC) --home "$(DEMO_HOME)" demo
	$(UAC) --home "$(DEMO_HOME)" gui $(ARGS)

lint: $(STAMP)
	$(VENV)/bin/ruff check .

test: install system-deps lint
	$(PY) -m pytest -q -ra

# The generated-code property tests with many more examples than the suite runs.
fuzz: install
	UAC_FUZZ_EXAMPLES=$${UAC_FUZZ_EXAMPLES:-500} $(PY) -m pytest -q tests/engine/project/test_generated_code_fuzz.py

bench: bench-extract bench-rules bench-stated-rules bench-collections bench-ask bench-ask-independent bench-recall bench-checkpoint bench-crash bench-gui bench-import

bench-extract: install
	$(PY) -m benchmarks.extraction $(ARGS)

bench-rules: install
	$(PY) -m benchmarks.rules $(ARGS)

# rules stated in the user's words (and decoys that must make none), written by someone who never saw the code
bench-stated-rules: install
	$(PY) -m benchmarks.rules.stated $(ARGS)

# records of kinds no built-in frame covers: do they reach a typed collection, are questions over them answered
bench-collections: install
	$(PY) -m benchmarks.collections $(ARGS)

bench-ask: install
	$(PY) -m benchmarks.ask

# questions over other people's record files, written by someone who never saw the code (ARGS: --set fresh, --part holdout, --no-model)
bench-ask-independent: install
	$(PY) -m benchmarks.ask.independent $(ARGS)

# Recall over long multi-session conversations (token F1), e.g. ARGS="--part tune --verbose"
bench-recall: install
	$(PY) -m benchmarks.recall $(ARGS)

bench-checkpoint: install
	$(PY) -m benchmarks.checkpoint

# kill -9 at random points of ingest, checkpoint, import and forget; what must survive, survives
bench-crash: install
	$(PY) -m benchmarks.crash $(ARGS)

bench-gui: install
	$(PY) -m benchmarks.gui

bench-import: install
	$(PY) -m benchmarks.importer $(ARGS)

screenshots: install
	QT_QPA_PLATFORM=offscreen $(PY) -m app.shots resources/screenshots

clean:
	rm -rf $(VENV) build *.egg-info .pytest_cache
