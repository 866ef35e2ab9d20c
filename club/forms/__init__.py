"""Forms of the director's pages."""
