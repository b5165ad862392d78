"""Memory: LanceDB shard tables of memory texts and vectors by user key, for retrieval by the read path."""
