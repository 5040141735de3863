"""Checkpoints written atomically (a killed process never leaves a half-written file) and loading of
user-supplied or previous weights."""
import os

import torch

from .protocol import TrainerError


def save_atomic(obj, path):
    tmp = f"{path}.tmp"
    torch.save(obj, tmp)
    os.replace(tmp, path)


def load(path):
    try:
        return torch.load(path, map_location="cpu")
    except Exception as exc:  # torch raises many types for a bad file
        raise TrainerError("WEIGHTS_UNREADABLE", f"Cannot read weights file {path}: {exc}")


def state_dict_of(obj):
    """Accepts a bare state_dict, our model.pt / checkpoint.pt, or {'state_dict': ...}."""
    if isinstance(obj, dict):
        for key in ("model", "state_dict"):
            if key in obj and isinstance(obj[key], dict):
                return obj[key]
        if all(isinstance(v, torch.Tensor) for v in obj.values()):
            return obj
    raise TrainerError("WEIGHTS_UNREADABLE", "The weights file holds no PyTorch state_dict")


def init_weights(model, path):
    state = state_dict_of(load(path))
    try:
        model.load_state_dict(state, strict=True)
    except RuntimeError as exc:
        first = str(exc).splitlines()[0:3]
        raise TrainerError("WEIGHTS_MISMATCH", "The weights do not fit this network: " + " ".join(first))


def init_from_model(model, path, arch):
    """Relearning: continue from a previous model of the same architecture, keeping its history."""
    obj = load(path)
    if not isinstance(obj, dict) or obj.get("format") != "sightline-checkpoint":
        raise TrainerError("RELEARN_MISMATCH", f"{path} is not a Sightline model checkpoint")
    if obj.get("arch") != arch:
        raise TrainerError(
            "RELEARN_MISMATCH",
            f"The previous model's architecture {obj.get('arch')} differs from this training's {arch}",
        )
    model.load_state_dict(obj["model"])
    return obj.get("history", [])
