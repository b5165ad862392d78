"""Where things live under the home, and how they are written safely."""
