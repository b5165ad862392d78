"""Memory: per-user LanceDB tables of memory texts and vectors, for retrieval by the read path."""
