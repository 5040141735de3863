"""ad-cutpaste and ad-patchknn through the shared loop: they learn from OK images, their fitted statistics
live in the checkpoint (parity.json is reproduced from model.pt), and an interrupted run resumes to the
same result as an uninterrupted one."""
import base64
import json

import numpy as np
import pytest
import torch
from PIL import Image

from sightline_trainer import loop
from sightline_trainer.export import parity_input
from sightline_trainer.metrics import auroc
from sightline_trainer.protocol import Cancelled, StopFlag, TrainerError
from sightline_trainer.tasks import adapter_for
from synth import ad_dataset

METHODS = ["ad-cutpaste", "ad-patchknn"]
SIZE = 48


def ad_config(tmp, algorithm, out="model", epochs=3, **params):
    ds, test = ad_dataset(tmp / "data", n_good=40, n_test=20, size=SIZE, seed=1)
    p = {"epochs": epochs, "batchSize": 16, "learningRate": 0.001, "inputSize": SIZE, "grayscale": 1, "width": 8,
         "valSplit": 0.2, "seed": 3, "memoryBank": 256, "patchFeatures": 1}  # learned features; the pixel tests set 2
    p.update(params)
    cfg = {"task": "ad", "algorithm": algorithm, "outDir": str(tmp / out), "params": p, "dataset": ds, "threads": 1}
    return cfg, test


def run(cfg, stop=None):
    return loop.train(cfg, adapter_for("ad", cfg["algorithm"]), stop or StopFlag())


class StopInEpoch(StopFlag):
    """Cancels at the first step after the checkpoint of `epoch` is written, as SIGTERM would."""

    def __init__(self, out, epoch):
        super().__init__()
        self.path, self.epoch = out / "checkpoint.pt", epoch

    def check(self):
        self.stopped = self.path.exists() and torch.load(self.path)["epoch"] + 1 >= self.epoch
        super().check()


@pytest.mark.parametrize("algorithm", METHODS)
def test_learns_from_ok_images_and_parity_comes_from_the_checkpoint(tmp_path, algorithm):
    cfg, test = ad_config(tmp_path, algorithm)
    m = run(cfg)
    assert m["algorithm"] == algorithm and m["outputs"] == ["anomaly_map", "score"]
    assert m["arch"]["name"] == algorithm.split("-")[1] and 0 < m["threshold"] < 1
    out = tmp_path / "model"
    adapter = adapter_for("ad", algorithm)
    adapter.prepare(cfg, StopFlag())
    model = adapter.build()
    model.load_state_dict(torch.load(out / "model.pt")["model"])
    model.eval()
    exp = adapter.export_module(model)
    with torch.no_grad():
        amap, score = exp(parity_input(1, SIZE))
        x = torch.stack([torch.from_numpy(np.array(Image.open(p), dtype=np.float32) / 255) for p, _ in test])
        test_map, test_score = exp(x.unsqueeze(1) * 2 - 1)
    parity = json.loads((out / "parity.json").read_text())["outputs"]
    for name, got in (("anomaly_map", amap), ("score", score)):
        want = np.frombuffer(base64.b64decode(parity[name]["data"]), dtype="<f4").reshape(parity[name]["shape"])
        assert list(got.shape) == parity[name]["shape"]
        assert np.abs(got.numpy() - want).max() < 1e-5
    assert amap.shape == (2, 1, SIZE, SIZE) and float(amap.min()) >= 0 and float(amap.max()) <= 1
    labels = [mask is not None for _, mask in test]
    masks = np.stack([mask if mask is not None else np.zeros((SIZE, SIZE), bool) for _, mask in test])
    assert auroc(test_score, labels) >= 0.8
    assert auroc(test_map.flatten(), torch.from_numpy(masks).flatten()) > 0.8
    assert (out / "model.onnx").stat().st_size > 0


@pytest.mark.parametrize("algorithm", METHODS)
def test_interrupted_run_resumes_to_the_same_model(tmp_path, capsys, algorithm):
    whole = run(ad_config(tmp_path, algorithm, out="whole")[0])
    cfg = ad_config(tmp_path, algorithm, out="cut")[0]
    with pytest.raises(Cancelled):
        run(cfg, StopInEpoch(tmp_path / "cut", 2))
    assert (tmp_path / "cut" / "checkpoint.pt").exists()
    assert torch.load(tmp_path / "cut" / "checkpoint.pt")["epoch"] == 1
    capsys.readouterr()
    resumed = run(cfg)
    events = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [e["epoch"] for e in events if e["event"] == "resumed"] == [2]
    assert len(resumed["history"]) == len(whole["history"])
    assert [h["trainLoss"] for h in resumed["history"]] == pytest.approx([h["trainLoss"] for h in whole["history"]], rel=1e-5)
    assert resumed["threshold"] == pytest.approx(whole["threshold"], rel=1e-4)


def test_patchknn_relearns_only_with_the_same_bank(tmp_path):
    run(ad_config(tmp_path, "ad-patchknn", out="v1", epochs=1)[0])
    cfg = ad_config(tmp_path, "ad-patchknn", out="v2", epochs=1)[0]
    cfg["initFrom"] = str(tmp_path / "v1" / "model.pt")
    assert [h["run"] for h in run(cfg)["history"]] == [1, 2]
    bad = ad_config(tmp_path, "ad-patchknn", out="v3", epochs=1, memoryBank=128)[0]
    bad["initFrom"] = str(tmp_path / "v1" / "model.pt")
    with pytest.raises(TrainerError) as err:
        run(bad)
    assert err.value.code == "RELEARN_MISMATCH"


def test_patchknn_pixel_features_fit_a_bank_without_training_and_find_defects(tmp_path):
    cfg, test = ad_config(tmp_path, "ad-patchknn", epochs=5, patchFeatures=2)
    m = run(cfg)
    assert m["arch"]["features"] == "pixel" and len(m["history"]) == 1  # nothing to train: one fitting epoch
    out = tmp_path / "model"
    ck = torch.load(out / "model.pt")
    assert set(ck["model"]) == {"bank", "scale"}  # the patch extractor is rebuilt, not stored
    adapter = adapter_for("ad", "ad-patchknn")
    adapter.prepare(cfg, StopFlag())
    model = adapter.build()
    model.load_state_dict(ck["model"])
    exp = adapter.export_module(model.eval())
    with torch.no_grad():
        amap, score = exp(parity_input(1, SIZE))
        x = torch.stack([torch.from_numpy(np.array(Image.open(p), dtype=np.float32) / 255) for p, _ in test])
        test_map, test_score = exp(x.unsqueeze(1) * 2 - 1)
    want = json.loads((out / "parity.json").read_text())["outputs"]["score"]
    assert np.abs(score.numpy() - np.frombuffer(base64.b64decode(want["data"]), dtype="<f4")).max() < 1e-5
    assert float(amap.min()) >= 0 and float(amap.max()) <= float(score.max()) + 1e-6 <= 1 + 1e-6
    labels = [mask is not None for _, mask in test]
    assert auroc(test_score, labels) >= 0.8


@pytest.mark.parametrize("scale,code,want", [(0, 0, "pixel"), (-1, 0, "pixel"), (-1, 1, "learned"), (0, 1, "learned")])
def test_patchknn_features_auto_and_chosen(tmp_path, scale, code, want):
    cfg, _ = ad_config(tmp_path, "ad-patchknn", scale=scale, patchFeatures=code)
    adapter = adapter_for("ad", "ad-patchknn")
    adapter.prepare(cfg, StopFlag())
    assert adapter.features == want and adapter.arch.get("features", "learned") == want
