import json
import subprocess
import sys
from pathlib import Path

from synth import cf_dataset

TRAINER = Path(__file__).resolve().parents[1]


def cf_config(tmp, out="model", epochs=3, per_class=12, size=32, **params):
    ds = cf_dataset(tmp / "data", per_class=per_class, size=size, kinds=("good", "scratch", "spot"))
    p = {"epochs": epochs, "batchSize": 8, "learningRate": 0.003, "inputSize": size, "grayscale": 1, "width": 8,
         "patience": 50, "valSplit": 0.25, "balanceClasses": 1, "seed": 1, "flipH": 0.5, "flipV": 0.5, "rotate": 10,
         "brightness": 0.1, "contrast": 0.1, "noise": 0.02, "cropScale": 0.9}
    p.update(params)
    return {"task": "cf", "outDir": str(tmp / out), "params": p, "dataset": ds, "threads": 1}


def start(cfg, tmp, command="train"):
    path = tmp / f"config-{Path(cfg.get('outDir', 'x')).name}.json"
    path.write_text(json.dumps(cfg))
    return subprocess.Popen([sys.executable, "-m", "sightline_trainer", command, "--config", str(path)], cwd=TRAINER,
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def events(proc):
    for line in proc.stdout:
        yield json.loads(line)
