"""The players' pages at their table (under /t/, no account): `views` (the round, a board's
entry, accepting it, calling the director) and `admission` (which phone may open which
table); their URLs are club.urls.table_urlpatterns. What a table may see is read by
club.phone_state; every write goes through club.services.table_phones."""
