"""Public pages and downloads: one module per page family; none of them writes."""
