"""Dataset decoding: progress while decoding, and the fast paths giving the same pixels as the general one."""
import json

import numpy as np
from PIL import Image

from sightline_trainer import data
from sightline_trainer.protocol import StopFlag
from synth import cf_dataset


def test_decoding_reports_progress(tmp_path, monkeypatch, capsys):
    ds = cf_dataset(tmp_path / "data", per_class=4, size=32, kinds=("good", "spot"))
    monkeypatch.setattr(data, "PROGRESS_SECONDS", 0.0)
    x, sizes = data.decode_all(ds["items"], 16, 1, None, StopFlag())
    lines = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    done = [e["done"] for e in lines if e["event"] == "decoding"]
    assert x.shape == (8, 1, 16, 16) and len(sizes) == 8
    assert done == sorted(done) and done[-1] == 7 and all(e["images"] == 8 for e in lines)


def test_grey_fast_path_matches_the_rgb_luma_conversion():
    rng = np.random.default_rng(3)
    grey = Image.fromarray(rng.integers(0, 256, (20, 30), dtype=np.uint8), "L")
    fast = np.asarray(data.to_channels(grey, 1))
    general = np.asarray(data.to_channels(grey.convert("RGB"), 1))
    assert fast.shape == (20, 30) and (fast == general).all()
