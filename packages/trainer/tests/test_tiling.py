"""Native-resolution tiles in the trainer: the grid, boxes seen through a tile, auto scale, and tiled od/sg
training end to end on small non-square images larger than one tile."""
import numpy as np
import torch
from PIL import Image

from sightline_trainer import loop
from sightline_trainer.protocol import StopFlag
from sightline_trainer.tasks import adapter_for
from sightline_trainer.tasks.od import clip_boxes
from sightline_trainer.tiling import auto_scale, grid, origins, to_padded_tensor


def test_grid_covers_with_overlap_and_pads_small_images():
    assert origins(20, 32, 8) == [0]
    o = origins(100, 32, 8)
    assert o[0] == 0 and o[-1] == 68 and all(o[i - 1] + 32 - o[i] >= 8 for i in range(1, len(o)))
    t = to_padded_tensor(Image.new("L", (20, 10), 7), 32)
    assert t.shape == (1, 32, 32) and int(t[0, 0, 0]) == 7 and int(t[0, 31, 31]) == 128
    tiles, where = grid(torch.zeros(1, 50, 100, dtype=torch.uint8), 32, 8)
    assert tiles.shape[1:] == (1, 32, 32) and len(where) == len(origins(100, 32, 8)) * len(origins(50, 32, 8))


def test_boxes_through_a_tile():
    b = torch.tensor([[0, 10.0, 10, 20, 20], [1, 28, 0, 40, 10], [2, 31, 5, 50, 9]])
    out = clip_boxes(b, 0, 0, 32)
    # whole box kept; 4/12 inside -> dropped (below 40 %); 1/19 inside -> dropped
    assert out[:, 0].tolist() == [0.0]
    out = clip_boxes(b, 16, 0, 32)
    assert out[:, 0].tolist() == [0.0, 1.0, 2.0]  # 4/10 of box 0 is inside (>= 40 %), the others whole or 17/19
    assert out[0, 1:].tolist() == [0.0, 10.0, 4.0, 20.0]


def test_detection_overlap_holds_nearly_every_object_whole():
    from sightline_trainer.tiling import overlap_for
    assert overlap_for(128) == 32  # no objects (sg, ad): a quarter tile
    assert overlap_for(128, [10.0] * 50) == 32  # small objects: never below a quarter tile
    sides = [20.0] * 95 + [53.3] * 5  # DeepPCB-like: the 99th percentile, rounded up to 16, is 64
    assert overlap_for(128, sides) == 64
    assert overlap_for(128, [120.0] * 10) == 64  # at most half a tile
    # the grid then holds a box of the 99th percentile whole in some tile
    o = origins(330, 128, overlap_for(128, sides))
    assert len(o) == 5 and all(a + 128 - b >= 64 for a, b in zip(o, o[1:]))


def test_auto_scale_from_object_sizes():
    assert auto_scale([(640, 640)], 128, [31, 30, 32]) == round(16 / 31, 4)
    assert auto_scale([(200, 200)], 128, [100]) == 0.64  # never below one tile for the whole image
    assert auto_scale([(480, 320)], 128, [4]) == 1.0  # never enlarges


def _images(tmp, n=12, w=80, h=50):
    rng = np.random.default_rng(0)
    items = []
    for i in range(n):
        img = rng.normal(110, 6, (h, w)).clip(0, 255).astype(np.uint8)
        mask = np.zeros((h, w), np.uint8)
        x, y = int(rng.integers(2, w - 12)), int(rng.integers(2, h - 12))
        img[y:y + 8, x:x + 8] = 230
        mask[y:y + 8, x:x + 8] = 255
        Image.fromarray(img).save(tmp / f"{i}.png")
        Image.fromarray(mask).save(tmp / f"{i}_m.png")
        items.append({"path": str(tmp / f"{i}.png"), "masks": [[0, str(tmp / f"{i}_m.png")]],
                      "boxes": [[0, x, y, x + 8, y + 8]]})
    return items


def _run(task, tmp, items):
    p = {"epochs": 2, "batchSize": 8, "learningRate": 0.003, "inputSize": 32, "scale": 0, "grayscale": 1, "width": 8,
         "patience": 5, "valSplit": 0.25, "seed": 1}
    cfg = {"task": task, "outDir": str(tmp / task), "params": p, "threads": 1,
           "dataset": {"classes": [{"name": "spot"}], "items": items}}
    return loop.train(cfg, adapter_for(task), StopFlag())


def test_tiled_detection_and_segmentation_train_and_export(tmp_path):
    items = _images(tmp_path)
    for task in ("od", "sg"):
        m = _run(task, tmp_path, items)
        spec = m["input"]
        assert spec["resize"] == "tile" and spec["size"] == 32 and spec["overlap"] == 8 and spec["pad"] == 128
        assert spec["scale"] == 1.0  # objects of 8 px: native resolution
        # od asks the engine for a second inference scale (tasks/od.py SCALE_VIEWS); sg has one scale.
        assert spec.get("scaleViews") == ([1.125] if task == "od" else None)
        assert (tmp_path / task / "model.onnx").exists()


def test_tiled_anomaly_detection_trains_on_tiles(tmp_path):
    items = [{"path": it["path"]} for it in _images(tmp_path, n=10, w=100, h=60)]
    p = {"epochs": 1, "batchSize": 8, "learningRate": 0.001, "inputSize": 32, "scale": 0, "grayscale": 1, "width": 8,
         "memoryBank": 64, "valSplit": 0.3, "seed": 1}
    cfg = {"task": "ad", "outDir": str(tmp_path / "ad"), "params": p, "threads": 1,
           "dataset": {"classes": [{"name": "good", "ok": True}], "items": items}}
    adapter = adapter_for("ad")
    m = loop.train(cfg, adapter, StopFlag())
    # auto: native resolution, since 100 px spans fewer than 7 tiles (7*24 + 8 = 176 px)
    assert m["input"]["resize"] == "tile" and m["input"]["scale"] == 1.0
    # 7 training images of 100x60 on a 32-px grid with overlap 8: 4 x 3 tiles each
    assert adapter.n_train == 7 * 12 and adapter.xt.shape[1:] == (1, 32, 32)


def test_time_budget_shrinks_the_planned_epochs(tmp_path, monkeypatch):
    items = _images(tmp_path, n=8)
    clock = {"t": 0.0}

    def fake_clock(threads):
        clock["t"] += 1.0  # every reading of the clock: one more second
        return clock["t"]
    monkeypatch.setenv("SIGHTLINE_BUDGET_CLOCK", "cpu")
    monkeypatch.setattr(loop, "budget_clock", fake_clock)
    monkeypatch.setattr(loop, "EXPORT_RESERVE", 0)
    p = {"epochs": 50, "batchSize": 8, "learningRate": 0.003, "inputSize": 32, "scale": 0, "grayscale": 1, "width": 8,
         "patience": 100, "valSplit": 0.25, "seed": 1, "timeBudget": 6}
    cfg = {"task": "sg", "outDir": str(tmp_path / "budget"), "params": p, "threads": 1,
           "dataset": {"classes": [{"name": "spot"}], "items": items}}
    m = loop.train(cfg, adapter_for("sg"), StopFlag())
    # about 3 clock seconds an epoch against a 6-second budget: the 50 planned epochs shrink to one or two
    assert 1 <= len(m["history"]) <= 3


def test_time_budget_cut_grows_back_when_later_epochs_are_cheaper(tmp_path, monkeypatch):
    """The first epoch is dearer (warm-up): the plan it suggests is cut, and grows back to the planned epochs once
    the median of the epochs so far shows the pace (clock: 5 seconds for epoch 1, 1 for each later one)."""
    items = _images(tmp_path, n=8)
    clock = {"t": 0.0, "epochs": 0}
    monkeypatch.setenv("SIGHTLINE_BUDGET_CLOCK", "cpu")
    monkeypatch.setattr(loop, "budget_clock", lambda threads: clock["t"])
    monkeypatch.setattr(loop, "EXPORT_RESERVE", 0)
    adapter = adapter_for("sg")
    validate = adapter.validate

    def costly_validate(model):
        clock["epochs"] += 1
        clock["t"] += 5.0 if clock["epochs"] == 1 else 1.0
        return validate(model)
    adapter.validate = costly_validate
    budgets = []
    monkeypatch.setattr(loop, "emit", lambda event, **f: budgets.append(f["epochs"]) if event == "budget" else None)
    p = {"epochs": 12, "batchSize": 8, "learningRate": 0.003, "inputSize": 32, "scale": 0, "grayscale": 1, "width": 8,
         "patience": 100, "valSplit": 0.25, "seed": 1, "timeBudget": 20}
    cfg = {"task": "sg", "outDir": str(tmp_path / "budget"), "params": p, "threads": 1,
           "dataset": {"classes": [{"name": "spot"}], "items": items}}
    m = loop.train(cfg, adapter, StopFlag())
    # epoch 1 (5 s) leaves 15 s: 3 more epochs at its pace, so the plan is cut to 4; the median then falls to 1 s
    assert budgets[0] == 4 and budgets[-1] == 12
    assert len(m["history"]) == 12


def test_detection_mosaic_tiles_keep_their_boxes_on_the_objects():
    """Small objects: training tiles are often mosaics of four half-tile crops; every box still covers its
    object's pixels (bright squares on a dark board) in tile coordinates."""
    from sightline_trainer.tasks.od import DetectionTask
    t = DetectionTask.__new__(DetectionTask)
    t.size, t.mosaic = 64, 1.0
    t.train_images, t.train_boxes = [], []
    rng = np.random.default_rng(3)
    for _ in range(4):
        img = torch.zeros(1, 150, 150, dtype=torch.uint8)
        boxes = []
        for _ in range(3):
            x, y = (int(v) for v in rng.integers(0, 140, 2))
            img[0, y:y + 10, x:x + 10] = 255
            boxes.append([0, x, y, x + 10, y + 10])
        t.train_images.append(img)
        t.train_boxes.append(torch.tensor(boxes, dtype=torch.float32))
    x, boxes, _ = t._tile_batch(list(range(4)) * 4, torch.Generator().manual_seed(0))
    assert x.shape == (16, 1, 64, 64) and sum(len(b) for b in boxes) > 16
    for tile, bs in zip(x, boxes):
        for _, x1, y1, x2, y2 in bs.tolist():
            assert 0 <= x1 < x2 <= 64 and 0 <= y1 < y2 <= 64
            assert float(tile[0, int(y1):int(y2), int(x1):int(x2)].float().mean()) == 255.0



def test_detection_hard_negatives_map_back_to_their_image_pixels(monkeypatch):
    """Hard-negative replay (od HARD_NEG, 1.0 by default): a heatmap peak of a (mosaic, flipped, transposed)
    training tile is remembered at the scaled-image pixel it shows, and later crops drawn around it hold that
    pixel. The bookkeeping travels with the batch (Batch.meta), not through the task's state."""
    from sightline_trainer.tasks import od
    monkeypatch.setattr(od, "HARD_NEG", 1.0)
    monkeypatch.setattr(od, "TRANSPOSE", 0.5)
    t = od.DetectionTask.__new__(od.DetectionTask)
    t.size, t.mosaic, t.classes, t.aug, t.hard = 64, 0.5, [{"name": "spot"}], {"flipH": 0.5, "flipV": 0.5}, []
    # Every pixel of image i encodes (x, y, i) so that a tile pixel names where it came from.
    t.train_images, t.train_boxes = [], []
    for i in range(3):
        ys, xs = torch.meshgrid(torch.arange(150), torch.arange(150), indexing="ij")
        t.train_images.append(torch.stack([xs, ys, torch.full_like(xs, i)]).to(torch.int32))
        t.train_boxes.append(torch.tensor([[0, 10, 10, 20, 20]], dtype=torch.float32))
    gen = torch.Generator().manual_seed(0)
    checked, orientations = 0, set()
    for _ in range(64):
        x, boxes, sources = t._tile_batch([0, 1, 2, 1], gen)
        x, boxes, flipped = t._flip(x, boxes, gen)
        heat = t.targets(boxes)[0]
        logits = torch.full((4, 1, 16, 16), -9.0)
        logits[2, 0, 5, 11] = 3.0  # one confident peak away from the objects (when no box is near)
        if float(torch.nn.functional.max_pool2d(heat, 5, 1, 2)[2, 0, 5, 11]) >= 0.01:
            continue
        t._remember_hard(logits, heat, sources, flipped)
        j, hx, hy = t.hard[-1]
        cx, cy, ci = x[2, :, 5 * 4 + 2, 11 * 4 + 2].tolist()
        assert ci == j and abs(cx - hx) <= 2 and abs(cy - hy) <= 2  # the cell's centre pixel, within a flip's pixel
        orientations.add(tuple(bool(f[2]) for f in flipped))
        checked += 1
    assert checked and t.hard
    assert len(orientations) == 8  # all right-angle orientations: both flips and the transpose, each on and off
    hits = 0
    for seed in range(20):
        _, _, (j, x0, y0) = t._crop(0, torch.Generator().manual_seed(seed), 32)
        hits += any(jj == j and x0 <= hx < x0 + 32 and y0 <= hy < y0 + 32 for jj, hx, hy in t.hard)
    assert hits >= 3  # crops not drawn around an object (30 %) are drawn around a hard negative (HARD_NEG = 1)
