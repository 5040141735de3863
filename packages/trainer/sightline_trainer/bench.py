"""Training throughput: the real pipeline (decoded uint8 tensors -> on-the-fly augmentation -> step)
against the same network fed one pre-built batch of in-memory tensors. The ratio shows whether data
preparation keeps the cores on the network."""
import time

import torch

from .loop import seed_all, set_threads
from .precision import forward_context, train_layout, train_precision
from .tasks import adapter_for


def _run(adapter, model, opt, batches, steps, stop=None):
    precision = train_precision(adapter)
    model.train()
    n = 0
    t0 = time.perf_counter()
    for i in range(steps):
        if stop is not None:
            stop.check()
        batch = next(batches)
        with forward_context(precision):
            loss = adapter.loss(model, batch)
        opt.zero_grad(set_to_none=True)
        loss.backward()
        opt.step()
        n += adapter.batch_len(batch)
    return n / (time.perf_counter() - t0)


def _cycle(adapter, bs, seed):
    epoch = 0
    while True:
        yield from adapter.batches(torch.Generator().manual_seed(seed + epoch), bs)
        epoch += 1


def bench(cfg, stop):
    from .protocol import emit
    threads = set_threads(cfg)
    seed_all(0)
    adapter = adapter_for(cfg["task"], cfg.get("algorithm"))
    adapter.prepare(cfg, stop)
    bs, steps = int(cfg["params"]["batchSize"]), int(cfg.get("steps", 20))
    model = train_layout(adapter.build(), adapter)
    opt = torch.optim.AdamW(model.parameters(), lr=1e-4)
    fixed = next(adapter.batches(torch.Generator().manual_seed(1), bs))
    _run(adapter, model, opt, iter(lambda: fixed, None), 3)  # warm-up
    # Interleaved rounds so that load from other processes hits both measurements alike.
    mem, e2e, cyc = [], [], _cycle(adapter, bs, 5)
    for _ in range(int(cfg.get("rounds", 3))):
        stop.check()
        mem.append(_run(adapter, model, opt, iter(lambda: fixed, None), steps, stop))
        e2e.append(_run(adapter, model, opt, cyc, steps, stop))
    ratios = sorted(e / m for e, m in zip(e2e, mem))
    end_to_end, best_mem = sorted(e2e)[len(e2e) // 2], sorted(mem)[len(mem) // 2]
    emit("finished", task=adapter.task, threads=threads, batchSize=bs, steps=steps, endToEndImagesPerSecond=end_to_end,
         inMemoryImagesPerSecond=best_mem, precision=train_precision(adapter), ratio=ratios[len(ratios) // 2])
