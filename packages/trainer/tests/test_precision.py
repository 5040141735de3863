"""Training in bfloat16 and channels-last layout (precision.py): who gets it, and a model trained that way keeps
and exports float32 weights in the default layout (the parity outputs the TypeScript tests compare the ONNX
graph with come from those weights)."""
import base64
import json

import numpy as np
import pytest
import torch

from sightline_trainer import loop, precision
from sightline_trainer.export import parity_input
from sightline_trainer.models.detector import Detector, DetectorExport
from sightline_trainer.protocol import StopFlag
from sightline_trainer.tasks import adapter_for

from test_tiling import _images


def test_only_marked_adapters_on_bf16_cpus_train_in_bf16(monkeypatch):
    monkeypatch.setenv("SIGHTLINE_TRAIN_PRECISION", "bf16")
    assert precision.train_precision(adapter_for("od")) == "bf16"
    assert precision.train_precision(adapter_for("sg")) == "bf16"
    assert precision.train_precision(adapter_for("cf")) == "fp32"  # not marked: float32 everywhere
    monkeypatch.setenv("SIGHTLINE_TRAIN_PRECISION", "fp32")
    assert precision.train_precision(adapter_for("od")) == "fp32"
    with precision.forward_context("bf16"):
        y = torch.nn.Conv2d(1, 2, 3)(torch.ones(1, 1, 5, 5))
    assert y.dtype == torch.bfloat16


@pytest.mark.parametrize("mode", ["bf16", "fp32"])
def test_detector_trained_in_bf16_and_channels_last_exports_float32_with_parity(tmp_path, monkeypatch, mode):
    monkeypatch.setenv("SIGHTLINE_TRAIN_PRECISION", mode)
    items = _images(tmp_path)
    p = {"epochs": 2, "batchSize": 8, "learningRate": 0.003, "inputSize": 32, "scale": 0, "grayscale": 1, "width": 8,
         "patience": 5, "valSplit": 0.25, "seed": 1}
    out = tmp_path / "od"
    cfg = {"task": "od", "outDir": str(out), "params": p, "threads": 1,
           "dataset": {"classes": [{"name": "spot"}], "items": items}}
    m = loop.train(cfg, adapter_for("od"), StopFlag())
    assert m["trainer"]["precision"] == mode
    state = torch.load(out / "model.pt")["model"]
    assert all(v.dtype != torch.bfloat16 and (v.dim() < 4 or v.is_contiguous()) for v in state.values())
    parity = json.loads((out / "parity.json").read_text())
    net = Detector(1, 1, 8)
    net.load_state_dict(state)
    with torch.no_grad():
        want = DetectorExport(net.eval(), "")(parity_input(1, 32))
    for name, w in zip(m["outputs"], want):
        got = np.frombuffer(base64.b64decode(parity["outputs"][name]["data"]), "<f4").reshape(w.shape)
        assert np.allclose(got, w.numpy(), atol=1e-5)
