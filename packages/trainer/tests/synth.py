"""Synthetic inspection images generated in code: textured surfaces with scratches, spots and cracks."""
import numpy as np
from PIL import Image, ImageDraw


def surface(rng, size):
    low = rng.random((size // 16 + 2, size // 16 + 2))
    low = np.array(Image.fromarray((low * 255).astype(np.uint8)).resize((size, size), Image.BICUBIC), dtype=np.float32) / 255
    img = 0.45 + 0.15 * low + rng.normal(0, 0.04, (size, size))
    return img


def draw_defect(img, kind, rng):
    """Draws a defect on a float image in place; returns its mask (bool)."""
    size = img.shape[0]
    mask_img = Image.new("L", (size, size), 0)
    d = ImageDraw.Draw(mask_img)
    if kind == "scratch":
        x0, y0 = rng.uniform(0.1, 0.9, 2) * size
        ang, length = rng.uniform(0, np.pi), rng.uniform(0.3, 0.6) * size
        d.line([x0, y0, x0 + np.cos(ang) * length, y0 + np.sin(ang) * length], fill=255, width=max(1, size // 40))
        value = 0.95
    elif kind == "spot":
        cx, cy = rng.uniform(0.2, 0.8, 2) * size
        r = rng.uniform(0.05, 0.1) * size
        d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=255)
        value = 0.1
    else:  # crack: a jagged random walk
        pts = [tuple(rng.uniform(0.2, 0.8, 2) * size)]
        ang = rng.uniform(0, 2 * np.pi)
        for _ in range(6):
            ang += rng.uniform(-0.9, 0.9)
            step = size * 0.07
            pts.append((pts[-1][0] + np.cos(ang) * step, pts[-1][1] + np.sin(ang) * step))
        d.line(pts, fill=255, width=max(1, size // 32))
        value = 0.15
    mask = np.array(mask_img) > 127
    img[mask] = value + rng.normal(0, 0.03, mask.sum())
    return mask


def save(img, path, colour=False):
    arr = (np.clip(img, 0, 1) * 255).astype(np.uint8)
    im = Image.fromarray(arr, "L")
    (im.convert("RGB") if colour else im).save(path)


def cf_dataset(root, per_class=30, size=64, seed=0, kinds=("good", "scratch", "spot", "crack")):
    rng = np.random.default_rng(seed)
    items = []
    for label, kind in enumerate(kinds):
        (root / kind).mkdir(parents=True, exist_ok=True)
        for i in range(per_class):
            img = surface(rng, size)
            if kind != "good":
                draw_defect(img, kind, rng)
            path = root / kind / f"{i}.png"
            save(img, path)
            items.append({"path": str(path), "label": label})
    classes = [{"name": k, "ok": k == "good"} for k in kinds]
    return {"classes": classes, "items": items}


def ad_dataset(root, n_good=60, n_test=20, size=64, seed=0):
    """OK-only training images and a labelled test set (good / defect with masks)."""
    rng = np.random.default_rng(seed)
    (root / "train").mkdir(parents=True, exist_ok=True)
    items = []
    for i in range(n_good):
        path = root / "train" / f"{i}.png"
        save(surface(rng, size), path)
        items.append({"path": str(path)})
    test = []
    for i in range(n_test):
        img = surface(rng, size)
        mask = draw_defect(img, ["scratch", "spot", "crack"][i % 3], rng) if i % 2 else None
        path = root / f"test_{i}.png"
        save(img, path)
        test.append((str(path), mask))
    return {"classes": [{"name": "good", "ok": True}], "items": items}, test
