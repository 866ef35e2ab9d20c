"""`python manage.py bench_phones`: the tables' phones of a running evening, as the phones
themselves behave (static/js/phones.js and its service worker), served as in production.

The evening, the server and the report are bench_live's (a throwaway PostgreSQL database,
gunicorn on 127.0.0.1, a bounded time). Each table has its phone, which plays board after
board: it opens the round page (revalidated with If-None-Match, as the browser does with
a page it keeps), lets its service worker fetch once each page the round page lists for
offline use, opens the board, sends the result with fetch() (the CSRF token of the form,
the entry's key; the redirect followed with X-Requested-With, which the site answers 204),
opens the board again, and a moment later East-West accept it the same way. The other
players at the table (`--watchers`) poll the round page every 5-10 s with the ETag they
were given. It prints each kind of request's times, the share answered 304 and how often
the workers found what they needed in the cache.
"""

import random
import re

from django.urls import reverse
from django.utils.translation import gettext as _

from club.management.commands import bench_live

PREFETCH = re.compile(r'data-prefetch="([^"]*)"')
EXPECTED = {"table page": {200, 304}, "table page poll": {200, 304}, "prefetch": {200},
            "board page": {200}, "entry post": {302}, "accept post": {302},
            "fetch follow": {204}}


class FetchingPhone(bench_live.TablePhone):
    """A table's phone as phones.js drives it: forms sent with fetch(), the round's pages
    kept for offline use."""

    def __init__(self, bench, conditional, code, boards):
        super().__init__(bench, conditional, code, boards)
        self.kept = set()

    def open_round(self):
        """The round page, then, once each, the pages it lists for the service worker."""
        _status, page = self.request("table page", "GET", reverse("table", args=[self.code]))
        listed = PREFETCH.search(page)
        for url in (listed[1].split() if listed else []):
            if url not in self.kept:
                self.kept.add(url)
                self.request("prefetch", "GET", url.replace("&amp;", "&"))

    def send(self, kind, path, form):
        """fetch() follows the redirect with its header, which the site answers 204; the
        page then opens the board itself."""
        fetch = {"X-Requested-With": "fetch"}
        status, _page = self.request(kind, "POST", path, form, headers=fetch)
        if status == 302 and self.location:
            self.request("fetch follow", "GET", self.location, headers=fetch)


class Command(bench_live.Command):
    help = _("Serve a running 30-table evening with gunicorn on PostgreSQL, drive its tables' "
             "phones as phones.js does and their players' polls for a while, and print the "
             "response times, the share of 304s and of cache hits.")

    def add_arguments(self, parser):
        self.serving_arguments(parser)
        parser.add_argument("--watchers", type=int, default=3,
                            help=_("Phones at each table besides its own polling its round "
                                   "page every 5-10 s."))

    def load(self, options, port, session, phones):
        conditional = not options["no_conditional"]
        bench = bench_live.Bench(port, options["seconds"], options["clients"], (5.0, 10.0),
                                 options["board_seconds"], options["seed"], EXPECTED)
        warmup, rng = options["warmup"], random.Random(options["seed"])
        visitors = []
        for code in sorted(phones):
            visitors.append((warmup + rng.uniform(0, 2),
                             FetchingPhone(bench, conditional, code, list(phones[code]))))
            table = reverse("table", args=[code])
            visitors += [(rng.uniform(0, warmup), bench_live.Player(
                bench, conditional, [(table, "table page", table, "table page poll")]))
                for _watcher in range(options["watchers"])]
        return self.measured(options, bench, visitors)
