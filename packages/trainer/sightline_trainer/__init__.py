"""Sightline trainer: trains cf/od/sg/ad models on CPU with PyTorch and exports them to ONNX.

Run as `/usr/bin/python3 -m sightline_trainer <command> --config <file.json>`; it speaks JSON lines
on stdout (see protocol.py).
"""
__version__ = "1.0.0"
