"""ONNX export plus a parity file: the PyTorch outputs for a fixed input that any runtime can
regenerate (x[i] = sin(0.0073 * i) * 0.9), so the TypeScript side can prove it computes the same."""
import base64
import json
import math

import numpy as np
import torch

PARITY_BATCH = 2


def parity_input(channels, size):
    n = PARITY_BATCH * channels * size * size
    x = np.sin(np.arange(n, dtype=np.float64) * 0.0073) * 0.9
    return torch.from_numpy(x.astype(np.float32).reshape(PARITY_BATCH, channels, size, size))


def _b64(t):
    return base64.b64encode(t.detach().contiguous().numpy().astype("<f4").tobytes()).decode()


def export_onnx(adapter, model, out):
    module = adapter.export_module(model).eval()
    spec = adapter.input_spec()
    dummy = parity_input(spec["channels"], spec["size"])
    names = adapter.output_names
    axes = {"input": {0: "batch"}, **{n: {0: "batch"} for n in names}}
    with torch.no_grad():
        torch.onnx.export(module, dummy, str(out / "model.onnx"), input_names=["input"], output_names=names,
                          dynamic_axes=axes, opset_version=13, do_constant_folding=True)
        outputs = module(dummy)
    if isinstance(outputs, torch.Tensor):
        outputs = (outputs,)
    parity = {"formula": "x[i] = sin(0.0073 * i) * 0.9, float32, NCHW", "shape": list(dummy.shape),
              "outputs": {n: {"shape": list(o.shape), "data": _b64(o)} for n, o in zip(names, outputs)}}
    for o in outputs:
        if not torch.isfinite(o).all():
            from .protocol import TrainerError
            raise TrainerError("MODEL_NOT_FINITE", "The trained network produces non-finite outputs")
    (out / "parity.json").write_text(json.dumps(parity))
