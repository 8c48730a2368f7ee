# Serial recognizer (issue 11), included from the main Makefile.
# `make model` rebuilds Models/serial.traineddata from scratch: synthetic lines, Debian's
# lstmtraining, pack, evaluation. It is not part of `make test`; CI uses the committed model.
# Scratch data goes to $(MODEL_WORK) (under .build/, ignored by git).

MODEL_APT_PACKAGES := tesseract-ocr tesseract-ocr-eng fontconfig fonts-inter fonts-ocr-b \
	fonts-dejavu-core fonts-dejavu-extra fonts-firacode fonts-liberation2 fonts-noto-core fonts-open-sans fonts-roboto \
	fonts-urw-base35 fonts-freefont-ttf
MODEL_PIP_PACKAGES := pillow==13.0.0 numpy==2.4.6
MODEL_WORK ?= .build/model-training
MODEL_DATASETS ?= ../shared/datasets
MODEL_SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: model model-setup model-eval model-check

model-setup: ## Install what `make model` needs (tesseract training tools, fonts, Pillow, NumPy)
	@missing=$$(for p in $(MODEL_APT_PACKAGES); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing: $$missing"; \
		$(MODEL_SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(MODEL_SUDO) apt-get install -y -qq $$missing; \
	fi
	@python3 -c 'import PIL, numpy' 2>/dev/null || python3 -m pip install --quiet $(MODEL_PIP_PACKAGES)

model: model-setup ## Retrain Models/serial.traineddata from scratch (~50 min on 2 shared cores; not a test)
	rm -rf $(MODEL_WORK)
	MODEL_WORK=$(MODEL_WORK) DATASETS=$(MODEL_DATASETS) training/train_model.sh all

model-eval: model-setup ## Re-run the evaluation of the committed model (needs `make model`'s held-out data)
	MODEL_WORK=$(MODEL_WORK) DATASETS=$(MODEL_DATASETS) training/train_model.sh eval

model-check: model-setup ## Smoke test: the committed model reads rendered serials (seconds)
	python3 training/eval/check_model.py Models 10

# Permit-number recognizer (issue 28): Models/permit.traineddata from the permit pipeline's own
# crops of synthetic permits (needs a release build; ~40 min on 2 cores; not a test).
PERMIT_MODEL_WORK ?= .build/permit-model-training
.PHONY: permit-model
permit-model: model-setup build-release ## Retrain Models/permit.traineddata (the permit number re-reader)
	rm -rf $(PERMIT_MODEL_WORK)
	PERMIT_MODEL_WORK=$(PERMIT_MODEL_WORK) SCANBENCH_BIN=$(BIN) training/train_permit_model.sh all
