"""Summaries: a short line of each session's health content, every N user turns and at its end."""
