"""`python manage.py import_session`: a new session from CSV files, a JSON archive, a
USEBIO results file, a PBN results file or a BBO LIN file (records of played tables, or a
vugraph file's results lists).

    import_session --name NAME --date YYYY-MM-DD [--policy line|declarer] [--not-duplicated]
                   [--table TABLE_NAME] BOARDS.csv NAMES.csv
    import_session --json FILE
    import_session --usebio FILE [--section ID] [--name NAME] [--date YYYY-MM-DD]
                   [--policy ...] [--table ...]
    import_session --pbn FILE [--name NAME] [--date YYYY-MM-DD] [--policy ...] [--table ...]
    import_session --lin FILE --name NAME --date YYYY-MM-DD [--policy ...] [--table ...]

Prints the new session's id (and, on stderr, what a USEBIO or PBN file had to be read
otherwise than written). Any problem: nothing is imported, and every problem is listed.
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.utils.translation import gettext as _

from club.io import archive, lin_results, pbn_results, results_csv, usebio
from club.io.files import ImportFailed

# Another scorer's results file, by its option.
RESULTS_READERS = {"usebio": usebio.import_usebio, "pbn": pbn_results.import_pbn,
                   "lin": lin_results.import_lin}


def read_bytes(path):
    try:
        return Path(path).read_bytes()
    except OSError as err:
        raise CommandError(_("Cannot read %(file)s: %(reason)s.")
                           % {"file": path, "reason": err.strerror or err}) from None


def nothing_imported(err):
    """The CommandError of an ImportFailed: every problem, one a line."""
    return CommandError(_("Nothing was imported:") + "\n" + "\n".join(
        f"- {message}" for message in err.errors))


class Command(BaseCommand):
    help = _("Create a session from a boards CSV file and a names CSV file, or from a JSON "
             "archive (--json), and print its id.")

    def add_arguments(self, parser):
        parser.add_argument("files", nargs="*", metavar="FILE",
                            help=_("BOARDS.csv NAMES.csv"))
        parser.add_argument("--json", metavar="FILE", help=_("A session archive to import."))
        parser.add_argument("--usebio", metavar="FILE",
                            help=_("A USEBIO results file (XML) to import; --name and --date "
                                   "replace the file's."))
        parser.add_argument("--pbn", metavar="FILE",
                            help=_("A PBN results file (deals and ScoreTables) to import; "
                                   "--name and --date replace the file's."))
        parser.add_argument("--lin", metavar="FILE",
                            help=_("BBO LIN records of played tables (players, deal, auction, "
                                   "claim or play), or a vugraph file's results lists (rs|), "
                                   "to import; give --date (and --name)."))
        parser.add_argument("--section", metavar="ID",
                            help=_("With --usebio, for a file of several sections: the "
                                   "one section to import alone (its SECTION_ID, e.g. B); "
                                   "without it, 2 to 4 sections become a session in "
                                   "sections."))
        parser.add_argument("--name", help=_("The session's name."))
        parser.add_argument("--date", help=_("The session's date, YYYY-MM-DD."))
        parser.add_argument("--policy", default="line",
                            help=_("Compensation policy: line (default) or declarer."))
        parser.add_argument("--not-duplicated", action="store_true",
                            help=_("Each table dealt its own cards (HCP per result)."))
        parser.add_argument("--table", default="",
                            help=_("A club compensation table by name (default: Moscow)."))

    def handle(self, *args, files, **options):
        try:
            results_file = [kind for kind in RESULTS_READERS if options[kind]]
            if len(results_file) + bool(options["json"]) > 1:
                raise CommandError(_("Give one file to import: --json, --usebio, --pbn or "
                                     "--lin."))
            if results_file:
                kind = results_file[0]
                if files:
                    raise CommandError(_("Give either --%(option)s FILE or the two CSV files, "
                                         "not both.") % {"option": kind})
                path, notes = options[kind], []
                extra = {}
                if options["section"]:
                    if kind != "usebio":
                        raise CommandError(_("--section chooses a section of a USEBIO file; "
                                             "give it with --usebio only."))
                    extra["section"] = options["section"]
                session = RESULTS_READERS[kind](
                    read_bytes(path), Path(path).name, name=options["name"],
                    date=options["date"], policy=options["policy"],
                    table_name=options["table"], notes=notes, **extra)
                for note in notes:  # stdout is the new session's id alone
                    self.stderr.write(note)
            elif options["json"]:
                if files:
                    raise CommandError(_("Give either --json FILE or the two CSV files, "
                                         "not both."))
                path = options["json"]
                session = archive.import_archive(read_bytes(path), Path(path).name)
            else:
                if len(files) != 2:
                    raise CommandError(_("Give the boards file and the names file (two CSV "
                                         "files), or --json FILE."))
                boards, names = files
                session = results_csv.import_csv(
                    name=options["name"], date=options["date"], policy=options["policy"],
                    duplicated=not options["not_duplicated"], table_name=options["table"],
                    boards_data=read_bytes(boards), names_data=read_bytes(names),
                    boards_filename=Path(boards).name, names_filename=Path(names).name)
        except ImportFailed as err:
            raise nothing_imported(err) from None
        self.stdout.write(str(session.id))
