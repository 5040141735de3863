"""Mixed precision and memory layout for training. On CPUs with native bfloat16 arithmetic (x86 avx512_bf16 or
AMX) oneDNN runs convolutions in bfloat16 faster than in float32 (the od detector's warmed training step at 16
tiles of 128 px on the 2-core machine, channels-last: 66 ms against 80; sg's full-resolution U-Net gains more),
which buys more epochs within the same time budget. Elsewhere bfloat16 is emulated and slower, so float32 stays.
Weights, optimiser state, EMA, losses, the final validation and the exported ONNX graph stay float32; the training
forward (and so its backward) and the per-epoch validation that picks the epoch to keep run in bfloat16.

The same adapters train with their weights in channels-last layout, which oneDNN's convolutions prefer on CPU
(the od step: 80 against 103 ms in float32, 66 in bfloat16; the same arithmetic, so on any CPU). The state
kept and exported is turned back to the default layout (`contiguous_state`, `default_layout`)."""
import contextlib
import copy
import os

import torch

_NATIVE = None


def native_bf16():
    """True when this CPU has bfloat16 instructions (Linux /proc/cpuinfo flags). SIGHTLINE_TRAIN_PRECISION=fp32
    or bf16 overrides the detection (to compare both on one machine)."""
    global _NATIVE
    forced = os.environ.get("SIGHTLINE_TRAIN_PRECISION", "")
    if forced in ("fp32", "bf16"):
        return forced == "bf16"
    if _NATIVE is None:
        try:
            with open("/proc/cpuinfo") as f:
                flags = next((line.split(":", 1)[1].split() for line in f if line.startswith("flags")), [])
        except OSError:
            flags = []
        _NATIVE = "avx512_bf16" in flags or "amx_bf16" in flags
    return _NATIVE


def train_precision(adapter):
    """'bf16' for adapters whose losses were checked with a bfloat16 forward (`amp = True`) on a CPU with native
    bfloat16, else 'fp32'."""
    return "bf16" if getattr(adapter, "amp", False) and native_bf16() else "fp32"


def forward_context(precision):
    """The context the training forward runs in: bfloat16 autocast, or nothing."""
    if precision == "bf16":
        return torch.autocast("cpu", dtype=torch.bfloat16)
    return contextlib.nullcontext()


def train_layout(model, adapter):
    """The network in channels-last layout for adapters marked `amp` (their inputs need no change: a
    channels-last weight makes the convolution channels-last)."""
    if getattr(adapter, "amp", False):
        return model.to(memory_format=torch.channels_last)
    return model


def eval_copy(model, adapter):
    """The network to validate: for adapters marked `amp`, a copy with each BatchNorm folded into the convolution
    before it (eval mode: the same function up to float rounding) in channels-last layout. Validation runs every
    epoch, and on this CPU the unfused network's BatchNorms in channels-last cost as much as its convolutions
    (the od detector on 64 tiles of 128: 265 ms float32 unfused, 147 fused, 45 fused under bfloat16). A network
    torch.fx cannot trace is validated as it is."""
    if not getattr(adapter, "amp", False):
        return model
    try:
        from torch.fx.experimental.optimization import fuse

        return fuse(copy.deepcopy(model).eval()).to(memory_format=torch.channels_last)
    except Exception:  # noqa: BLE001 - any tracing failure: validate the plain network
        return model


def default_layout(model):
    return model.to(memory_format=torch.contiguous_format)


def contiguous_state(state):
    """A state dict with every tensor in the default layout (checkpoints read by other code, ONNX export)."""
    return {k: v.contiguous() if torch.is_tensor(v) else v for k, v in state.items()}
