"""The default click-segmentation model (SAM-style split): an image encoder that runs once per image on
the server and a small prompt decoder that runs in the browser for every click.

  python3 -m sightline_trainer.segment_click --out DIR [--seconds 180] [--seed 0]
  python3 -m sightline_trainer.segment_click --finetune DATA.json --out DIR [--seconds 90]   (segment_refine.py)
  python3 -m sightline_trainer.segment_click --checkpoint-from DIR --out weights/segment_click_default.pt

Trains on generated scenes (textured backgrounds with 1-3 textured shapes; one shape is the target,
1-3 positive clicks inside it, 0-2 negative clicks outside) and writes DIR/encoder.onnx,
DIR/decoder.onnx and DIR/segment.json. Contract (the same as the server and the browser use):
  encoder: image float32 [1, 3, 128, 128] in 0..1 (RGB, resized) -> embedding [1, 32, 32, 32]
  decoder: embedding, point_coords float32 [1, N, 2] (x, y in 0..1), point_labels float32 [1, N]
           (1 positive, 0 negative) -> masks float32 [1, 1, 256, 256] (logits, > 0 = inside)
"""
import argparse
import json
import math
import time
from pathlib import Path

import torch
import torch.nn as nn
import torch.nn.functional as F

SIZE = 128
EMB = 32
GRID = SIZE // 4
MASK = 256


def mask_loss(logits, target):
    """Mask probabilities and the training loss: BCE plus soft Dice, so a small target still counts."""
    prob = torch.sigmoid(logits)
    dice = 1 - (2 * (prob * target).sum(dim=(1, 2, 3)) + 1) / (prob.sum(dim=(1, 2, 3)) + target.sum(dim=(1, 2, 3)) + 1)
    return prob, F.binary_cross_entropy_with_logits(logits, target) + dice.mean()


class Encoder(nn.Module):
    def __init__(self):
        super().__init__()
        c = EMB
        self.net = nn.Sequential(
            nn.Conv2d(3, 16, 3, 2, 1), nn.ReLU(),
            nn.Conv2d(16, c, 3, 2, 1), nn.ReLU(),
            nn.Conv2d(c, c, 3, 1, 1), nn.ReLU(),
            nn.Conv2d(c, c, 3, 1, 2, dilation=2), nn.ReLU(),
            nn.Conv2d(c, c, 3, 1, 4, dilation=4), nn.ReLU(),
            nn.Conv2d(c, c, 1),
        )

    def forward(self, image):
        return self.net(image)


class Decoder(nn.Module):
    def __init__(self, sigma=0.05):
        super().__init__()
        self.sigma = sigma
        c = 40
        self.net = nn.Sequential(
            nn.Conv2d(EMB + 4, c, 3, 1, 1), nn.ReLU(),
            nn.Conv2d(c, c, 3, 1, 2, dilation=2), nn.ReLU(),
            nn.Conv2d(c, c, 3, 1, 4, dilation=4), nn.ReLU(),
            nn.Conv2d(c, c, 3, 1, 1), nn.ReLU(),
            nn.Conv2d(c, 1, 1),
        )
        g = (torch.arange(GRID, dtype=torch.float32) + 0.5) / GRID
        gy, gx = torch.meshgrid(g, g, indexing="ij")
        self.register_buffer("gx", gx.reshape(1, 1, GRID * GRID))
        self.register_buffer("gy", gy.reshape(1, 1, GRID * GRID))

    def core(self, emb, coords, labels):
        b = emb.shape[0]
        x = coords[:, :, 0:1]
        y = coords[:, :, 1:2]
        d2 = (self.gx - x) ** 2 + (self.gy - y) ** 2  # [B, N, G*G]
        heat = torch.exp(-d2 / (2 * self.sigma * self.sigma))
        lab = labels.unsqueeze(2)
        pos = (heat * lab).max(dim=1, keepdim=True).values.reshape(b, 1, GRID, GRID)
        neg = (heat * (1 - lab)).max(dim=1, keepdim=True).values.reshape(b, 1, GRID, GRID)
        # Mean feature under the positive / negative clicks (sharp weights), cosine similarity maps.
        sharp = torch.exp(-d2 / (2 * 0.02 * 0.02))
        flat = emb.reshape(b, EMB, GRID * GRID)
        wp = sharp * lab
        wn = sharp * (1 - lab)
        fp = torch.bmm(flat, wp.sum(dim=1, keepdim=True).transpose(1, 2)) / (wp.sum(dim=(1, 2)).reshape(b, 1, 1) + 1e-4)
        fn = torch.bmm(flat, wn.sum(dim=1, keepdim=True).transpose(1, 2)) / (wn.sum(dim=(1, 2)).reshape(b, 1, 1) + 1e-4)
        nf = flat / (flat.norm(dim=1, keepdim=True) + 1e-4)
        sp = (nf * (fp / (fp.norm(dim=1, keepdim=True) + 1e-4))).sum(dim=1).reshape(b, 1, GRID, GRID)
        sn = (nf * (fn / (fn.norm(dim=1, keepdim=True) + 1e-4))).sum(dim=1).reshape(b, 1, GRID, GRID)
        has_neg = (wn.sum(dim=(1, 2)) > 1e-3).float().reshape(b, 1, 1, 1)
        return self.net(torch.cat([emb, pos, neg, sp, sn * has_neg], dim=1))

    def forward(self, emb, coords, labels):
        return F.interpolate(self.core(emb, coords, labels), size=(MASK, MASK), mode="bilinear", align_corners=False)


def smooth_noise(n, ch, res, size, gen):
    z = torch.rand(n, ch, res, res, generator=gen)
    return F.interpolate(z, size=(size, size), mode="bilinear", align_corners=False)


def texture(n, gen):
    """Random textures: a base colour, smooth variation, grain and sometimes stripes."""
    base = torch.rand(n, 3, 1, 1, generator=gen)
    gray = (torch.rand(n, 1, 1, 1, generator=gen) < 0.5).float()
    base = gray * base.mean(dim=1, keepdim=True) + (1 - gray) * base
    res = int(torch.randint(2, 12, (1,), generator=gen))
    t = base + (smooth_noise(n, 1, res, SIZE, gen) - 0.5) * 0.4 * torch.rand(n, 1, 1, 1, generator=gen)
    t = t + (torch.rand(n, 1, SIZE, SIZE, generator=gen) - 0.5) * 0.3 * torch.rand(n, 1, 1, 1, generator=gen)
    ys, xs = torch.meshgrid(torch.arange(SIZE).float(), torch.arange(SIZE).float(), indexing="ij")
    ang = torch.rand(n, 1, 1, 1, generator=gen) * math.pi
    freq = 0.1 + torch.rand(n, 1, 1, 1, generator=gen) * 0.6
    stripes = torch.sin((xs * torch.cos(ang) + ys * torch.sin(ang)) * freq)
    use = (torch.rand(n, 1, 1, 1, generator=gen) < 0.3).float()
    t = t + use * stripes * 0.15
    return t.clamp(0, 1)


def shape_masks(n, gen):
    ys, xs = torch.meshgrid(torch.arange(SIZE).float() + 0.5, torch.arange(SIZE).float() + 0.5, indexing="ij")
    out = torch.zeros(n, 1, SIZE, SIZE)
    for i in range(n):
        kind = int(torch.randint(0, 3, (1,), generator=gen))
        cx, cy = (torch.rand(2, generator=gen) * 0.7 + 0.15) * SIZE
        rx, ry = (torch.rand(2, generator=gen) * 0.25 + 0.05) * SIZE
        if kind == 0:
            ang = float(torch.rand(1, generator=gen)) * math.pi
            u = (xs - cx) * math.cos(ang) + (ys - cy) * math.sin(ang)
            v = -(xs - cx) * math.sin(ang) + (ys - cy) * math.cos(ang)
            out[i, 0] = ((u / rx) ** 2 + (v / ry) ** 2 <= 1).float()
        elif kind == 1:
            out[i, 0] = ((xs - cx).abs() <= rx).float() * ((ys - cy).abs() <= ry).float()
        else:
            blob = smooth_noise(1, 1, int(torch.randint(3, 7, (1,), generator=gen)), SIZE, gen)[0, 0]
            ell = ((xs - cx) / (rx * 1.3)) ** 2 + ((ys - cy) / (ry * 1.3)) ** 2
            out[i, 0] = ((blob - ell * 0.5) > 0.35).float()
        if out[i, 0].sum() < 20:
            out[i, 0] = ((xs - cx) ** 2 + (ys - cy) ** 2 <= 64).float()
    return out


def sample_points(mask, k, gen):
    """k random (x, y) in 0..1 inside a [H, W] mask (uniform over its pixels)."""
    idx = mask.flatten().nonzero().flatten()
    if idx.numel() == 0:
        idx = torch.arange(mask.numel())
    pick = idx[torch.randint(0, idx.numel(), (k,), generator=gen)]
    y = (pick // SIZE).float() + 0.5
    x = (pick % SIZE).float() + 0.5
    return torch.stack([x, y], dim=1) / SIZE


def batch(n, gen):
    img = texture(n, gen)
    objs = []
    target = torch.zeros(n, 1, SIZE, SIZE)
    count = int(torch.randint(1, 4, (1,), generator=gen))
    for j in range(count):
        m = shape_masks(n, gen)
        img = img * (1 - m) + texture(n, gen) * m
        objs.append(m)
    # The target is the visible part of one object (later objects cover earlier ones).
    which = torch.randint(0, count, (n,), generator=gen)
    visible = []
    cover = torch.zeros(n, 1, SIZE, SIZE)
    for m in reversed(objs):
        visible.insert(0, m * (1 - cover))
        cover = torch.maximum(cover, m)
    for i in range(n):
        target[i] = visible[int(which[i])][i]
    npos = int(torch.randint(1, 4, (1,), generator=gen))
    nneg = int(torch.randint(0, 3, (1,), generator=gen))
    coords, labels = [], []
    for i in range(n):
        p = sample_points(target[i, 0], npos, gen)
        q = sample_points(1 - target[i, 0], nneg, gen) if nneg else torch.zeros(0, 2)
        coords.append(torch.cat([p, q]))
        labels.append(torch.cat([torch.ones(npos), torch.zeros(nneg)]))
    return img, torch.stack(coords), torch.stack(labels), target


def train(seconds, seed, log=print):
    torch.manual_seed(seed)
    gen = torch.Generator().manual_seed(seed)
    enc, dec = Encoder(), Decoder()
    opt = torch.optim.Adam(list(enc.parameters()) + list(dec.parameters()), lr=2e-3)
    start = time.time()
    step = 0
    ema = None
    while time.time() - start < seconds:
        img, coords, labels, target = batch(12, gen)
        logits = F.interpolate(dec.core(enc(img), coords, labels), size=(SIZE, SIZE), mode="bilinear", align_corners=False)
        prob, loss = mask_loss(logits, target)
        opt.zero_grad()
        loss.backward()
        opt.step()
        step += 1
        with torch.no_grad():
            inter = ((prob > 0.5).float() * target).sum(dim=(1, 2, 3))
            union = ((prob > 0.5).float() + target).clamp(max=1).sum(dim=(1, 2, 3))
            iou = float((inter / union.clamp(min=1)).mean())
        ema = iou if ema is None else 0.95 * ema + 0.05 * iou
        if step % 50 == 0:
            log(json.dumps({"step": step, "loss": round(float(loss), 4), "iou": round(ema, 3), "s": round(time.time() - start)}))
    return enc.eval(), dec.eval(), {"steps": step, "train_iou_ema": round(ema or 0, 3), "seconds": round(time.time() - start)}


def export(enc, dec, out: Path, info):
    out.mkdir(parents=True, exist_ok=True)
    img = torch.rand(1, 3, SIZE, SIZE)
    with torch.no_grad():
        emb = enc(img)
        torch.onnx.export(enc, img, str(out / "encoder.onnx"), input_names=["image"], output_names=["embedding"], opset_version=13)
        coords = torch.tensor([[[0.5, 0.5], [0.2, 0.2]]])
        labels = torch.tensor([[1.0, 0.0]])
        torch.onnx.export(dec, (emb, coords, labels), str(out / "decoder.onnx"),
                          input_names=["embedding", "point_coords", "point_labels"], output_names=["masks"],
                          dynamic_axes={"point_coords": {1: "points"}, "point_labels": {1: "points"}}, opset_version=13)
    meta = {"name": "sightline-click-seg", "input_size": SIZE, "embedding": [1, EMB, GRID, GRID], "mask_size": MASK, **info}
    (out / "segment.json").write_text(json.dumps(meta, indent=2))
    return meta


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--out", required=True)
    ap.add_argument("--seconds", type=float, default=180)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--finetune", metavar="DATA.json", help="refine the default pair on these images and masks")
    ap.add_argument("--steps", type=int, default=None, help="--finetune: stop after this many steps")
    ap.add_argument("--holdout", type=int, default=2, help="--finetune: images scored, not trained on")
    ap.add_argument("--checkpoint-from", metavar="DIR", help="write the PyTorch state of DIR's pair to --out")
    a = ap.parse_args()
    from . import segment_refine
    if a.checkpoint_from:
        segment_refine.checkpoint_from_onnx(Path(a.checkpoint_from), Path(a.out))
        return
    if a.finetune:
        segment_refine.run(Path(a.finetune), Path(a.out), a.seconds, a.steps, a.seed, a.holdout)
        return
    enc, dec, info = train(a.seconds, a.seed)
    print(json.dumps(export(enc, dec, Path(a.out), info)))


if __name__ == "__main__":
    main()
