"""'auto' parameters (value 0): input size and epochs picked from the dataset and the time budget, so that a
user who leaves the defaults gets a run sized to their data instead of one fixed number for every set.

Calibration (packages/vision/README.md, "Auto parameters"): on the real development sets the rules below give
exactly the settings measured there (NEU six-class cf: 128 px, 60 epochs; DeepPCB od: tiles of 128, 60 epochs;
CrackForest sg: tiles of 128, 40 epochs), so those figures hold for the auto defaults."""
import math

import numpy as np

# Optimiser steps a run aims at (epochs = steps / steps per epoch), per task: what the measured defaults give
# on the development sets (cf 60 epochs x 36 steps, od 60 x 100, sg 40 x 24; ad 30 epochs x 5 steps on the
# 100-image synthetic sets the ad methods were tuned on). od went from 40 to 60 epochs when its training step
# moved to bfloat16 and channels-last (precision.py; 70 against 101 ms): DeepPCB test mAP@0.5 0.914 -> 0.928 in
# about the same wall time (README, session 11).
TARGET_STEPS = {"cf": 2160, "od": 6000, "sg": 960, "ad": 150}
# A small set still gets enough passes to converge, a huge one at least a few; the time budget cuts further.
MIN_EPOCHS, MAX_EPOCHS = 10, 200

# Whole-image (stretch) input sides tried, smallest first; never above the images' own median long side.
STRETCH_SIDES = (64, 96, 128, 160, 192, 224, 256)
# Stretch: the side of the measured defaults, taken whenever the images are at least that large.
STRETCH_BASE = 128
# Stretch above the base only when the planned epochs at that side fit in this share of the time budget
# (early stopping and the budget clock keep the rest as headroom).
BUDGET_SHARE = 0.5
# Seconds per training image and epoch at 128 px on this 2-core machine (cf, width 32: NEU six-class, 30 epochs
# of 1,152 images in 191 s); cost grows with the pixel count.
SECONDS_PER_IMAGE_128 = 0.0055
# Tile mode: the tile side of the measured defaults; smaller only when every (scaled) image is smaller.
TILE = {"od": 128, "sg": 128, "ad": 128}


def ceil32(v):
    return int(math.ceil(v / 32.0) * 32)


def auto_epochs(task, steps_per_epoch):
    return int(min(MAX_EPOCHS, max(MIN_EPOCHS, round(TARGET_STEPS.get(task, 2000) / max(1, steps_per_epoch)))))


def stretch_size(task, sizes, n_train, batch, budget):
    """Whole-image input side: the base side (or the images' own side when smaller); for cf larger (up to 256)
    when the images are larger and the planned run still fits the time budget at that side (the cost model is
    the classifier's; the ad networks keep the base side)."""
    long_side = float(np.median([max(w, h) for w, h in sizes])) if sizes else STRETCH_BASE
    native = [s for s in STRETCH_SIDES if s >= min(long_side, STRETCH_SIDES[-1])]
    cap = native[0] if native else STRETCH_SIDES[-1]
    side = min(STRETCH_BASE, cap)
    if task == "cf" and budget > 0 and cap > STRETCH_BASE:
        epochs = auto_epochs(task, math.ceil(n_train / max(1, batch)))
        for s in STRETCH_SIDES:
            if STRETCH_BASE < s <= cap:
                seconds = epochs * n_train * SECONDS_PER_IMAGE_128 * (s / 128.0) ** 2
                if seconds <= BUDGET_SHARE * budget:
                    side = s
    return max(STRETCH_SIDES[0], side)


def tile_size(task, sizes):
    """Tile side: the task's tile, or the largest image's long side (rounded up to 32, at least 64) when every
    image fits in a smaller tile (padding a 64 px part to 128 px only costs time)."""
    tile = TILE.get(task, 128)
    longest = max((max(w, h) for w, h in sizes), default=tile)
    return max(64, min(tile, ceil32(longest)))
