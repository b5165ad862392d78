"""Conflicts, clarification and clinical review: reading them, and recording people's inputs."""
