"""The JSON-lines protocol, the model artifact, cancellation and resume, seen from outside the process."""
import json
import signal
import time

from helpers import cf_config, events, start


def test_train_emits_protocol_and_writes_artifact(tmp_path):
    proc = start(cf_config(tmp_path), tmp_path)
    seen = list(events(proc))
    assert proc.wait(60) == 0
    kinds = [e["event"] for e in seen]
    assert kinds.index("started") < kinds.index("epoch") < kinds.index("finished")
    assert kinds.count("checkpoint") == 3
    assert all(isinstance(e["time"], float) for e in seen)
    fin = seen[-1]
    assert fin["event"] == "finished" and 0 <= fin["metrics"]["accuracy"] <= 1
    out = tmp_path / "model"
    for f in ("manifest.json", "model.onnx", "model.pt", "parity.json"):
        assert (out / f).stat().st_size > 0
    assert not (out / "checkpoint.pt").exists()
    m = json.loads((out / "manifest.json").read_text())
    assert m["task"] == "cf" and [c["name"] for c in m["classes"]] == ["good", "scratch", "spot"]
    assert m["classes"][0]["ok"] is True
    assert m["input"] == {"size": 32, "channels": 1, "mean": [0.5], "std": [0.5], "resize": "stretch-bilinear",
                          "colour": "bt601-luma", "regions": None}
    assert len(m["history"]) == 3 and m["history"][0]["run"] == 1


def test_sigterm_stops_within_seconds_keeps_checkpoint_and_resumes(tmp_path):
    cfg = cf_config(tmp_path, epochs=400)
    proc = start(cfg, tmp_path)
    for e in events(proc):
        if e["event"] == "checkpoint" and e["epoch"] >= 2:
            break
    t0 = time.time()
    proc.send_signal(signal.SIGTERM)
    rest = [json.loads(line) for line in proc.stdout]
    code = proc.wait(30)
    assert time.time() - t0 < 10
    assert code == 3
    assert rest[-1]["event"] == "error" and rest[-1]["code"] == "CANCELLED"
    assert (tmp_path / "model" / "checkpoint.pt").exists()
    cfg["params"]["epochs"] = 4
    proc = start(cfg, tmp_path)
    seen = list(events(proc))
    assert proc.wait(60) == 0
    resumed = [e for e in seen if e["event"] == "resumed"]
    assert resumed and resumed[0]["epoch"] >= 2
    first_epoch = [e["epoch"] for e in seen if e["event"] == "epoch"][0]
    assert first_epoch == resumed[0]["epoch"] + 1


def test_error_is_a_protocol_line(tmp_path):
    cfg = cf_config(tmp_path)
    cfg["dataset"]["items"] = [it for it in cfg["dataset"]["items"] if it["label"] == 0]
    proc = start(cfg, tmp_path)
    seen = list(events(proc))
    assert proc.wait(30) == 2
    assert seen[-1]["event"] == "error" and seen[-1]["code"] == "DATA_SINGLE_CLASS"
