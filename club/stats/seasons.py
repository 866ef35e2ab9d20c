"""Which season a session belongs to, for lists grouped by season."""

from club.models import Season


def season_groups(sessions):
    """[(season or None, [sessions])] for `sessions` (in the order given, e.g. newest
    first): consecutive sessions of the same season together. A session in several
    seasons goes under the newest of them. Two queries, whatever the number of sessions
    (the page's sessions are already loaded)."""
    seasons = list(Season.objects.order_by("-id"))
    chosen = {}
    for season_id, session_id in (Season.sessions.through.objects
                                  .filter(session_id__in=[s.pk for s in sessions])
                                  .values_list("season_id", "session_id")):
        chosen.setdefault(season_id, set()).add(session_id)
    groups = []
    for session in sessions:
        season = next((s for s in seasons if s.contains(session, chosen.get(s.pk, ()))),
                      None)
        if groups and groups[-1][0] == season:
            groups[-1][1].append(session)
        else:
            groups.append((season, [session]))
    return groups
