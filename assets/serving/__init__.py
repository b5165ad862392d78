"""What the read path and data scientists open: the warehouse and the memory tables, built side by side."""
