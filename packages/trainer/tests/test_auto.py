"""'auto' (0) input size and epochs: calibrated to the measured defaults on the real development sets, sized to
the data elsewhere, written into the manifest so the product shows what was used."""
import json

from helpers import cf_config
from sightline_trainer import auto, loop
from sightline_trainer.protocol import StopFlag
from sightline_trainer.tasks import adapter_for


def test_epochs_match_the_measured_defaults_on_the_development_sets():
    assert auto.auto_epochs("cf", 36) == 60  # NEU six-class: 1,152 training images, batches of 32
    assert auto.auto_epochs("od", 100) == 60  # DeepPCB: 1,600 tiles, batches of 16
    assert auto.auto_epochs("sg", 24) == 40  # CrackForest: 376 tiles, batches of 16


def test_epochs_grow_for_small_sets_and_shrink_for_large_ones_within_bounds():
    assert auto.auto_epochs("cf", 1) == auto.MAX_EPOCHS
    assert auto.auto_epochs("cf", 100_000) == auto.MIN_EPOCHS
    assert auto.auto_epochs("cf", 18) > auto.auto_epochs("cf", 36) > auto.auto_epochs("cf", 72)


def test_input_size_keeps_the_measured_side_and_follows_smaller_images():
    neu = [(200, 200)] * 50
    assert auto.stretch_size("cf", neu, 1152, 32, 840) == 128
    assert auto.stretch_size("cf", [(48, 40)] * 10, 100, 32, 840) == 64
    assert auto.stretch_size("cf", [(90, 70)] * 10, 100, 32, 840) == 96
    # Large images, few of them: a larger side fits the budget (cf only, never above the images' own side).
    big = [(600, 400)] * 10
    assert auto.stretch_size("cf", big, 80, 32, 840) == 256
    assert auto.stretch_size("cf", [(170, 150)] * 10, 80, 32, 840) == 192
    assert auto.stretch_size("cf", big, 80, 32, 0) == 128  # no budget: no estimate to trust
    assert auto.stretch_size("ad", big, 80, 16, 840) == 128
    # Many large images: the larger side would not fit half the budget.
    assert auto.stretch_size("cf", big, 5000, 32, 840) == 128


def test_tile_size_is_the_task_tile_unless_every_image_is_smaller():
    assert auto.tile_size("od", [(640, 640)] * 5) == 128
    assert auto.tile_size("sg", [(480, 320)]) == 128
    assert auto.tile_size("sg", [(90, 60), (70, 80)]) == 96
    assert auto.tile_size("ad", [(20, 20)]) == 64


def test_a_run_with_auto_params_records_what_it_picked(tmp_path, monkeypatch):
    monkeypatch.setattr(auto, "TARGET_STEPS", {**auto.TARGET_STEPS, "cf": 8})
    monkeypatch.setattr(auto, "MIN_EPOCHS", 2)
    cfg = cf_config(tmp_path, size=32, inputSize=0, epochs=0)
    m = loop.train(cfg, adapter_for("cf"), StopFlag())
    saved = json.loads((tmp_path / "model" / "manifest.json").read_text())
    # 36 images of 32 px, a quarter held out: 27 for training in batches of 8 = 4 steps, 8 / 4 = 2 epochs.
    assert saved["auto"] == {"inputSize": 64, "epochs": 2}
    assert saved["input"]["size"] == 64
    assert saved["params"]["inputSize"] == 64 and saved["params"]["epochs"] == 2
    assert len(m["history"]) == 2
