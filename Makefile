# ScanBench — `make help` lists the targets.
SHELL := /bin/bash
.DEFAULT_GOAL := help

# Debian's libtesseract uses OpenMP: without this, one read is 3–4× slower and workers
# oversubscribe the cores. It must be in the environment before the process starts.
export OMP_THREAD_LIMIT := 1

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PACKAGES := pkg-config libtesseract-dev libleptonica-dev libpng-dev tesseract-ocr \
	tesseract-ocr-eng tesseract-ocr-fra tesseract-ocr-ara libxlsxwriter-dev \
	libpango1.0-dev libcairo2-dev fonts-inter fonts-ocr-b fonts-hosny-amiri fonts-noto-core \
	fonts-dejavu-core fonts-liberation2 fonts-open-sans fonts-cantarell libsqlite3-dev
SWIFT ?= swift
BIN_DEBUG := .build/debug/scanbench
BIN := .build/release/scanbench
DATASET ?= Datasets
OUT ?= Reports
WORKERS ?= $(shell nproc)

.PHONY: help setup build build-release test evaluate datasets contact-sheets realism robustness bench history-bench fuzz report-check serve load-test clean

help: ## List the targets
	@grep -hE '^[a-zA-Z_-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  make %-14s %s\n", $$1, $$2}'

setup: ## Install the Debian packages ScanBench needs (no-op when present)
	@missing=$$(dpkg-query -W -f='$${Status} $${Package}\n' $(APT_PACKAGES) 2>/dev/null | awk '$$3=="installed"{print $$4}' | sort | comm -13 - <(tr ' ' '\n' <<<"$(APT_PACKAGES)" | grep -v '^$$' | sort)); \
	if [ -n "$$missing" ]; then \
		echo "installing: $$missing"; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	else echo "setup: all Debian packages present"; fi
	@python3 -c "import openpyxl" 2>/dev/null || python3 -m pip install -q openpyxl

build: setup ## Debug build
	$(SWIFT) build

build-release: setup ## Optimised build (used by evaluate and bench)
	$(SWIFT) build -c release

test: setup ## Run the test suite (what CI runs)
	$(SWIFT) build --build-tests
	@# The server's timing tests run on their own: the other suites block the cooperative
	@# thread pool with long subprocess and OCR work, which would starve their async timers.
	$(SWIFT) test --skip-build --skip ServerTests 2>&1 | tee .build-test.log; exit $${PIPESTATUS[0]}
	$(SWIFT) test --skip-build --filter ServerTests 2>&1 | tee -a .build-test.log; exit $${PIPESTATUS[0]}

evaluate: build-release ## Run the main job on the bundled Datasets/ (one run per kind) and write Reports/
	@set -e; for d in $(DATASET)/synthetic/*/; do \
		kind=$$(basename $$d); preset=auto; [ "$$kind" = permit ] && preset=permit; \
		echo; $(BIN) evaluate --dataset $$d --preset $$preset --workers $(WORKERS) --out $(OUT) --fresh; \
	done

COUNT ?= 30
SEED ?= 1
KINDS := etched screen sticker negative permit

datasets: build-release ## Regenerate Datasets/synthetic (COUNT per kind, SEED); bigger sets: make datasets COUNT=500 DATASET=/tmp/big
	@set -e; for k in $(KINDS); do $(BIN) generate --kind $$k --count $(COUNT) --seed $(SEED) --out $(DATASET)/synthetic/$$k; done

contact-sheets: build-release ## Tile each bundled kind (and the real dev photos) into Reports/contact/*.png
	@mkdir -p $(OUT)/contact; set -e; for k in $(KINDS); do \
		$(BIN) generate --contact-sheet $(OUT)/contact/$$k.png --from $(DATASET)/synthetic/$$k; done; \
	if [ -d ../shared/datasets/real-dev ]; then $(BIN) generate --contact-sheet $(OUT)/contact/real-dev.png --from ../shared/datasets/real-dev; fi

REAL ?= ../shared/datasets/real-dev
REALISM_COUNT ?= 100

realism: build-release ## Measure generated sets beside real photos (REAL) and permits flat vs phone: line heights, row contrast, sharpness, grey (Reports/realism/)
	@mkdir -p $(OUT)/realism
	set -o pipefail; $(BIN) generate --kind etched --count $(REALISM_COUNT) --seed $(SEED) --out $(OUT)/realism/etched \
		--compare-with $(REAL) --compare-json $(OUT)/realism/etched-vs-real.json | tee $(OUT)/realism/etched-vs-real.txt
	$(BIN) generate --kind permit --count $(REALISM_COUNT) --seed $(SEED) --capture flat --out $(OUT)/realism/permit-flat
	$(BIN) generate --kind permit --count $(REALISM_COUNT) --seed $(SEED) --capture phone --out $(OUT)/realism/permit-phone
	set -o pipefail; $(BIN) generate --from $(OUT)/realism/permit-flat --compare-with $(OUT)/realism/permit-phone \
		--compare-json $(OUT)/realism/permit-flat-vs-phone.json | tee $(OUT)/realism/permit-flat-vs-phone.txt

ROBUSTNESS_SETS ?= $(REAL) $(wildcard $(DATASET)/synthetic/*)

robustness: build-release ## Robustness curves (default suite) for the real dev photos and each bundled kind (Reports/robustness_*/)
	@set -e; for d in $(ROBUSTNESS_SETS); do [ -d $$d ] || { echo "skipped $$d: not found"; continue; }; \
		kind=$$(basename $$d); preset=auto; [ "$$kind" = permit ] && preset=permit; \
		echo; $(BIN) robustness --dataset $$d --preset $$preset --workers $(WORKERS) --out $(OUT); \
	done

HISTORY_BENCH ?= $(OUT)/history-bench.sqlite

history-bench: build-release ## Time `history` on a made-up store of 100 runs × 2,000 images (HISTORY_BENCH; not a test)
	@[ -f $(HISTORY_BENCH) ] || $(BIN) history generate --store $(HISTORY_BENCH) --runs 100 --images 2000
	@for c in list trend images "report --out $(OUT)/history-bench"; do \
		TIMEFORMAT="  history $$c: %3R s"; time $(BIN) history $$c --store $(HISTORY_BENCH) > /dev/null || exit 1; done

FUZZ_SECONDS ?= 60
BENCH_DATASET ?= ../shared/datasets/rendered

bench: build-release ## Benchmark latency, stages, 1 vs 2 workers, overhead, CLI peer (Reports/bench.json), then RSS 200 vs 2,000 images
	$(BIN) bench pipelines --out $(OUT)/bench.json
	$(BIN) bench memory --dataset $(BENCH_DATASET) --images 2000 --checkpoint 200

fuzz: setup ## Fuzz the labels parser and the data-URI decoder for FUZZ_SECONDS (property-based, bounded)
	SCANBENCH_FUZZ_SECONDS=$(FUZZ_SECONDS) $(SWIFT) test --filter FuzzTests 2>&1 | tee .build-fuzz.log | grep -E 'fuzz|✔|✘'; exit $${PIPESTATUS[0]}

report-check: build-release ## Render the HTML report in headless Chromium and convert the XLSX with LibreOffice
	@command -v chromium >/dev/null && command -v soffice >/dev/null || \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq chromium libreoffice-calc-nogui
	$(BIN) evaluate --dataset ../shared/datasets/rendered --preset etched --out $(OUT)/check --quiet
	@stem=$$(ls -t $(OUT)/check/eval_*.json | head -1 | sed 's/\.json$$//'); \
	scripts/html_screenshot.sh $$stem.html $$stem.png && \
	scripts/xlsx_to_pdf.sh $$stem.xlsx $(OUT)/check/pdf && echo "report-check: $$stem.png and $(OUT)/check/pdf look fine"

serve: build-release ## Serve the backend's endpoints on http://127.0.0.1:8000 (Ctrl-C stops it)
	$(BIN) serve --host 127.0.0.1 --port 8000 --datasets-root $(DATASET)

LOAD_REQUESTS ?= 20
LOAD_CONCURRENCY ?= 4
LOAD_IMAGES ?= $(DATASET)/synthetic/screen
LOAD_QUERY ?= preset=screen

load-test: build-release ## Bounded (≤ 60 s) loopback load test of /process-serial: errors and latency percentiles
	BIN=$(BIN) REQUESTS=$(LOAD_REQUESTS) CONCURRENCY=$(LOAD_CONCURRENCY) IMAGES=$(LOAD_IMAGES) QUERY=$(LOAD_QUERY) WORKERS=$(WORKERS) scripts/load_test.sh

clean: ## Remove build products
	rm -rf .build .build-*

# make model / model-eval / model-check: the trained serial recognizer (not part of make test).
include training/model.mk
