"""Forms of the director's pages, and of the players' at their table (table_phones)."""
