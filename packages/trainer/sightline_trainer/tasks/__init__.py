"""Task adapters: what differs between cf, od, sg and ad around the shared training loop."""


def adapter_for(task):
    if task == "cf":
        from .cf import ClassificationTask
        return ClassificationTask()
    if task == "od":
        from .od import DetectionTask
        return DetectionTask()
    if task == "sg":
        from .sg import SegmentationTask
        return SegmentationTask()
    if task == "ad":
        from .ad import AnomalyTask
        return AnomalyTask()
    from ..protocol import TrainerError
    raise TrainerError("BAD_CONFIG", f"Unknown task {task!r}")
