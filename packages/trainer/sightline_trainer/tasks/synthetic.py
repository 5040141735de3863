"""Synthetic anomalies for training on OK images only (DRAEM-style): blob, stroke and spot masks,
filled with foreign texture, a shifted intensity or another image's pixels."""
import math

import torch
import torch.nn.functional as F


def blob_masks(n, size, gen):
    """Thresholded smooth noise (a cheap stand-in for Perlin noise): irregular blobs."""
    res = int(torch.randint(3, 9, (1,), generator=gen))
    noise = torch.rand(n, 1, res, res, generator=gen)
    noise = F.interpolate(noise, size=(size, size), mode="bicubic", align_corners=False)
    flat = noise.flatten(1)
    area = 0.01 + 0.07 * torch.rand(n, 1, generator=gen)
    k = (area * flat.shape[1]).long().clamp(min=1)
    thr = flat.sort(dim=1, descending=True).values.gather(1, k)
    return (flat > thr).float().view(n, 1, size, size)


def stroke_masks(n, size, gen):
    """Thin polylines of 1 to 3 segments (scratches and cracks)."""
    ys, xs = torch.meshgrid(torch.arange(size) + 0.5, torch.arange(size) + 0.5, indexing="ij")
    out = torch.zeros(n, 1, size, size)
    for i in range(n):
        x, y = (torch.rand(2, generator=gen) * 0.8 + 0.1) * size
        ang = float(torch.rand(1, generator=gen)) * 2 * math.pi
        width = 0.6 + float(torch.rand(1, generator=gen)) * max(1.0, size / 40)
        for _ in range(int(torch.randint(1, 4, (1,), generator=gen))):
            ang += float(torch.rand(1, generator=gen) - 0.5) * 1.8
            length = (0.1 + 0.25 * float(torch.rand(1, generator=gen))) * size
            x2, y2 = x + math.cos(ang) * length, y + math.sin(ang) * length
            dx, dy = x2 - x, y2 - y
            t = (((xs - x) * dx + (ys - y) * dy) / (dx * dx + dy * dy + 1e-6)).clamp(0, 1)
            d = torch.hypot(xs - x - t * dx, ys - y - t * dy)
            out[i, 0] = torch.maximum(out[i, 0], (d <= width).float())
            x, y = x2, y2
    return out


def spot_masks(n, size, gen):
    ys, xs = torch.meshgrid(torch.arange(size) + 0.5, torch.arange(size) + 0.5, indexing="ij")
    c = (torch.rand(n, 2, generator=gen) * 0.8 + 0.1) * size
    r = (0.02 + 0.08 * torch.rand(n, generator=gen)) * size
    d = torch.hypot(xs[None] - c[:, 0, None, None], ys[None] - c[:, 1, None, None])
    return (d <= r[:, None, None]).float().unsqueeze(1)


def synthesize(x, gen, p_anomaly=0.5):
    """x in normalised units [-1, 1] (B, C, S, S) -> (augmented x, mask (B, S, S) long)."""
    n, c, size, _ = x.shape
    kind = torch.randint(0, 3, (n,), generator=gen)
    masks = torch.where((kind == 0).view(n, 1, 1, 1), blob_masks(n, size, gen),
                        torch.where((kind == 1).view(n, 1, 1, 1), stroke_masks(n, size, gen), spot_masks(n, size, gen)))
    masks = masks * (torch.rand(n, 1, 1, 1, generator=gen) < p_anomaly).float()
    # Fill: another image of the batch (flipped), a flat intensity, or the image shifted in brightness.
    other = torch.flip(x[torch.randperm(n, generator=gen)], dims=[2, 3])
    flat = (torch.rand(n, c, 1, 1, generator=gen) * 2 - 1).expand_as(x)
    shifted = (x + torch.sign(torch.rand(n, 1, 1, 1, generator=gen) - 0.5) * (0.4 + 0.8 * torch.rand(n, 1, 1, 1, generator=gen))).clamp(-1, 1)
    fill_kind = torch.randint(0, 3, (n, 1, 1, 1), generator=gen)
    fill = torch.where(fill_kind == 0, other, torch.where(fill_kind == 1, flat, shifted))
    beta = torch.rand(n, 1, 1, 1, generator=gen) * 0.5
    out = x * (1 - masks) + masks * (beta * x + (1 - beta) * fill)
    return out, masks.squeeze(1).long()
