"""JSON-lines protocol on stdout and cooperative cancellation (SIGTERM -> stop between steps)."""
import json
import math
import signal
import sys
import time


class TrainerError(Exception):
    """An error with a stable code the TypeScript side maps to a message."""

    def __init__(self, code, message, details=None):
        super().__init__(message)
        self.code = code
        self.message = message
        self.details = details


class Cancelled(TrainerError):
    def __init__(self):
        super().__init__("CANCELLED", "Training was cancelled; the last epoch checkpoint was kept.")


def _clean(value):
    # JSON has no NaN/Infinity; send null so the reader never chokes on a diverged metric.
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {k: _clean(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_clean(v) for v in value]
    return value


def emit(event, **fields):
    line = json.dumps(_clean({"event": event, "time": time.time(), **fields}))
    sys.stdout.write(line + "\n")
    sys.stdout.flush()


class StopFlag:
    """Set by SIGTERM/SIGINT; training checks it between steps so it stops within one step."""

    def __init__(self):
        self.stopped = False

    def install(self):
        for sig in (signal.SIGTERM, signal.SIGINT):
            signal.signal(sig, self._handle)
        return self

    def _handle(self, signum, frame):
        self.stopped = True

    def check(self):
        if self.stopped:
            raise Cancelled()


class Throttle:
    """Lets a progress event through at most every `seconds`."""

    def __init__(self, seconds=1.0):
        self.seconds = seconds
        self.last = 0.0

    def ready(self):
        now = time.monotonic()
        if now - self.last >= self.seconds:
            self.last = now
            return True
        return False
