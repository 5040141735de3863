"""Refines the default click-segmentation pair on a project's own masks (issue 16: "once a project has
masks, refined on them"), and keeps it from forgetting by mixing in the generated scenes it was trained on.

  python3 -m sightline_trainer.segment_click --finetune DATA.json --out DIR [--seconds 90] [--steps N]

DATA.json: {"items": [{"image": "/path/img.png", "masks": ["/path/mask.png", ...]}, ...]}: every mask PNG
is a binary mask (white = inside) of the image; each connected part of a mask (at the encoder's 128 px) is
one object to click on (an image's 8 largest). Clicks are simulated like the generated-scene training: 1-3 positive clicks inside
the object, 0-2 negative clicks outside. The last `holdout` images are not trained on: the default and the
refined pair are both scored on them (mean IoU over fixed click sets), reported in DIR/segment.json.
Starts from weights/segment_click_default.pt (the PyTorch state of the shipped default pair, written by
`--checkpoint-from DIR`), exports the same encoder/decoder contract as segment_click.py.
Progress: JSON lines {"event": "progress", "pct": .., "step": .., "iou": ..} then {"event": "finished", ..}.
"""
import json
import time
from pathlib import Path

import numpy as np
import torch
import torch.nn.functional as F
from PIL import Image

from . import segment_click as sc
from .onnx_weights import initializers

DEFAULT_CHECKPOINT = Path(__file__).parent / "weights" / "segment_click_default.pt"
MIN_PART_PX = 16  # parts smaller than this (at 128 px) are not click targets
MAX_PARTS = 8  # click targets per image (its largest parts)


def checkpoint_from_onnx(model_dir: Path, out: Path):
    """Writes the PyTorch state of a pair exported by segment_click.py (its ONNX initializers)."""
    enc, dec = sc.Encoder(), sc.Decoder()
    for net, file in ((enc, "encoder.onnx"), (dec, "decoder.onnx")):
        weights = initializers(Path(model_dir) / file)
        state = net.state_dict()
        missing = [k for k in state if k not in weights]
        if missing:
            raise ValueError(f"{file}: no initializer for {missing}")
        net.load_state_dict({k: torch.from_numpy(weights[k].copy()).reshape(state[k].shape) for k in state})
    meta = json.loads((Path(model_dir) / "segment.json").read_text())
    out.parent.mkdir(parents=True, exist_ok=True)
    torch.save({"encoder": enc.state_dict(), "decoder": dec.state_dict(), "meta": json.dumps(meta)}, out)


def load_pair(checkpoint: Path = DEFAULT_CHECKPOINT):
    state = torch.load(checkpoint, map_location="cpu", weights_only=True)
    enc, dec = sc.Encoder(), sc.Decoder()
    enc.load_state_dict(state["encoder"])
    dec.load_state_dict(state["decoder"])
    return enc.eval(), dec.eval()


def parts(mask: torch.Tensor):
    """The connected parts (8-neighbourhood) of a [S, S] binary mask, largest first."""
    m = mask.float().reshape(1, 1, *mask.shape)
    lab = (torch.arange(1, mask.numel() + 1, dtype=torch.float32).reshape(m.shape)) * m
    while True:
        nxt = F.max_pool2d(lab, 3, 1, 1) * m
        if torch.equal(nxt, lab):
            break
        lab = nxt
    ids = [v for v in lab.unique().tolist() if v > 0]
    out = [(lab[0, 0] == v).float() for v in ids]
    out = [p for p in out if p.sum() >= MIN_PART_PX]
    return sorted(out, key=lambda p: -float(p.sum()))


def load_samples(items):
    """[(image [3,S,S] in 0..1, [part masks [S,S]])] for every item with at least one part."""
    out = []
    for it in items:
        img = Image.open(it["image"]).convert("RGB").resize((sc.SIZE, sc.SIZE), Image.BILINEAR)
        x = torch.from_numpy(np.asarray(img, dtype=np.float32) / 255).permute(2, 0, 1).contiguous()
        targets = []
        for path in it.get("masks", []):
            m = Image.open(path).convert("L").resize((sc.SIZE, sc.SIZE), Image.BILINEAR)
            targets += parts(torch.from_numpy(np.asarray(m, dtype=np.float32) >= 128))
        targets = sorted(targets, key=lambda p: -float(p.sum()))[:MAX_PARTS]
        if targets:
            out.append((x, [t.to(torch.uint8) for t in targets]))  # uint8: a big project stays small
    return out


def clicks(target, npos, nneg, gen):
    p = sc.sample_points(target, npos, gen)
    q = sc.sample_points(1 - target, nneg, gen) if nneg else torch.zeros(0, 2)
    return torch.cat([p, q]), torch.cat([torch.ones(npos), torch.zeros(nneg)])


def real_batch(samples, n, gen):
    """n (image, clicks, target) drawn from the project's masks, randomly flipped."""
    npos = int(torch.randint(1, 4, (1,), generator=gen))
    nneg = int(torch.randint(0, 3, (1,), generator=gen))
    imgs, coords, labels, targets = [], [], [], []
    for _ in range(n):
        img, parts_ = samples[int(torch.randint(0, len(samples), (1,), generator=gen))]
        t = parts_[int(torch.randint(0, len(parts_), (1,), generator=gen))].float()
        flip = torch.rand(2, generator=gen) < 0.5
        dims = [d for d, f in ((2, flip[0]), (1, flip[1])) if f]
        if dims:
            img, t = img.flip(dims), t.flip([d - 1 for d in dims])
        c, lab = clicks(t, npos, nneg, gen)
        imgs.append(img)
        coords.append(c)
        labels.append(lab)
        targets.append(t.unsqueeze(0))
    return torch.stack(imgs), torch.stack(coords), torch.stack(labels), torch.stack(targets)


def logits128(enc, dec, img, coords, labels):
    return F.interpolate(dec.core(enc(img), coords, labels), size=(sc.SIZE, sc.SIZE), mode="bilinear",
                         align_corners=False)


# Fixed click sets scored on held-out objects: (positive, negative) counts.
EVAL_CLICKS = ((1, 0), (2, 0), (2, 1))


@torch.no_grad()
def evaluate(enc, dec, samples, seed=0):
    """Mean IoU over every held-out object and the fixed click sets (same clicks for every pair)."""
    gen = torch.Generator().manual_seed(seed)
    ious = []
    for img, parts_ in samples:
        emb = enc(img.unsqueeze(0))
        for t in parts_:
            t = t.float()
            for npos, nneg in EVAL_CLICKS:
                c, lab = clicks(t, npos, nneg, gen)
                pred = F.interpolate(dec.core(emb, c[None], lab[None]), size=(sc.SIZE, sc.SIZE), mode="bilinear",
                                     align_corners=False)
                pred = (pred > 0).float()[0, 0]
                inter = float((pred * t).sum())
                union = float(((pred + t) > 0).sum())
                ious.append(inter / union if union else 1.0)
    return sum(ious) / len(ious) if ious else 0.0


def refine(enc, dec, samples, seconds, max_steps=None, seed=0, real=8, generated=4, lr=1e-3,
           progress=lambda step, pct, iou: None, should_stop=lambda: False):
    """Fine-tunes enc/dec in place on the samples mixed with generated scenes; answers the step count."""
    torch.manual_seed(seed)
    gen = torch.Generator().manual_seed(seed)
    enc.train()
    dec.train()
    opt = torch.optim.Adam(list(enc.parameters()) + list(dec.parameters()), lr=lr)
    start, step, ema = time.time(), 0, None
    while time.time() - start < seconds and (max_steps is None or step < max_steps) and not should_stop():
        img, coords, labels, target = real_batch(samples, real, gen)
        if generated:
            g = sc.batch(generated, gen)
            # Generated scenes may have fewer clicks: pad by repeating their first click (same label).
            n = max(coords.shape[1], g[1].shape[1])
            pad = lambda c, k: torch.cat([c, c[:, :1].expand(-1, k - c.shape[1], *c.shape[2:])], dim=1)
            img = torch.cat([img, g[0]])
            coords = torch.cat([pad(coords, n), pad(g[1], n)])
            labels = torch.cat([pad(labels, n), pad(g[2], n)])
            target = torch.cat([target, g[3]])
        logits = logits128(enc, dec, img, coords, labels)
        prob, loss = sc.mask_loss(logits, target)
        opt.zero_grad()
        loss.backward()
        opt.step()
        step += 1
        with torch.no_grad():
            hard = (prob[:real] > 0.5).float()
            inter = (hard * target[:real]).sum(dim=(1, 2, 3))
            union = ((hard + target[:real]) > 0).float().sum(dim=(1, 2, 3))
            iou = float((inter / union.clamp(min=1)).mean())
        ema = iou if ema is None else 0.9 * ema + 0.1 * iou
        pct = (time.time() - start) / seconds
        if max_steps:
            pct = max(pct, step / max_steps)
        progress(step, min(1.0, pct), ema)
    enc.eval()
    dec.eval()
    return step


def split(items, holdout):
    """The last `holdout` items are held out (at most half of them)."""
    k = min(holdout, len(items) // 2)
    return items[: len(items) - k], items[len(items) - k:]


def run(data: Path, out: Path, seconds: float, max_steps=None, seed=0, holdout=2, init=DEFAULT_CHECKPOINT,
        emit=print):
    items = json.loads(Path(data).read_text())["items"]
    train_items, held_items = split(items, holdout)
    train_s, held_s = load_samples(train_items), load_samples(held_items)
    if not train_s:
        raise ValueError("no training image has a mask")
    enc, dec = load_pair(init)
    before = evaluate(enc, dec, held_s) if held_s else None
    last = [0.0]

    def progress(step, pct, iou):
        if pct - last[0] >= 0.02 or step == 1:
            last[0] = pct
            emit(json.dumps({"event": "progress", "pct": round(pct * 100, 1), "step": step, "iou": round(iou, 3)}))

    steps = refine(enc, dec, train_s, seconds, max_steps, seed, progress=progress)
    after = evaluate(enc, dec, held_s) if held_s else None
    info = {
        "refined": True,
        "steps": steps,
        "train_images": len(train_s),
        "holdout_images": len(held_s),
        "iou_before": None if before is None else round(before, 4),
        "iou_after": None if after is None else round(after, 4),
    }
    meta = sc.export(enc, dec, Path(out), info)
    emit(json.dumps({"event": "finished", **meta}))
    return meta
