"""The safety check before advice (CONTRACT §7.4): a drug against what the memory knows."""
