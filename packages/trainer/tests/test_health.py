"""Model health check: a model that learned nothing ends with a MODEL_DEGENERATE warning in its manifest and
`finished` event, and segmentation early stopping does not stop on a model that predicts nothing."""
import numpy as np
from PIL import Image

from helpers import cf_config
from sightline_trainer import loop
from sightline_trainer.protocol import StopFlag
from sightline_trainer.tasks import adapter_for


def run(cfg):
    return loop.train(cfg, adapter_for(cfg["task"]), StopFlag())


def sg_config(tmp, n=16, size=32, **params):
    rng = np.random.default_rng(0)
    items = []
    (tmp / "sg").mkdir(exist_ok=True)
    for i in range(n):
        img = rng.normal(120, 8, (size, size)).clip(0, 255).astype(np.uint8)
        mask = np.zeros((size, size), np.uint8)
        x, y = rng.integers(2, size - 8, 2)
        img[y:y + 3, x:x + 6] = 230
        mask[y:y + 3, x:x + 6] = 255
        Image.fromarray(img).save(tmp / "sg" / f"{i}.png")
        Image.fromarray(mask).save(tmp / "sg" / f"{i}_m.png")
        items.append({"path": str(tmp / "sg" / f"{i}.png"), "masks": [[0, str(tmp / "sg" / f"{i}_m.png")]]})
    p = {"epochs": 3, "batchSize": 8, "learningRate": 0.003, "inputSize": size, "grayscale": 1, "width": 8,
         "patience": 1, "valSplit": 0.25, "seed": 1}
    p.update(params)
    return {"task": "sg", "outDir": str(tmp / "sg-model"), "params": p, "threads": 1,
            "dataset": {"classes": [{"name": "defect"}], "items": items}}


def test_a_model_that_learned_nothing_is_flagged(tmp_path):
    # Learning rate 0: the network keeps its random initial weights, i.e. it learned nothing.
    m = run(cf_config(tmp_path, out="nothing", epochs=2, learningRate=0.0))
    assert [w["code"] for w in m["warnings"]] == ["MODEL_DEGENERATE"]
    assert m["warnings"][0]["details"]["reason"]


def test_a_learning_model_has_no_warning(tmp_path):
    m = run(cf_config(tmp_path, out="ok", epochs=10, per_class=16))
    assert m["metrics"]["accuracy"] > 0.45
    assert m["warnings"] == []


def test_segmentation_that_predicts_nothing_is_flagged_and_not_stopped_early(tmp_path):
    m = run(sg_config(tmp_path, learningRate=0.0))
    assert m["metrics"]["meanIoU"] < 0.05
    assert [w["code"] for w in m["warnings"]] == ["MODEL_DEGENERATE"]
    # patience 1, but epochs of a model predicting nothing do not count: all 3 epochs ran.
    assert len(m["history"]) == 3 and not m["stoppedEarly"]


def test_patience_ending_a_run_is_reported_as_stopped_early(tmp_path):
    # Validation scores 1.0, then 0.5 for ever: with patience 2 the run of 4 planned epochs ends after 3, when the
    # loop stands on its last epoch (which the loop variable alone would count as trained).
    adapter = adapter_for("cf")
    validate, calls = adapter.validate, []

    def worse_after_the_first(model):
        calls.append(1)
        return {**validate(model), "score": 1.0 if len(calls) == 1 else 0.5, "degenerate": False}
    adapter.validate = worse_after_the_first
    m = loop.train(cf_config(tmp_path, out="patience", epochs=4, patience=2), adapter, StopFlag())
    assert len(m["history"]) == 3 and m["stoppedEarly"]
