"""Trains the PII NER tagger (word + char-CNN + gazetteer features [+ frozen pretrained vectors]
-> BiLSTM -> CRF) and exports ONNX.

Reads models/ner/work/<model name>/{train,valid}.jsonl and meta.json written by build-data.ts (and pretrained.f32
when meta.json names pretrained vectors); writes model.onnx, crf.json and config.json into the model
directory. Run through `bash models/ner/train.sh`.
The CRF is decoded in TypeScript (src/detection/ner/viterbi.ts), so the ONNX graph only emits scores.
"""
import json
import os
import random
import sys
import time

import torch
import torch.nn as nn

# NER_SEED changes only the training draw (initial weights, batch order, dropout), not the data.
SEED = int(os.environ.get("NER_SEED", "20240611"))
# One thread: two OpenMP threads ran ten times slower whenever anything else used the CPU (measured).
torch.set_num_threads(int(os.environ.get("NER_THREADS", "1")))
torch.manual_seed(SEED)
random.seed(SEED)

WORD_DIM = 64
CHAR_DIM = 24
CHAR_FILTERS = 48
HIDDEN = int(os.environ.get("NER_HIDDEN", "96"))
DROPOUT = 0.3
WORD_DROPOUT = 0.15  # share of words swapped for their hashed bucket, as unseen words are at inference
# The same for words inside an entity (default: as any word). Higher values teach the model names it
# has never seen, as most names at inference are.
ENTITY_WORD_DROPOUT = float(os.environ.get("NER_ENTITY_WORD_DROPOUT", str(WORD_DROPOUT)))
# Share of entity tokens whose gazetteer features are cleared: a name need not be on our lists.
GAZETTEER_DROPOUT = float(os.environ.get("NER_GAZETTEER_DROPOUT", "0"))
GAZETTEER_FEATURES = ("first_name", "surname", "place", "country", "org_suffix", "org_word")
gazetteer_columns = []  # indices of GAZETTEER_FEATURES in the model's feature list, set in main()
# Share of tokens whose pretrained vector is replaced by the unknown (zero) row during training, so the
# model copes with words outside the pretrained vocabulary.
PRETRAINED_DROPOUT = float(os.environ.get("NER_PRETRAINED_DROPOUT", "0.1"))
# Width the pretrained vectors are projected to before the LSTM (0: no projection, as pii-ner-v6).
PRETRAINED_PROJECTION = int(os.environ.get("NER_PRETRAINED_PROJECTION", "0"))
BATCH = 64
EPOCHS = int(os.environ.get("NER_EPOCHS", "6"))
LR_DECAY = float(os.environ.get("NER_LR_DECAY", "0.7"))  # per epoch
LR = 3e-3


def quantize_rows(matrix):
    """Per-row affine uint8 quantization: 4x smaller in model.onnx, and training sees exactly the
    values the exported graph will compute."""
    low = matrix.min(dim=1).values
    scale = (matrix.max(dim=1).values - low).clamp(min=1e-8) / 255.0
    codes = torch.round((matrix - low.unsqueeze(1)) / scale.unsqueeze(1)).clamp(0, 255).to(torch.uint8)
    return codes, scale, low


class PretrainedVectors(nn.Module):
    """Frozen word vectors stored as uint8 rows; rows 0 (padding) and 1 (unknown) are zero. With a
    projection (NER_PRETRAINED_PROJECTION), a learned linear map shrinks them before the LSTM."""

    def __init__(self, matrix, projection=0):
        super().__init__()
        codes, scale, low = quantize_rows(matrix)
        zeros = torch.zeros(2, matrix.shape[1], dtype=torch.uint8)
        self.register_buffer("codes", torch.cat([zeros, codes]))
        self.register_buffer("scale", torch.cat([torch.zeros(2), scale]))
        self.register_buffer("low", torch.cat([torch.zeros(2), low]))
        self.projection = nn.Linear(matrix.shape[1], projection, bias=False) if projection else None
        self.dimensions = projection or matrix.shape[1]
        self.baked = None

    def vectors(self, ids):
        return self.codes[ids].float() * self.scale[ids].unsqueeze(-1) + self.low[ids].unsqueeze(-1)

    def forward(self, ids):
        if self.baked is not None:
            return self.baked[ids].float()
        v = self.vectors(ids)
        return self.projection(v) if self.projection is not None else v

    def bake(self, on):
        """For export: vectors frozen and projection linear, so their product is one float16 table and
        the graph does a single lookup."""
        if self.projection is None or not on:
            self.baked = None
            return
        with torch.no_grad():
            rows = torch.arange(self.codes.shape[0]).split(65536)
            self.baked = torch.cat([self.projection(self.vectors(r)) for r in rows]).half()


class Tagger(nn.Module):
    def __init__(self, words, chars, features, labels, pretrained=None):
        super().__init__()
        self.word_embedding = nn.Embedding(words, WORD_DIM, padding_idx=0)
        self.char_embedding = nn.Embedding(chars, CHAR_DIM, padding_idx=0)
        self.char_cnn = nn.Conv1d(CHAR_DIM, CHAR_FILTERS, kernel_size=3, padding=1)
        self.pretrained = PretrainedVectors(pretrained, PRETRAINED_PROJECTION) if pretrained is not None else None
        width = WORD_DIM + CHAR_FILTERS + features + (self.pretrained.dimensions if self.pretrained else 0)
        self.forward_lstm = nn.LSTM(width, HIDDEN, batch_first=True)
        self.backward_lstm = nn.LSTM(width, HIDDEN, batch_first=True)
        self.dropout = nn.Dropout(DROPOUT)
        self.emissions = nn.Linear(2 * HIDDEN, labels)

    def forward(self, word_ids, char_ids, features, lengths, pretrained_ids=None):
        batch, steps, chars = char_ids.shape
        c = self.char_embedding(char_ids.reshape(batch * steps, chars)).transpose(1, 2)
        c = torch.relu(self.char_cnn(c)).max(dim=2).values.reshape(batch, steps, CHAR_FILTERS)
        parts = [self.word_embedding(word_ids), c, features]
        if self.pretrained is not None:
            parts.append(self.pretrained(pretrained_ids))
        x = torch.cat(parts, dim=2)
        x = self.dropout(x)
        # The backward direction reads each sequence reversed within its own length, so padding
        # never flows into real tokens; the same index map (an involution) puts outputs back.
        positions = torch.arange(steps, dtype=torch.int64).unsqueeze(0).expand(batch, steps)
        last = (lengths - 1).unsqueeze(1)
        reverse = torch.where(positions <= last, last - positions, positions)
        gather = reverse.unsqueeze(2).expand(batch, steps, x.shape[2])
        forward_out, _ = self.forward_lstm(x)
        backward_out, _ = self.backward_lstm(torch.gather(x, 1, gather))
        backward_out = torch.gather(backward_out, 1, reverse.unsqueeze(2).expand(batch, steps, HIDDEN))
        h = self.dropout(torch.cat([forward_out, backward_out], dim=2))
        return self.emissions(h)


class Crf(nn.Module):
    def __init__(self, labels, names):
        super().__init__()
        self.start = nn.Parameter(torch.zeros(labels))
        self.end = nn.Parameter(torch.zeros(labels))
        self.transitions = nn.Parameter(torch.zeros(labels, labels))
        # BIO: I-X may only follow B-X or I-X. Large negative init; training keeps them low.
        with torch.no_grad():
            for j, name in enumerate(names):
                if name.startswith("I-"):
                    self.start[j] = -10.0
                    for i, prev in enumerate(names):
                        if prev[2:] != name[2:]:
                            self.transitions[i, j] = -10.0

    def nll(self, emissions, tags, mask):
        batch, steps, _ = emissions.shape
        lengths = mask.sum(1)
        score = self.start[tags[:, 0]] + emissions[:, 0].gather(1, tags[:, :1]).squeeze(1)
        alpha = self.start.unsqueeze(0) + emissions[:, 0]
        for t in range(1, steps):
            m = mask[:, t]
            step = self.transitions[tags[:, t - 1], tags[:, t]] + emissions[:, t].gather(1, tags[:, t : t + 1]).squeeze(1)
            score = score + step * m
            nxt = torch.logsumexp(alpha.unsqueeze(2) + self.transitions.unsqueeze(0) + emissions[:, t].unsqueeze(1), dim=1)
            alpha = torch.where(m.unsqueeze(1) > 0, nxt, alpha)
        last = tags.gather(1, (lengths - 1).long().unsqueeze(1)).squeeze(1)
        score = score + self.end[last]
        log_z = torch.logsumexp(alpha + self.end.unsqueeze(0), dim=1)
        return (log_z - score).mean()

    def decode(self, emissions, length):
        """Viterbi for one sequence (validation only; the runtime decodes in TypeScript)."""
        e = emissions[:length]
        score = self.start + e[0]
        back = []
        for t in range(1, length):
            total = score.unsqueeze(1) + self.transitions
            best, idx = total.max(dim=0)
            back.append(idx)
            score = best + e[t]
        score = score + self.end
        path = [int(score.argmax())]
        for idx in reversed(back):
            path.append(int(idx[path[-1]]))
        return path[::-1]


def read_rows(path, feature_count):
    rows = []
    with open(path, encoding="utf8") as f:
        for line in f:
            r = json.loads(line)
            feats = [[(mask >> i) & 1 for i in range(feature_count)] for mask in r["f"]]
            rows.append((r["w"], r["h"], r["c"], feats, r["y"], r.get("p", [1] * len(r["w"]))))
    return rows


def make_batch(rows, training):
    steps = max(len(r[0]) for r in rows)
    chars = len(rows[0][2][0])
    feature_count = len(rows[0][3][0])
    b = len(rows)
    word_ids = torch.zeros(b, steps, dtype=torch.int64)
    char_ids = torch.zeros(b, steps, chars, dtype=torch.int64)
    features = torch.zeros(b, steps, feature_count)
    tags = torch.zeros(b, steps, dtype=torch.int64)
    mask = torch.zeros(b, steps)
    lengths = torch.zeros(b, dtype=torch.int64)
    pretrained_ids = torch.zeros(b, steps, dtype=torch.int64)
    for i, (w, h, c, f, y, p) in enumerate(rows):
        n = len(w)
        if training:
            p = [1 if random.random() < PRETRAINED_DROPOUT else pi for pi in p]
            w = [
                hb if random.random() < (ENTITY_WORD_DROPOUT if tag else WORD_DROPOUT) else wi
                for wi, hb, tag in zip(w, h, y)
            ]
            if GAZETTEER_DROPOUT > 0:
                f = [
                    [0 if k in gazetteer_columns else v for k, v in enumerate(row)]
                    if tag and random.random() < GAZETTEER_DROPOUT
                    else row
                    for row, tag in zip(f, y)
                ]
        word_ids[i, :n] = torch.tensor(w)
        char_ids[i, :n] = torch.tensor(c)
        features[i, :n] = torch.tensor(f, dtype=torch.float32)
        tags[i, :n] = torch.tensor(y)
        pretrained_ids[i, :n] = torch.tensor(p)
        mask[i, :n] = 1
        lengths[i] = n
    return (word_ids, char_ids, features, lengths, pretrained_ids), tags, mask


def batches(rows, training):
    order = sorted(range(len(rows)), key=lambda i: (len(rows[i][0]), random.random() if training else i))
    groups = [order[i : i + BATCH] for i in range(0, len(order), BATCH)]
    if training:
        random.shuffle(groups)
    for g in groups:
        yield make_batch([rows[i] for i in g], training)


def spans(tags, names):
    out, start, kind = set(), None, None
    for i, t in enumerate(tags + [0]):
        name = names[t]
        if start is not None and not (name.startswith("I-") and name[2:] == kind):
            out.add((start, i, kind))
            start = None
        if name.startswith("B-") or (name.startswith("I-") and start is None):
            start, kind = i, name[2:]
    return out


def evaluate(tagger, crf, rows, names):
    tagger.eval()
    tp = fp = fn = 0
    with torch.no_grad():
        for inputs, tags, _ in batches(rows, False):
            em = tagger(*inputs)
            lengths = inputs[3]
            for i in range(em.shape[0]):
                n = int(lengths[i])
                gold = spans(tags[i, :n].tolist(), names)
                pred = spans(crf.decode(em[i], n), names)
                tp += len(gold & pred)
                fp += len(pred - gold)
                fn += len(gold - pred)
    p = tp / max(tp + fp, 1)
    r = tp / max(tp + fn, 1)
    return {"precision": round(p, 4), "recall": round(r, 4), "f1": round(2 * p * r / max(p + r, 1e-9), 4)}


def export(tagger, crf, meta, model_dir, name, scores):
    tagger.eval()
    b, t, c, f = 2, 7, meta["maxCharsPerToken"], len(meta["features"])
    example = (
        torch.ones(b, t, dtype=torch.int64),
        torch.ones(b, t, c, dtype=torch.int64),
        torch.zeros(b, t, f),
        torch.tensor([t, 3], dtype=torch.int64),
    )
    inputs = ["word_ids", "char_ids", "features", "lengths"]
    axes = {name: {0: "batch", 1: "steps"} for name in ("word_ids", "char_ids", "features", "emissions")}
    axes["lengths"] = {0: "batch"}
    if tagger.pretrained is not None:
        example = example + (torch.ones(b, t, dtype=torch.int64),)
        inputs.append("pretrained_ids")
        axes["pretrained_ids"] = {0: "batch", 1: "steps"}
        tagger.pretrained.bake(True)
    torch.onnx.export(
        tagger,
        example,
        os.path.join(model_dir, "model.onnx"),
        input_names=inputs,
        output_names=["emissions"],
        dynamic_axes=axes,
        opset_version=13,
    )
    if tagger.pretrained is not None:
        tagger.pretrained.bake(False)
    with open(os.path.join(model_dir, "crf.json"), "w") as f_out:
        json.dump(
            {
                "labels": meta["labels"],
                "start": [round(v, 6) for v in crf.start.tolist()],
                "end": [round(v, 6) for v in crf.end.tolist()],
                "transitions": [[round(v, 6) for v in row] for row in crf.transitions.tolist()],
            },
            f_out,
        )
    config = {
        "name": name,
        "format": "word-char-features-bilstm-crf/1",
        "labels": meta["labels"],
        "entityTypes": ["PERSON", "LOCATION", "ORGANIZATION"],
        "features": meta["features"],
        "maxCharsPerToken": meta["maxCharsPerToken"],
        "maxTokensPerWindow": 128,
        "inputs": inputs,
        "output": "emissions",
        "training": {
            "seed": SEED,
            "epochs": EPOCHS,
            "hidden": HIDDEN,
            "lrDecay": LR_DECAY,
            "wordDropout": WORD_DROPOUT,
            "entityWordDropout": ENTITY_WORD_DROPOUT,
            "gazetteerDropout": GAZETTEER_DROPOUT,
            **({"pretrained": meta["pretrained"], "pretrainedDropout": PRETRAINED_DROPOUT, "pretrainedProjection": PRETRAINED_PROJECTION} if "pretrained" in meta else {}),
            "data": meta["data"],
            "validation": scores,
        },
    }
    with open(os.path.join(model_dir, "config.json"), "w") as f_out:
        json.dump(config, f_out, indent=2)


def main():
    model_dir = sys.argv[1]
    name = os.path.basename(os.path.normpath(model_dir))
    work = os.path.join(os.path.dirname(os.path.abspath(__file__)), "work", name)
    with open(os.path.join(work, "meta.json")) as f:
        meta = json.load(f)
    names = meta["labels"]
    feature_count = len(meta["features"])
    gazetteer_columns[:] = [i for i, name in enumerate(meta["features"]) if name in GAZETTEER_FEATURES]
    train = read_rows(os.path.join(work, "train.jsonl"), feature_count)
    valid = read_rows(os.path.join(work, "valid.jsonl"), feature_count)
    limit = int(os.environ.get("NER_TRAIN_LIMIT", "0"))
    if limit:
        train = train[:limit]
    print(f"train {len(train)} valid {len(valid)}", flush=True)

    pretrained = None
    if "pretrained" in meta:
        with open(os.path.join(work, meta["pretrained"]["file"]), "rb") as f_in:
            raw = bytearray(f_in.read())
        pretrained = torch.frombuffer(raw, dtype=torch.float32).reshape(
            meta["pretrained"]["words"], meta["pretrained"]["dimensions"]
        )
        print(f"pretrained vectors {tuple(pretrained.shape)} from {meta['pretrained']['source']}", flush=True)
    tagger = Tagger(meta["wordVocabularySize"], meta["charVocabularySize"], feature_count, len(names), pretrained)
    crf = Crf(len(names), names)
    params = list(tagger.parameters()) + list(crf.parameters())
    optimizer = torch.optim.Adam(params, lr=LR)
    scheduler = torch.optim.lr_scheduler.LambdaLR(optimizer, lambda epoch: LR_DECAY**epoch)
    best, best_state = -1.0, None
    for epoch in range(EPOCHS):
        tagger.train()
        started = time.time()
        total, count = 0.0, 0
        for inputs, tags, mask in batches(train, True):
            optimizer.zero_grad()
            loss = crf.nll(tagger(*inputs), tags, mask)
            loss.backward()
            nn.utils.clip_grad_norm_(params, 5.0)
            optimizer.step()
            total += float(loss)
            count += 1
            if count % 500 == 0:
                print(f"  epoch {epoch + 1} batch {count} loss {total / count:.4f} {time.time() - started:.0f}s", flush=True)
        scheduler.step()
        scores = evaluate(tagger, crf, valid, names)
        print(f"epoch {epoch + 1} loss {total / max(count, 1):.4f} valid {scores} {time.time() - started:.0f}s", flush=True)
        if scores["f1"] > best:
            # Export every improvement, so an interrupted run still leaves the best model so far.
            best = scores["f1"]
            export(tagger, crf, meta, model_dir, name, dict(scores, epoch=epoch + 1))
            print(f"exported {model_dir} (epoch {epoch + 1})", flush=True)


if __name__ == "__main__":
    main()
