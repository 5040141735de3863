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


def _with_running_stats(net):
    """A network whose BatchNorms hold non-trivial statistics (a folded BatchNorm must carry them over)."""
    net.train()
    with torch.no_grad():
        for _ in range(3):
            net(torch.randn(4, 1, 32, 32) * 2 + 0.5)
    return net.eval()


def test_validation_copy_folds_batchnorm_and_keeps_the_function():
    from sightline_trainer.models.unet import UNet

    torch.manual_seed(0)
    x = torch.randn(2, 1, 32, 32)
    for net in (Detector(1, 3, 8), UNet(1, 3, 8)):
        net = _with_running_stats(net)
        copy = precision.eval_copy(net, adapter_for("od"))
        assert copy is not net
        assert not any(isinstance(m, torch.nn.modules.batchnorm._BatchNorm) for m in copy.modules())
        with torch.no_grad():
            want, got = net(x), copy(x)
        for w, g in zip(want if isinstance(want, tuple) else (want,), got if isinstance(got, tuple) else (got,)):
            assert torch.allclose(w, g, atol=1e-4)
        assert any(isinstance(m, torch.nn.modules.batchnorm._BatchNorm) for m in net.modules())  # not touched
    plain = Detector(1, 3, 8).eval()
    assert precision.eval_copy(plain, adapter_for("cf")) is plain  # adapters not marked `amp` validate as before


def test_validation_copy_falls_back_to_the_network_fx_cannot_trace():
    class Branchy(torch.nn.Module):
        def __init__(self):
            super().__init__()
            self.conv, self.bn = torch.nn.Conv2d(1, 2, 3), torch.nn.BatchNorm2d(2)

        def forward(self, x):
            y = self.bn(self.conv(x))
            return y if float(y.mean()) > 0 else -y  # data-dependent control flow: not symbolically traceable

    net = Branchy().eval()
    assert precision.eval_copy(net, adapter_for("od")) is net
