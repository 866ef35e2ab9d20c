"""The files clubs exchange, one module per format with its reader and its writer (PBN,
BBO LIN, USEBIO, the JSON session archive, results CSV, the table downloads), and the
club's backup (docs/export-format.md)."""
