"""Task adapters: what differs between cf, od, sg and ad around the shared training loop. ad has several
methods, chosen by algorithm id; without one, the default ad method (see the ad-methods bench)."""

AD_METHODS = {"ad-draem": ("ad", "AnomalyTask"), "ad-cutpaste": ("ad_selfsup", "CutPasteTask"),
              "ad-patchknn": ("ad_selfsup", "PatchKnnTask")}
AD_DEFAULT = "ad-patchknn"  # the measured winner of `npm run bench -- ad-methods`; first ad method in catalog.ts


def adapter_for(task, algorithm=None):
    if task == "cf":
        from .cf import ClassificationTask
        return ClassificationTask()
    if task == "od":
        from .od import DetectionTask
        return DetectionTask()
    if task == "sg":
        from .sg import SegmentationTask
        return SegmentationTask()
    from ..protocol import TrainerError
    if task == "ad":
        if algorithm is not None and algorithm not in AD_METHODS:
            raise TrainerError("BAD_CONFIG", f"Unknown ad algorithm {algorithm!r}")
        import importlib
        module, cls = AD_METHODS[algorithm or AD_DEFAULT]
        return getattr(importlib.import_module(f".{module}", __name__), cls)()
    raise TrainerError("BAD_CONFIG", f"Unknown task {task!r}")
