"""Training behaviour in-process: repeatability, divergence guard, weight loading, relearning."""
import json

import pytest
import torch

from helpers import cf_config
from sightline_trainer import loop
from sightline_trainer.protocol import StopFlag, TrainerError
from sightline_trainer.tasks import adapter_for
from sightline_trainer.tasks.cf import ClassificationTask


def run(cfg):
    return loop.train(cfg, adapter_for(cfg["task"]), StopFlag())


def test_same_seed_same_history(tmp_path):
    a = run(cf_config(tmp_path, out="a", epochs=2))
    b = run(cf_config(tmp_path, out="b", epochs=2))
    assert [h["trainLoss"] for h in a["history"]] == [h["trainLoss"] for h in b["history"]]


def test_non_finite_loss_stops_with_a_clear_error(tmp_path, monkeypatch):
    monkeypatch.setattr(ClassificationTask, "loss", lambda self, model, batch: torch.tensor(float("nan"), requires_grad=True))
    with pytest.raises(TrainerError) as err:
        run(cf_config(tmp_path))
    assert err.value.code == "LOSS_DIVERGED"


def test_user_state_dict_initialises_training(tmp_path):
    first = run(cf_config(tmp_path, out="first", epochs=12))
    state = torch.load(tmp_path / "first" / "model.pt")["model"]
    torch.save(state, tmp_path / "uploaded.pt")  # a bare state_dict, as an admin would upload
    cfg = cf_config(tmp_path, out="warm", epochs=1)
    cfg["initWeights"] = str(tmp_path / "uploaded.pt")
    warm = run(cfg)
    cold = run(cf_config(tmp_path, out="cold", epochs=1))
    assert warm["history"][0]["trainLoss"] < cold["history"][0]["trainLoss"]
    assert warm["history"][0]["metrics"]["accuracy"] >= first["metrics"]["accuracy"] - 0.2

    bad = cf_config(tmp_path, out="bad", epochs=1, width=16)
    bad["initWeights"] = str(tmp_path / "uploaded.pt")
    with pytest.raises(TrainerError) as err:
        run(bad)
    assert err.value.code == "WEIGHTS_MISMATCH"


def test_relearning_continues_and_keeps_history(tmp_path):
    run(cf_config(tmp_path, out="v1", epochs=2))
    cfg = cf_config(tmp_path, out="v2", epochs=2)
    cfg["initFrom"] = str(tmp_path / "v1" / "model.pt")
    m = run(cfg)
    assert [h["run"] for h in m["history"]] == [1, 1, 2, 2]
    assert [h["epoch"] for h in m["history"]] == [1, 2, 3, 4]
    saved = json.loads((tmp_path / "v2" / "manifest.json").read_text())
    assert len(saved["history"]) == 4
