"""The click-segmentation fine-tune (segment_refine.py): the shipped default's PyTorch state matches the
shipped ONNX pair, and a short refinement on a few images with masks beats the default on held-out ones."""
import json
import math
from pathlib import Path

import numpy as np
import torch
from PIL import Image

from sightline_trainer import segment_click as sc
from sightline_trainer import segment_refine as sr
from sightline_trainer.onnx_weights import initializers

SHIPPED = Path(__file__).resolve().parents[3] / "apps/web/public/models/segment"


def test_default_checkpoint_is_the_shipped_pair():
    enc, dec = sr.load_pair()
    for net, file in ((enc, "encoder.onnx"), (dec, "decoder.onnx")):
        weights = initializers(SHIPPED / file)
        for k, v in net.state_dict().items():
            assert np.array_equal(v.numpy(), weights[k].reshape(v.shape)), k


def test_parts_splits_a_mask_into_connected_objects():
    m = torch.zeros(sc.SIZE, sc.SIZE)
    m[10:20, 10:20] = 1
    m[50:70, 60:64] = 1
    m[100, 100] = 1  # too small to click on
    parts = sr.parts(m)
    assert [int(p.sum()) for p in parts] == [100, 80]


def scratches(dirpath: Path, n: int, seed=0, size=160):
    """Grainy grey surfaces with long, faint dark scratches (a domain the generated scenes lack)."""
    rng = np.random.default_rng(seed)
    ys, xs = np.mgrid[0:size, 0:size] + 0.5
    items = []
    for i in range(n):
        low = np.kron(rng.uniform(-0.06, 0.06, (5, 5)), np.ones((size // 5 + 1, size // 5 + 1)))[:size, :size]
        img = 0.45 + rng.uniform(-0.1, 0.1) + low + rng.normal(0, 0.05, (size, size))
        mask = np.zeros((size, size), bool)
        for _ in range(rng.integers(1, 3)):
            cx, cy = rng.uniform(0.2, 0.8, 2) * size
            a = rng.uniform(0, math.pi)
            rx, ry = rng.uniform(0.15, 0.3) * size, rng.uniform(0.025, 0.05) * size
            u = (xs - cx) * math.cos(a) + (ys - cy) * math.sin(a)
            v = -(xs - cx) * math.sin(a) + (ys - cy) * math.cos(a)
            mask |= (u / rx) ** 2 + (v / ry) ** 2 <= 1
        img = np.where(mask, img - 0.12, img)
        rgb = np.clip(np.stack([img, img * 0.98, img * 0.95], -1) * 255, 0, 255).astype(np.uint8)
        Image.fromarray(rgb).save(dirpath / f"img{i}.png")
        Image.fromarray((mask * 255).astype(np.uint8)).save(dirpath / f"mask{i}.png")
        items.append({"image": str(dirpath / f"img{i}.png"), "masks": [str(dirpath / f"mask{i}.png")]})
    (dirpath / "data.json").write_text(json.dumps({"items": items}))
    return dirpath / "data.json"


def test_refined_pair_beats_the_default_on_held_out_images(tmp_path):
    data = scratches(tmp_path, 12)
    lines = []
    meta = sr.run(data, tmp_path / "out", seconds=60, max_steps=40, holdout=4, emit=lines.append)
    events = [json.loads(x) for x in lines]
    assert events[-1]["event"] == "finished" and any(e["event"] == "progress" for e in events)
    assert meta["train_images"] == 8 and meta["holdout_images"] == 4 and meta["steps"] == 40
    print("held-out IoU default", meta["iou_before"], "refined", meta["iou_after"])
    assert meta["iou_after"] > meta["iou_before"] + 0.02
    # The same encoder/decoder contract as the default pair.
    for f in ("encoder.onnx", "decoder.onnx", "segment.json"):
        assert (tmp_path / "out" / f).stat().st_size > 0
    saved = json.loads((tmp_path / "out" / "segment.json").read_text())
    assert saved["input_size"] == 128 and saved["embedding"] == [1, 32, 32, 32] and saved["mask_size"] == 256
    assert set(initializers(tmp_path / "out" / "decoder.onnx")) >= set(sc.Decoder().state_dict())
