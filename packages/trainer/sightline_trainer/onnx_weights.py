"""Reads the float32 initializers (weights) of an ONNX file we exported ourselves, without the onnx
package: a few lines of protobuf wire format. Used to turn the shipped default click-segmentation pair
(apps/web/public/models/segment/*.onnx, exported by segment_click.py) back into the PyTorch state the
fine-tune starts from (weights/segment_click_default.pt)."""
from pathlib import Path

import numpy as np


def _varint(b, i):
    r = s = 0
    while True:
        c = b[i]
        i += 1
        r |= (c & 0x7F) << s
        s += 7
        if c < 0x80:
            return r, i


def _fields(b):
    i = 0
    while i < len(b):
        key, i = _varint(b, i)
        f, w = key >> 3, key & 7
        if w == 0:
            v, i = _varint(b, i)
        elif w == 1:
            v, i = b[i:i + 8], i + 8
        elif w == 2:
            n, i = _varint(b, i)
            v, i = b[i:i + n], i + n
        elif w == 5:
            v, i = b[i:i + 4], i + 4
        else:
            raise ValueError(f"unsupported protobuf wire type {w}")
        yield f, w, v


FLOAT = 1


def initializers(path: Path) -> dict:
    """name -> float32 numpy array, for every float initializer of the model's graph."""
    model = Path(path).read_bytes()
    graphs = [v for f, w, v in _fields(model) if f == 7 and w == 2]
    if not graphs:
        raise ValueError(f"{path}: no graph")
    out = {}
    for f, w, tensor in _fields(graphs[0]):
        if f != 5 or w != 2:  # GraphProto.initializer
            continue
        dims, name, raw, floats, dtype = [], None, None, None, None
        for tf, tw, tv in _fields(tensor):
            if tf == 1:
                if tw == 0:
                    dims.append(tv)
                else:
                    j = 0
                    while j < len(tv):
                        d, j = _varint(tv, j)
                        dims.append(d)
            elif tf == 2:
                dtype = tv
            elif tf == 8:
                name = tv.decode()
            elif tf == 9:
                raw = tv
            elif tf == 4:
                floats = np.frombuffer(tv, dtype="<f4")
        if dtype != FLOAT or name is None:
            continue
        arr = np.frombuffer(raw, dtype="<f4") if raw is not None else floats
        out[name] = np.array(arr, dtype=np.float32).reshape(dims)
    return out
