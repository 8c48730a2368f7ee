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
	fonts-dejavu-core fonts-dejavu-extra fonts-liberation2 fonts-open-sans fonts-cantarell libsqlite3-dev
SWIFT ?= swift
BIN_DEBUG := .build/debug/scanbench
BIN := .build/release/scanbench
DATASET ?= Datasets
OUT ?= Reports
# The cores: `nproc` counts OMP_THREAD_LIMIT / OMP_NUM_THREADS as a limit, and a shell that
# followed the advice above (OMP_THREAD_LIMIT=1) would make every run single-worker.
WORKERS ?= $(shell env -u OMP_THREAD_LIMIT -u OMP_NUM_THREADS nproc)

.PHONY: help setup build build-release test evaluate datasets contact-sheets realism robustness bench history-bench fuzz report-check serve load-test fuzz-server load-test-server clean

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

# The failed tests of a `swift test` log, one line each: where each issue was recorded.
test_failures = { echo "--- failures (whole log: $(1)) ---"; grep -aE '^✘ Test .*(recorded an issue|failed after)' $(1) | cut -c1-300 | tail -n 16; }

# The tests' temporary folders (datasets, runs, stores they make) go here, not to /tmp: emptied
# when a run starts, removed when it passes, kept after a failure to look at.
TEST_TMP := $(CURDIR)/.build/test-tmp

test: setup ## Run the test suite (what CI runs)
	$(SWIFT) build --build-tests
	rm -rf $(TEST_TMP) && mkdir -p $(TEST_TMP)
	@# The server's timing tests run on their own: the other suites block the cooperative
	@# thread pool with long subprocess and OCR work, which would starve their async timers.
	@# A failed run ends with its failures (CI shows only the end of the output).
	TMPDIR=$(TEST_TMP) $(SWIFT) test --skip-build --skip ServerTests 2>&1 | tee .build-test.log; rc=$${PIPESTATUS[0]}; \
		[ $$rc = 0 ] || $(call test_failures,.build-test.log); exit $$rc
	TMPDIR=$(TEST_TMP) $(SWIFT) test --skip-build --filter ServerTests 2>&1 | tee .build-test-server.log; rc=$${PIPESTATUS[0]}; \
		[ $$rc = 0 ] || $(call test_failures,.build-test-server.log); exit $$rc
	rm -rf $(TEST_TMP)

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
# Fresh sets for the headline figures: drawn with BENCH_SEED, a seed nobody tuned on (pass a
# new one for a new headline), BENCH_COUNT images of each kind, kept under OUT/bench-sets.
BENCH_SEED ?= 250017
BENCH_COUNT ?= 60
BENCH_KINDS := etched:etched screen:screen sticker:sticker negative:auto permit:permit
BENCH_SHARED := $(foreach s,real-dev:auto rendered:etched,$(if $(wildcard ../shared/datasets/$(firstword $(subst :, ,$(s)))),--set $(firstword $(subst :, ,$(s)))=../shared/datasets/$(s)))

bench: build-release ## Benchmark fresh sets (BENCH_SEED), real-dev, rendered: latency, stages, 1 vs 2 workers, tesseract CLI peer (OUT/bench.json), then RSS 200 vs 2,000 images
	@for ks in $(BENCH_KINDS); do k=$${ks%%:*}; d=$(OUT)/bench-sets/$$k-$(BENCH_SEED); \
		[ -f $$d/labels.csv ] || $(BIN) generate --kind $$k --count $(BENCH_COUNT) --seed $(BENCH_SEED) --out $$d >/dev/null || exit 1; done
	$(BIN) bench pipelines $(foreach ks,$(BENCH_KINDS),--set fresh-$(firstword $(subst :, ,$(ks)))=$(OUT)/bench-sets/$(firstword $(subst :, ,$(ks)))-$(BENCH_SEED):$(lastword $(subst :, ,$(ks)))) \
		$(BENCH_SHARED) --out $(OUT)/bench.json
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

# The server started on loopback (a free port) for fuzz-server and load-test-server: over a
# datasets root holding FUZZ_IMAGES images of $(LOAD_IMAGES) (as synthetic/screen, the folder the
# document's /evaluate example names), with an API key; $$port, $$pid and $$work are set after it.
define start_server
	work=$$(mktemp -d); pid=""; \
	trap 'if [ -n "$$pid" ]; then kill $$pid 2>/dev/null; wait $$pid 2>/dev/null; fi; rm -rf "$$work"' EXIT; \
	mkdir -p "$$work/Datasets/synthetic/screen"; \
	ls $(LOAD_IMAGES)/*.jpg | head -$(FUZZ_IMAGES) | xargs -I{} cp {} "$$work/Datasets/synthetic/screen/"; \
	head -$$(($(FUZZ_IMAGES) + 1)) $(LOAD_IMAGES)/labels.csv >"$$work/Datasets/synthetic/screen/labels.csv"; \
	$(BIN) serve --host 127.0.0.1 --port 0 --datasets-root "$$work/Datasets" --reports-dir "$$work/reports" \
		--api-key "$(SERVER_KEY)" --workers $(WORKERS) --queue-size $(SERVER_QUEUE) >"$$work/server.log" 2>&1 & pid=$$!; \
	port=""; for _ in $$(seq 100); do \
		port=$$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9]*\).*|\1|p' "$$work/server.log" | head -1); \
		[ -n "$$port" ] && break; sleep 0.1; done; \
	[ -n "$$port" ] || { echo "server did not start:"; cat "$$work/server.log"; exit 1; }
endef

FUZZ_IMAGES ?= 3
SERVER_KEY ?= scanbench-fuzz-key
SERVER_QUEUE ?= 32
FUZZ_SERVER_EXAMPLES ?= 25
FUZZ_SERVER_SEED ?= 1
FUZZ_SERVER_LIMIT ?= 900
OPENAPI := Sources/Server/Resources/openapi.json

# One schemathesis worker: with two threads, CPython 3.11's ast.parse (hypothesis describing its
# lambdas) races and raises SystemError "AST constructor recursion depth mismatch"
# (python/cpython#106905), an error of the fuzzer's own that failed the target.
fuzz-server: build-release ## Serve on loopback, fuzz it with schemathesis against /openapi.json (bounded: FUZZ_SERVER_EXAMPLES per operation and phase, FUZZ_SERVER_LIMIT s), stop it
	@python3 -c "import schemathesis" 2>/dev/null || python3 -m pip install -q schemathesis
	@mkdir -p $(OUT)/fuzz-server
	@set -euo pipefail; $(start_server); \
	printf '%s\n' \
		'# Outcomes that depend on the bytes of a schema-valid body (is it a decodable image? a' \
		'# permit? is there text on it?) or on two parameters together (date_from after date_to),' \
		'# which no JSON Schema can express: still accepted answers to schema-valid requests.' \
		'[[operations]]' \
		'include-operation-id = ["processSerial", "scan"]' \
		'checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "404", "413", "415", "422", "503"]' \
		'[[operations]]' \
		'include-operation-id = "permit"' \
		'checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "404", "413", "422", "503"]' \
		'[[operations]]' \
		'include-operation-id = "export"' \
		'checks.positive_data_acceptance.expected-statuses = ["2xx", "400", "401", "404"]' >"$$work/schemathesis.toml"; \
	curl -sf "http://127.0.0.1:$$port/openapi.json" -o "$$work/served.json"; \
	cmp -s "$$work/served.json" $(OPENAPI) || { echo "fuzz-server: /openapi.json is not $(OPENAPI)"; exit 1; }; \
	echo "fuzz-server: schemathesis $$(python3 -c 'import schemathesis; print(schemathesis.__version__)') with $(OPENAPI) (= /openapi.json) against http://127.0.0.1:$$port"; \
	status=0; reports=$(CURDIR)/$(OUT)/fuzz-server; \
	(cd "$$work" && timeout $(FUZZ_SERVER_LIMIT) python3 -m schemathesis.cli --no-color --config-file schemathesis.toml run served.json \
		--url "http://127.0.0.1:$$port" -H "Authorization: Bearer $(SERVER_KEY)" --checks all \
		--max-examples $(FUZZ_SERVER_EXAMPLES) --seed $(FUZZ_SERVER_SEED) --request-timeout 120 --max-response-time 120 --workers 1 \
		--report junit,har --report-dir "$$reports") 2>&1 | tee $(OUT)/fuzz-server/schemathesis.txt || status=$$?; \
	[ $$status -ne 124 ] || echo "fuzz-server: schemathesis did not finish within $(FUZZ_SERVER_LIMIT) s (a hang?)"; \
	kill -0 $$pid 2>/dev/null || { echo "fuzz-server: the server died"; tail -20 "$$work/server.log"; status=1; }; \
	python3 -c 'import glob, json, os, collections; \
		har = max(glob.glob("$(OUT)/fuzz-server/har-*.json"), key=os.path.getmtime); \
		entries = json.load(open(har))["log"]["entries"]; \
		statuses = collections.Counter(e["response"]["status"] for e in entries); \
		print("fuzz-server: %d requests sent; by status: %s" % (len(entries), " ".join("%s=%d" % kv for kv in sorted(statuses.items())))); \
		print("fuzz-server: 5xx answers: %d" % sum(n for s, n in statuses.items() if s >= 500))'; \
	grep -E 'Selected:|Tested:|Failures:|ST[0-9]+ |test cases|generated|passed|failures? in' $(OUT)/fuzz-server/schemathesis.txt | sed 's/^ */fuzz-server: /' || true; \
	exit $$status

LOAD_SERVER_REQUESTS ?= 400
LOAD_SERVER_CONCURRENCY ?= 16
LOAD_SERVER_SLOW ?= 20
LOAD_SERVER_SLOW_PAUSE ?= 0.5
LOAD_SERVER_OVERSIZE ?= 10
LOAD_SERVER_LIMIT ?= 900

load-test-server: build-release ## Loopback load: LOAD_SERVER_REQUESTS uploads at LOAD_SERVER_CONCURRENCY, with LOAD_SERVER_SLOW trickled (1 KB per LOAD_SERVER_SLOW_PAUSE s → 408) and LOAD_SERVER_OVERSIZE oversized (→ 413) uploads alongside; statuses, p50/p99, RSS
	@set -euo pipefail; $(start_server); \
	rss() { awk '/VmRSS/ {print $$2}' /proc/$$pid/status; }; \
	auth="Authorization: Bearer $(SERVER_KEY)"; url="http://127.0.0.1:$$port/process-serial?$(LOAD_QUERY)"; \
	mapfile -t files < <(ls $(LOAD_IMAGES)/*.jpg); \
	for i in $$(seq 0 $$(($(LOAD_SERVER_REQUESTS) - 1))); do echo "$${files[$$((i % $${#files[@]}))]}"; done >"$$work/list"; \
	head -c $$((11 * 1048576)) /dev/zero >"$$work/oversize.jpg"; \
	echo "load-test-server: $(LOAD_SERVER_REQUESTS) uploads at concurrency $(LOAD_SERVER_CONCURRENCY), $(WORKERS) workers, queue $(SERVER_QUEUE), + $(LOAD_SERVER_SLOW) uploads trickled 1 KB per $(LOAD_SERVER_SLOW_PAUSE) s, + $(LOAD_SERVER_OVERSIZE) of 11 MB; $$url"; \
	head -$$(($(WORKERS) * 2)) "$$work/list" | xargs -P $(WORKERS) -I{} curl -s -o /dev/null -H "$$auth" -F 'image=@{}' "$$url"; \
	rss_before=$$(rss); \
	slow_upload() { exec 3<>/dev/tcp/127.0.0.1/$$port || { echo "000 0"; return; }; trap '' PIPE; \
		local t0 size code=000 line i; t0=$$(date +%s.%N); size=$$(stat -c %s "$$1"); \
		printf 'POST /process-serial?$(LOAD_QUERY) HTTP/1.1\r\nHost: 127.0.0.1\r\n%s\r\nContent-Type: image/jpeg\r\nContent-Length: %d\r\n\r\n' "$$auth" "$$size" >&3; \
		for ((i = 0; i * 1024 < size; i++)); do \
			if read -r -t $(LOAD_SERVER_SLOW_PAUSE) -u 3 line; then code=$$(awk '{print $$2}' <<<"$$line"); break; fi; \
			dd if="$$1" bs=1024 skip=$$i count=1 2>/dev/null >&3 || break; done; \
		[ "$$code" != 000 ] || { read -r -t 10 -u 3 line && code=$$(awk '{print $$2}' <<<"$$line"); } || true; \
		echo "$$code $$(echo "$$(date +%s.%N) - $$t0" | bc)"; exec 3<&-; }; \
	(for _ in $$(seq $(LOAD_SERVER_SLOW)); do slow_upload "$${files[0]}" & done; wait) >"$$work/slow" & slow=$$!; \
	seq $(LOAD_SERVER_OVERSIZE) | xargs -P 2 -I{} curl -s -o /dev/null --max-time 60 -H "$$auth" -w '%{http_code} %{time_total}\n' \
		-F "image=@$$work/oversize.jpg" "$$url" >"$$work/oversize" & big=$$!; \
	(while kill -0 $$pid 2>/dev/null; do rss >>"$$work/rss"; sleep 10; done) & sampler=$$!; \
	start=$$(date +%s.%N); \
	timeout $(LOAD_SERVER_LIMIT) xargs -P $(LOAD_SERVER_CONCURRENCY) -I{} curl -s -o /dev/null --max-time 120 -H "$$auth" \
		-w '%{http_code} %{time_total}\n' -F 'image=@{}' "$$url" <"$$work/list" >"$$work/results" || true; \
	wall=$$(echo "$$(date +%s.%N) - $$start" | bc); \
	wait $$slow $$big || true; \
	rss_after=$$(rss); kill $$sampler 2>/dev/null || true; \
	printf 'load-test-server: %d of %d uploads answered in %.1f s (%.2f/s)\n' "$$(wc -l <"$$work/results")" $(LOAD_SERVER_REQUESTS) "$$wall" "$$(echo "$$(wc -l <"$$work/results") / $$wall" | bc -l)"; \
	for kind in results slow oversize; do printf 'load-test-server: %-8s status:' "$$kind"; awk '{print $$1}' "$$work/$$kind" | sort | uniq -c | awk '{printf " %s=%s", $$2, $$1}'; echo; done; \
	awk '{printf "%.1f\n", $$2 * 1000}' "$$work/results" | sort -n | awk '{ t[NR] = $$1 } END { if (NR == 0) exit; \
		split("50 90 99", ps, " "); printf "load-test-server: uploads latency ms:"; \
		for (i = 1; i <= 3; i++) { k = int(ps[i] / 100 * NR + 0.999); if (k < 1) k = 1; printf " p%s=%.0f", ps[i], t[k] } printf " max=%.0f\n", t[NR] }'; \
	awk '{printf "%.1f\n", $$2}' "$$work/slow" | sort -n | awk '{ t[NR] = $$1 } END { if (NR) printf "load-test-server: slow uploads cut after %.1f–%.1f s\n", t[1], t[NR] }'; \
	echo "load-test-server: server RSS $$((rss_before / 1024)) MB after warm-up, $$((rss_after / 1024)) MB after the load; every 10 s (MB):" \
		$$(awk '{printf "%d ", $$1 / 1024}' "$$work/rss"); \
	errors=$$(( $$(awk '$$1 != 200 && $$1 != 422' "$$work/results" | wc -l) + $$(awk '$$1 != 408' "$$work/slow" | wc -l) \
		+ $$(awk '$$1 != 413' "$$work/oversize" | wc -l) + $(LOAD_SERVER_REQUESTS) - $$(wc -l <"$$work/results") )); \
	echo "load-test-server: errors (uploads not 200/422, slow not 408, oversized not 413, or unanswered): $$errors"; \
	kill -0 $$pid 2>/dev/null || { echo "load-test-server: the server died"; exit 1; }; \
	[ "$$errors" -eq 0 ]

clean: ## Remove build products
	rm -rf .build .build-*

# make model / model-eval / model-check: the trained serial recognizer; make permit-model: the permit
# number re-reader (neither is part of make test).
include training/model.mk
