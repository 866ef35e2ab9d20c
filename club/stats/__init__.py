"""Reading figures across sessions: a pair's totals, season ladders, event standings, a
player's evenings and partners, and what the results say about the compensation table.

Everything is summed by the database from the stored outcomes (GROUP BY over results), in
a fixed number of queries whatever the number of sessions; nothing is kept in a second
copy that every writer would have to update. What is slow to sum (the pairs' totals over a
season, the ratings' fit) is kept in Django's cache under a key naming the sessions' state,
so it is never stale. Only published sessions count for the
public figures (`published_sessions`)."""
