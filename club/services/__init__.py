"""Every change to the club's data, one function per change (docs/architecture.md):

- ``results``: enter, correct, delete a result;
- ``boards``: a board's HCP and details, the boards a session needs;
- ``hcp``: a board's HCP in one place: when one is needed, where a typed value goes, what
  conflicts, and the one writer of a board's HCP;
- ``sessions``: create, change the setup and scoring rules, start/finish/publish/reopen;
- ``pairs``: register, change, withdraw a pair;
- ``players``, ``compensation_tables``, ``imports`` (a whole session from a file),
  ``backups`` (a backup's rows back into an empty database);
- ``table_phones``: players entering results at their table; ``seasons``: seasons, events;
- ``scoring``: the one place where outcomes are computed; ``locks``: the session lock
  every writer takes (and the page's plan of the session, while still current);
  ``errors``: how a service refuses (a ValidationError family).

The director's pages and the players' (club.phones), forms, the admin, management commands
and importers call these; nothing else writes the club's data.
"""
