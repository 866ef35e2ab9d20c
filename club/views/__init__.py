"""The director's pages: one module per page family (docs/architecture.md)."""
