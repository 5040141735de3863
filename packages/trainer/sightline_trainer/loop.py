"""The training loop shared by every task: seeding, resume, cancellation, divergence checks,
early stopping, per-epoch checkpoints, ONNX export and the model manifest."""
import copy
import json
import math
import os
import random
import time
from pathlib import Path

import numpy as np
import torch

from . import __version__
from .auto import auto_epochs
from .checkpoint import init_from_model, init_weights, load, save_atomic
from .export import export_onnx
from .precision import contiguous_state, default_layout, eval_copy, forward_context, train_layout, train_precision
from .protocol import Throttle, TrainerError, _clean as clean, emit

EXPLODE_LIMIT = 1e6
# Seconds kept free at the end of a time budget for the final validation, export and manifest.
EXPORT_RESERVE = 30


def seed_all(seed):
    random.seed(seed)
    np.random.seed(seed % (2**32))
    torch.manual_seed(seed)


def set_threads(cfg):
    n = int(cfg.get("threads") or os.cpu_count() or 1)
    torch.set_num_threads(n)
    return n


def _lr_factor(epoch, epochs, warmup=1):
    if epoch < warmup:
        return 0.3
    t = (epoch - warmup) / max(1, epochs - warmup)
    return 0.05 + 0.95 * 0.5 * (1 + math.cos(math.pi * t))


def budget_clock(threads):
    """Seconds for the time budget: wall time, or with SIGHTLINE_BUDGET_CLOCK=cpu this process's CPU time per
    thread, i.e. the wall time of an otherwise idle machine (quality measurements on a shared machine then do not
    depend on other load; the bench uses it and reports wall seconds beside it)."""
    if os.environ.get("SIGHTLINE_BUDGET_CLOCK") == "cpu":
        return time.process_time() / max(1, threads)
    return time.time()


def ema_update(ema, model, updates):
    """ema <- d * ema + (1 - d) * model for float tensors, d = min(0.99, (1 + n) / (10 + n)): a short horizon
    (about 100 steps) that suits schedules of a few hundred steps."""
    d = min(0.99, (1 + updates) / (10 + updates))
    with torch.no_grad():
        for e, m in zip(ema.state_dict().values(), model.state_dict().values()):
            if e.dtype.is_floating_point:
                e.mul_(d).add_(m.detach(), alpha=1 - d)
            else:
                e.copy_(m)


def recalibrate_bn(model, adapter, seed, bs, steps):
    """Re-estimates BatchNorm statistics as an exact average over a few training batches; with small
    datasets the running averages lag the weights and make validation (and early stopping) erratic."""
    bns = [m for m in model.modules() if isinstance(m, torch.nn.modules.batchnorm._BatchNorm)]
    for m in bns:
        m.reset_running_stats()
        m.momentum = None
    model.train()
    gen = torch.Generator().manual_seed(seed + 7)
    with torch.no_grad():
        for i, batch in enumerate(adapter.batches(gen, bs)):
            if i >= max(2, min(8, steps)):
                break
            model(batch[0])
    for m in bns:
        m.momentum = 0.1
    model.eval()


def health_warnings(adapter, metrics):
    """Model health check on the final validation metrics: a model that learned nothing (IoU ~ 0, AUROC ~ 0.5,
    one class for everything, mAP ~ 0) must not end as a silent success. Each warning is
    {code, message, details}; the codes have ko/en texts in packages/domain (vision-messages.ts)."""
    reason = adapter.degenerate(metrics)
    if not reason:
        return []
    return [{"code": "MODEL_DEGENERATE", "message": f"The model did not learn to find anything: {reason}",
             "details": {"reason": reason, "metrics": clean(metrics)}}]


def train(cfg, adapter, stop):
    started = time.time()
    params = cfg["params"]
    seed = int(params.get("seed", 42))
    threads = set_threads(cfg)
    seed_all(seed)
    out = Path(cfg["outDir"])
    out.mkdir(parents=True, exist_ok=True)
    ckpt_path = out / "checkpoint.pt"

    adapter.prepare(cfg, stop)
    epochs = int(params["epochs"])
    auto = dict(getattr(adapter, "auto", {}))
    if epochs == 0:  # 'auto': from the dataset's steps per epoch (auto.py); the time budget cuts further
        epochs = params["epochs"] = auto["epochs"] = auto_epochs(adapter.task, adapter.steps_per_epoch(int(params["batchSize"])))
    if hasattr(adapter, "max_epochs"):
        epochs = adapter.max_epochs(epochs)  # methods with nothing to train (ad pixel patches): one epoch
    patience = int(params.get("patience", epochs))
    bs = int(params["batchSize"])
    precision = train_precision(adapter)
    emit("started", task=adapter.task, epochs=epochs, trainImages=adapter.n_train, valImages=adapter.n_val,
         threads=threads, torch=torch.__version__, auto=auto, precision=precision)

    model = adapter.build()
    history_before = []
    if cfg.get("initFrom"):
        history_before = init_from_model(model, cfg["initFrom"], adapter.arch)
    elif cfg.get("initWeights"):
        init_weights(model, cfg["initWeights"])
    model = train_layout(model, adapter)
    trainable = [q for q in model.parameters() if q.requires_grad]
    # A model without weights (ad pixel patches: only a fitted memory bank) has no optimiser state.
    opt = torch.optim.AdamW(trainable, lr=float(params["learningRate"]), weight_decay=1e-4) if trainable else None

    start_epoch, best_score, best_state, bad, history = 0, -math.inf, None, 0, []
    # EMA of the weights (od, sg): validated, kept and exported instead of the raw weights; on short CPU
    # schedules the average is steadier than the last step.
    ema = copy.deepcopy(model) if getattr(adapter, "use_ema", False) else None
    ema_updates = 0
    if cfg.get("resume", True) and ckpt_path.exists():
        ck = load(ckpt_path)
        model.load_state_dict(ck["model"])
        if ema is not None:
            ema.load_state_dict(ck["ema"] if ck.get("ema") is not None else ck["model"])
            ema_updates = ck.get("emaUpdates", 0)
        if opt is not None:
            opt.load_state_dict(ck["optimizer"])
        start_epoch, best_score, bad = ck["epoch"] + 1, ck["bestScore"], ck["bad"]
        best_state, history, history_before = ck["bestState"], ck["history"], ck["historyBefore"]
        emit("resumed", epoch=start_epoch)

    run = 1 + max([h.get("run", 1) for h in history_before] or [0])
    steps = adapter.steps_per_epoch(bs)
    throttle = Throttle(float(cfg.get("progressSeconds", 1.0)))
    step_times = []
    epoch = start_epoch - 1
    budget = float(params.get("timeBudget") or 0)
    # The budget counts from the start of the run, decoding included (the CPU clock from the process start).
    clock0 = 0.0 if os.environ.get("SIGHTLINE_BUDGET_CLOCK") == "cpu" else started
    planned = epochs
    for epoch in range(start_epoch, epochs):
        if bad >= patience:
            break
        if budget and history:
            # Time budget (seconds, whole run): once an epoch's cost is known, the planned epochs shrink to
            # what fits, so the cosine schedule still ends at its low learning rate. Re-checked every epoch
            # because other load on a shared machine changes the pace: the median of the latest epochs (the
            # first one is dearer, warm-up), and a cut grows back (never beyond the plan) once the pace allows.
            per_epoch = float(np.median([h.get("clock", h["seconds"]) for h in history[-5:]]))
            left = budget - budget_clock(threads) + clock0 - EXPORT_RESERVE
            fit = max(epoch, min(planned, epoch + int(left // max(per_epoch, 1e-6))))
            if fit != epochs:
                epochs = fit
                emit("budget", epochs=epochs, secondsPerEpoch=per_epoch, budget=budget)
            if epoch >= epochs:
                break
        t0, c0 = time.time(), budget_clock(threads)
        for g in opt.param_groups if opt else []:
            g["lr"] = float(params["learningRate"]) * _lr_factor(epoch, epochs)
        # Per-epoch seeds make a resumed run draw the same batches as an uninterrupted one.
        torch.manual_seed(seed * 1000 + epoch)
        gen = torch.Generator().manual_seed(seed * 1000 + epoch)
        model.train()
        total, count, seen = 0.0, 0, 0
        for step, batch in enumerate(adapter.batches(gen, bs)):
            stop.check()
            ts = time.time()
            with forward_context(precision):
                loss = adapter.loss(model, batch)
            value = float(loss.detach())
            if not math.isfinite(value) or value > EXPLODE_LIMIT:
                raise TrainerError("LOSS_DIVERGED", f"The loss became {value} at epoch {epoch + 1}, step {step + 1}; "
                                   "lower the learning rate or check the labels", {"epoch": epoch + 1, "loss": value})
            opt.zero_grad(set_to_none=True)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(model.parameters(), 5.0)
            opt.step()
            if ema is not None:
                ema_updates += 1
                ema_update(ema, model, ema_updates)
            total, count, seen = total + value, count + 1, seen + adapter.batch_len(batch)
            step_times.append(time.time() - ts)
            if throttle.ready():
                remaining = (epochs - epoch) * steps - (step + 1)
                rate = seen / max(time.time() - t0, 1e-6)
                emit("progress", epoch=epoch + 1, epochs=epochs, step=step + 1, steps=steps, loss=total / count,
                     imagesPerSecond=rate, etaSeconds=remaining * (time.time() - t0) / (step + 1),
                     percent=100.0 * (epoch * steps + step + 1) / (epochs * steps))
        judged = model if ema is None else ema
        recalibrate_bn(judged, adapter, seed, bs, steps)
        with torch.no_grad(), forward_context(precision):
            val = adapter.validate(eval_copy(judged, adapter))
        entry = {"run": run, "epoch": len(history_before) + epoch + 1, "trainLoss": total / max(count, 1),
                 "valLoss": val["valLoss"], "metrics": val["metrics"], "seconds": time.time() - t0,
                 "imagesPerSecond": seen / max(time.time() - t0, 1e-6), "clock": budget_clock(threads) - c0}
        history.append(entry)
        if val["score"] > best_score:
            best_score, bad = val["score"], 0
            best_state = copy.deepcopy(judged.state_dict())
        elif val.get("degenerate"):
            # A model that still predicts nothing (IoU 0, one class for all) has not started to learn yet:
            # early stopping must not end the run there, so those epochs do not use up the patience.
            pass
        else:
            bad += 1
        save_atomic({"model": model.state_dict(), "ema": None if ema is None else ema.state_dict(), "emaUpdates": ema_updates,
                     "optimizer": opt.state_dict() if opt else None, "epoch": epoch, "bestScore": best_score,
                     "bad": bad, "bestState": best_state, "history": history, "historyBefore": history_before}, ckpt_path)
        emit("epoch", epoch=epoch + 1, epochs=epochs, trainLoss=entry["trainLoss"], valLoss=entry["valLoss"],
             metrics=val["metrics"], best=bad == 0, seconds=entry["seconds"],
             etaSeconds=(epochs - epoch - 1) * entry["seconds"])
        emit("checkpoint", path=str(ckpt_path), epoch=epoch + 1)

    stop.check()
    if best_state is None:
        raise TrainerError("TRAINING_EMPTY", "No epoch was trained")
    best_state = contiguous_state(best_state)
    model = default_layout(model)
    model.load_state_dict(best_state)
    model.eval()
    # Adapters may validate the kept model more thoroughly than each epoch (cf: flip test-time augmentation).
    adapter.finishing = True
    with torch.no_grad():
        final = adapter.validate(eval_copy(model, adapter))
        extra = adapter.finalize(model)
    warnings = health_warnings(adapter, final["metrics"])
    for w in warnings:
        emit("warning", **w)
    # Fewer epochs than planned: patience or the budget ended the run (the loop variable may sit on an epoch
    # that was never trained, so count the history).
    stopped_early = len(history) < epochs
    all_history = history_before + history
    save_atomic({"format": "sightline-checkpoint", "task": adapter.task, "arch": adapter.arch, "model": best_state,
                 "history": all_history, "classes": adapter.classes, "params": params}, out / "model.pt")
    export_onnx(adapter, model, out)
    manifest = {
        "format": "sightline-model", "version": 1, "task": adapter.task, "algorithm": cfg.get("algorithm"),
        "createdAt": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        "classes": adapter.classes, "input": adapter.input_spec(), "arch": adapter.arch, "params": params,
        "outputs": adapter.output_names, "history": all_history, "metrics": final["metrics"],
        "stoppedEarly": stopped_early, "files": {"onnx": "model.onnx", "checkpoint": "model.pt", "parity": "parity.json"},
        "trainer": {"version": __version__, "torch": torch.__version__, "seconds": time.time() - started,
                    "threads": threads, "precision": precision, "stepSeconds": float(np.median(step_times)) if step_times else None},
        "warnings": warnings,
        "auto": auto,
        **extra,
    }
    (out / "manifest.json").write_text(json.dumps(clean(manifest), indent=2))
    ckpt_path.unlink(missing_ok=True)
    emit("finished", modelDir=str(out), metrics=final["metrics"], epochs=len(history), stoppedEarly=stopped_early,
         seconds=time.time() - started, warnings=warnings)
    return manifest

