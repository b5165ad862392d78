"""The read API (CONTRACT §4): current facts, fact histories and prompt-ready context."""
