"""Facts: the fold's rules beyond the dialogue (confidence, replay of people's inputs)."""
