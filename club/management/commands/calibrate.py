"""`python manage.py calibrate [--json] [--from DATE] [--to DATE] [--table NAME]`: what the
club's results say about its compensation table, as on the director's calibration page:
for each HCP of the line holding 21+ and its vulnerability, the number of results, their
plain mean score, the table's value and the proposed one (docs/seasons.md)."""

import json
from datetime import date

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from club.stats.calibration import calibrate, table_in_use
from scoring.engine.calibration import MIN_RESULTS
from scoring.models import CompensationTable


def day(text):
    try:
        return date.fromisoformat(text)
    except ValueError:
        raise CommandError(_("“%(text)s” is not a date; write it as YYYY-MM-DD.")
                           % {"text": text}) from None


class Command(BaseCommand):
    help = _("Compare the club's results with a compensation table and propose values.")

    def add_arguments(self, parser):
        parser.add_argument("--json", action="store_true",
                            help=_("One JSON object per HCP and vulnerability."))
        parser.add_argument("--from", dest="start", help=_("First day (YYYY-MM-DD)."))
        parser.add_argument("--to", dest="end", help=_("Last day (YYYY-MM-DD)."))
        parser.add_argument("--table", help=_("Compare with this table (by name); by default "
                                              "the table of the latest session."))
        parser.add_argument("--min-results", type=int, default=MIN_RESULTS,
                            help=_("Pool cells with fewer results than this."))

    def handle(self, *args, **options):
        start = day(options["start"]) if options["start"] else None
        end = day(options["end"]) if options["end"] else None
        if start and end and start > end:
            raise CommandError(_("The last day comes before the first."))
        if options["min_results"] < 1:
            raise CommandError(_("--min-results must be 1 or more."))
        table_id = None
        if options["table"]:
            table_id = (CompensationTable.objects.filter(name=options["table"])
                        .values_list("pk", flat=True).first())
            if table_id is None:
                raise CommandError(_("There is no compensation table named “%(name)s”.")
                                   % {"name": options["table"]})
        table = table_in_use(table_id)
        proposals, _figures = calibrate(table, start, end, options["min_results"])
        if options["json"]:
            self.stdout.write(json.dumps([p.as_dict() for p in proposals], indent=1))
            return
        self.stdout.write(_("Compared with the table “%(name)s”.") % {"name": table.name})
        self.stdout.write(f"{_('HCP'):>4} {_('vul'):>4} {_('results'):>8} {_('mean'):>8} "
                          f"{_('table'):>6} {_('proposed'):>8}")
        for p in proposals:
            mean = "—" if p.mean_score is None else f"{p.mean_score:.1f}"
            mark = " *" if p.thin else ""
            self.stdout.write(f"{p.hcp:>4} {_('yes') if p.vulnerable else _('no'):>4} "
                              f"{p.results:>8} {mean:>8} {p.table:>6} {p.proposed:>8}{mark}")
        self.stdout.write(_("* too few results to move the table: its value kept, raised only "
                            "where the order of the table requires it."))
