"""Dataset decoding: every image is decoded once, cropped to target regions, resized and kept as a
uint8 tensor, so that training steps never wait on disk or PIL (two cores stay on the network)."""
import numpy as np
import torch
from PIL import Image, UnidentifiedImageError

from .protocol import Throttle, TrainerError, emit

# Seconds between progress lines while a dataset is decoded.
PROGRESS_SECONDS = 1.0
GRAY_MODES = {"1", "L", "LA", "I", "I;16", "F"}
COLOUR_MODES = {"RGB", "RGBA", "P", "CMYK", "YCbCr", "PA"}


def open_image(path):
    try:
        img = Image.open(path)
        img.load()
    except (UnidentifiedImageError, OSError, ValueError) as exc:
        raise TrainerError("DATA_CORRUPT_FILE", f"Cannot read image {path}: {exc}", {"path": path})
    if img.mode not in GRAY_MODES | COLOUR_MODES:
        raise TrainerError("DATA_CHANNELS", f"Unsupported pixel format {img.mode} in {path}", {"path": path})
    return img


def header(path):
    """Mode and size from the file header only: the full decode happens once, in decode_all."""
    try:
        with Image.open(path) as img:
            return img.mode, img.size
    except (UnidentifiedImageError, OSError, ValueError) as exc:
        raise TrainerError("DATA_CORRUPT_FILE", f"Cannot read image {path}: {exc}", {"path": path})


def to_channels(img, channels):
    """RGB first, then BT.601 luma for one channel (the inference side converts the same way)."""
    # Already in the wanted form: the conversions below would return the same pixels, slower than the decode.
    if (channels == 1 and img.mode == "L") or (channels == 3 and img.mode == "RGB"):
        return img
    if img.mode in ("I", "I;16", "F"):
        arr = np.asarray(img, dtype=np.float32)
        arr = arr * (255.0 / max(float(arr.max()), 1.0))
        img = Image.fromarray(arr.clip(0, 255).astype(np.uint8), "L")
    rgb = img.convert("RGB")
    if channels == 3:
        return rgb
    a = np.asarray(rgb, dtype=np.float32)
    luma = a[..., 0] * 0.299 + a[..., 1] * 0.587 + a[..., 2] * 0.114
    return Image.fromarray(np.rint(luma).clip(0, 255).astype(np.uint8), "L")


def crops(img, regions):
    """One crop per target region (x, y, w, h in pixels), or the whole image."""
    if not regions:
        return [img]
    return [img.crop((int(x), int(y), int(x + w), int(y + h))) for x, y, w, h in regions]


def to_tensor(img, size):
    img = img.resize((size, size), Image.BILINEAR)
    arr = np.asarray(img, dtype=np.uint8)
    if arr.ndim == 2:
        arr = arr[None]
    else:
        arr = arr.transpose(2, 0, 1)
    return torch.from_numpy(arr.copy())


def check_modes(items, channels, stop):
    """Mixed grey and colour images in a colour model is almost always a data mistake."""
    gray, colour, sizes = [], [], set()
    for it in items:
        stop.check()
        mode, size = header(it["path"])
        if mode not in GRAY_MODES | COLOUR_MODES:
            raise TrainerError("DATA_CHANNELS", f"Unsupported pixel format {mode} in {it['path']}", {"path": it["path"]})
        (gray if mode in GRAY_MODES else colour).append(it["path"])
        sizes.add(size)
    if channels == 3 and gray and colour:
        raise TrainerError(
            "DATA_MIXED_CHANNELS",
            f"{len(gray)} grayscale and {len(colour)} colour images are mixed; set grayscale=1 or convert the images",
            {"gray": gray[:5], "colour": colour[:5]},
        )
    return sizes


def check_regions(items, regions, stop):
    if not regions:
        return
    if len(regions) > 10:
        raise TrainerError("REGION_TOO_MANY", "At most 10 target regions are allowed")
    sizes = check_modes(items, 1, stop)
    if len(sizes) > 1:
        raise TrainerError(
            "REGION_SIZE_MISMATCH",
            "Training with a target region requires all images to have the same width and height",
            {"sizes": [list(s) for s in sorted(sizes)][:5]},
        )
    (w, h), = sizes
    for x, y, rw, rh in regions:
        if rw < 2 or rh < 2 or x < 0 or y < 0 or x + rw > w or y + rh > h:
            raise TrainerError("REGION_OUT_OF_BOUNDS", f"Target region {[x, y, rw, rh]} lies outside the {w}x{h} images")


def decode_all(items, size, channels, regions, stop):
    """uint8 tensor [N*R, C, S, S] plus the original (width, height) of each item."""
    out, sizes = [], []
    # Decoding a large dataset takes minutes; progress keeps the user (and the job's heartbeat) informed.
    # The first line (done=0) goes out at once, then one a second.
    throttle = Throttle(PROGRESS_SECONDS)
    for done, it in enumerate(items):
        stop.check()
        if throttle.ready():
            emit("decoding", images=len(items), done=done)
        with open_image(it["path"]) as img:
            sizes.append(img.size)
            for crop in crops(to_channels(img, channels), regions):
                out.append(to_tensor(crop, size))
    if not out:
        raise TrainerError("DATA_EMPTY", "The dataset has no images")
    return torch.stack(out), sizes
