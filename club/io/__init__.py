"""Readers and writers of the files clubs exchange: results CSV, the JSON session archive."""
