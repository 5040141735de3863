"""Networks trained from scratch (no downloaded weights)."""
