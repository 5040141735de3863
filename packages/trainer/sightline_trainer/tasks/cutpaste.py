"""CutPaste augmentations (Li et al. 2021), batched: a patch of the image is cut at one place,
colour-jittered and pasted at another. "cutpaste" pastes a rectangle of 2-15 % of the area; "scar" a
thin rotated strip. Written as a per-image source offset plus a destination mask, so one gather does
the whole batch."""
import math

import torch


def _uniform(n, lo, hi, gen):
    return lo + (hi - lo) * torch.rand(n, generator=gen)


def _rect_masks(size, cx, cy, half_w, half_h, angle):
    """[B, 1, S, S] masks of rotated rectangles (centres, half sizes, angles per image)."""
    ys, xs = torch.meshgrid(torch.arange(size) + 0.5, torch.arange(size) + 0.5, indexing="ij")
    dx, dy = xs[None] - cx[:, None, None], ys[None] - cy[:, None, None]
    cos, sin = torch.cos(angle)[:, None, None], torch.sin(angle)[:, None, None]
    u, v = dx * cos + dy * sin, -dx * sin + dy * cos
    return ((u.abs() <= half_w[:, None, None]) & (v.abs() <= half_h[:, None, None])).float().unsqueeze(1)


def _shifted(x, gen):
    """Each image moved by its own random offset (wrapping): the source of the pasted patch."""
    b, c, s, _ = x.shape
    off = torch.randint(s // 8, s - s // 8, (b, 2), generator=gen)
    ys, xs = torch.meshgrid(torch.arange(s), torch.arange(s), indexing="ij")
    sy = (ys[None] + off[:, 0, None, None]) % s
    sx = (xs[None] + off[:, 1, None, None]) % s
    idx = (sy * s + sx).view(b, 1, s * s).expand(b, c, s * s)
    return x.flatten(2).gather(2, idx).view_as(x)


def _jitter(x, gen):
    """Brightness and contrast jitter of 0.1 (as in the paper), on values in [-1, 1]."""
    b = x.shape[0]
    bright = _uniform(b, -0.2, 0.2, gen).view(b, 1, 1, 1)
    contrast = _uniform(b, 0.9, 1.1, gen).view(b, 1, 1, 1)
    mean = x.mean((1, 2, 3), keepdim=True)
    return ((x - mean) * contrast + mean + bright).clamp(-1, 1)


def cutpaste(x, gen, scar=False):
    """x [B, C, S, S] in [-1, 1] -> (augmented x, mask [B, 1, S, S])."""
    b, _, s, _ = x.shape
    if scar:
        half_w = _uniform(b, 2, 16, gen) * s / 256 / 2
        half_h = _uniform(b, 10, 25, gen) * s / 256 / 2
        half_w, half_h = half_w.clamp(min=0.75), half_h.clamp(min=2.5)
        angle = _uniform(b, -math.pi / 4, math.pi / 4, gen)
    else:
        area = _uniform(b, 0.02, 0.15, gen) * s * s
        aspect = _uniform(b, 0.3, 1.0, gen)
        aspect = torch.where(torch.rand(b, generator=gen) < 0.5, aspect, 1 / aspect)
        half_w, half_h = (area * aspect).sqrt() / 2, (area / aspect).sqrt() / 2
        angle = torch.zeros(b)
    cx = half_w + torch.rand(b, generator=gen) * (s - 2 * half_w).clamp(min=0)
    cy = half_h + torch.rand(b, generator=gen) * (s - 2 * half_h).clamp(min=0)
    mask = _rect_masks(s, cx, cy, half_w, half_h, angle)
    patch = _jitter(_shifted(x, gen), gen)
    return x * (1 - mask) + patch * mask, mask


def three_way(clean, gen):
    """The CutPaste training batch: normal, CutPaste and CutPaste-scar versions of each image, labels 0/1/2."""
    n = clean.shape[0]
    x = torch.cat([clean, cutpaste(clean, gen)[0], cutpaste(clean, gen, scar=True)[0]])
    return x, torch.arange(3).repeat_interleave(n)
