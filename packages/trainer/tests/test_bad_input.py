"""Bad data gives a clear, coded error before training, never a silent bad model."""
import pytest
from PIL import Image

from helpers import cf_config
from sightline_trainer.protocol import StopFlag, TrainerError
from sightline_trainer.tasks import adapter_for


def prepare(cfg):
    adapter = adapter_for(cfg["task"])
    adapter.prepare(cfg, StopFlag())
    return adapter


def code_of(cfg):
    with pytest.raises(TrainerError) as err:
        prepare(cfg)
    return err.value.code


def test_empty_class(tmp_path):
    cfg = cf_config(tmp_path)
    cfg["dataset"]["classes"].append({"name": "dent", "ok": False})
    assert code_of(cfg) == "DATA_EMPTY_CLASS"


def test_single_class(tmp_path):
    cfg = cf_config(tmp_path)
    cfg["dataset"]["items"] = [it for it in cfg["dataset"]["items"] if it["label"] == 1]
    assert code_of(cfg) == "DATA_SINGLE_CLASS"


def test_corrupt_file(tmp_path):
    cfg = cf_config(tmp_path)
    bad = tmp_path / "broken.png"
    bad.write_bytes(b"\x89PNG\r\n\x1a\nnot really")
    cfg["dataset"]["items"][0]["path"] = str(bad)
    assert code_of(cfg) == "DATA_CORRUPT_FILE"


def test_mixed_grey_and_colour_in_a_colour_model(tmp_path):
    cfg = cf_config(tmp_path, grayscale=0)
    first = cfg["dataset"]["items"][0]["path"]
    Image.open(first).convert("RGB").save(first)
    assert code_of(cfg) == "DATA_MIXED_CHANNELS"


def test_target_region_needs_same_size_images(tmp_path):
    cfg = cf_config(tmp_path)
    first = cfg["dataset"]["items"][0]["path"]
    Image.open(first).resize((40, 32)).save(first)
    cfg["dataset"]["regions"] = [[0, 0, 16, 16]]
    assert code_of(cfg) == "REGION_SIZE_MISMATCH"


def test_target_regions_crop_each_image(tmp_path):
    cfg = cf_config(tmp_path)
    cfg["dataset"]["regions"] = [[0, 0, 16, 16], [16, 16, 16, 16]]
    adapter = prepare(cfg)
    assert adapter.n_train + adapter.n_val == 2 * len(cfg["dataset"]["items"])
    assert adapter.input_spec()["regions"] == [[0, 0, 16, 16], [16, 16, 16, 16]]


def test_region_outside_the_image(tmp_path):
    cfg = cf_config(tmp_path)
    cfg["dataset"]["regions"] = [[20, 20, 16, 16]]
    assert code_of(cfg) == "REGION_OUT_OF_BOUNDS"
