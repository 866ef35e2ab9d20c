"""`python manage.py demo`: a complete demo evening, then the development server.

The demo adds a director whose password it prints, so it refuses to run with DEBUG off (a
production site) unless told --allow-production. It checks that the server's port is free
before building anything, and prints the address to open."""

import errno
import random
import re
import socket
from datetime import date

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.core.management.commands.runserver import naiveip_re
from django.db import transaction
from django.utils.translation import gettext as _

from club.models import Player, Result, Session, TeamMatch
from club.models.choices import INDIVIDUAL, TEAMS
from club.notation import counted
from club.permissions import DIRECTORS_GROUP
from club.plan import SessionPlan
from club.schedule import seating_boards
from club.services.boards import DealRecord, import_deals
from club.services.individual import enter_player
from club.services.pairs import save_pair
from club.services.players import save_player
from club.services.results import contract_values, enter_result
from club.services.sessions import change_status, create_session
from club.services.teams import make_round_robin, save_team, set_line_up
from scoring.engine import (
    Direction,
    board_vulnerability,
    contract_score,
    parse_contract,
    random_deal,
)
from scoring.models import moscow_table

DEMO_SESSION = "Demo evening"
DEMO_TEAMS = "Demo teams night"
DEMO_INDIVIDUAL = "Demo individual"
DIRECTOR_USERNAME = "director"
DIRECTOR_PASSWORD = "director-demo"

PLAYER_NAMES = [
    "Anna Petrova", "Boris Ivanov", "Elena Smirnova", "Dmitry Volkov", "Olga Kuznetsova",
    "Sergei Popov", "Tatiana Sokolova", "Mikhail Lebedev", "Irina Kozlova", "Andrei Novikov",
    "Natalia Morozova", "Pavel Egorov", "Svetlana Orlova", "Viktor Fedorov", "Maria Belova",
    "Alexei Pavlov", "Yulia Semenova", "Nikolai Golubev", "Ekaterina Vinogradova",
    "Igor Bogdanov", "Ludmila Vorobyova", "Roman Frolov", "Galina Zaitseva", "Oleg Tarasov",
    "Vera Kiseleva", "Yuri Makarov", "Ksenia Andreeva", "Grigory Nikitin",
]


def plausible_result(rng, ns_hcp):
    """A contract, declarer and tricks that a club table could well produce."""
    ns_strong = ns_hcp >= 20
    strong_hcp = max(ns_hcp, 40 - ns_hcp)
    if strong_hcp == 20 and rng.random() < 0.3:
        return None, None, None
    seats = "NS" if ns_strong else "EW"
    declarer = rng.choice(seats)
    if strong_hcp >= 33:
        text = rng.choice(["6NT", "6S", "6H", "7NT"] if strong_hcp >= 37 else ["6NT", "6S", "6H"])
    elif strong_hcp >= 25:
        text = rng.choice(["3NT", "4S", "4H", "5D", "3NT"])
    elif strong_hcp >= 22:
        text = rng.choice(["2S", "2H", "3D", "1NT", "3C", "2NT"])
    else:
        text = rng.choice(["1NT", "2C", "2D", "2H", "1S"])
    if strong_hcp < 24 and rng.random() < 0.12:
        text += "X"
    contract = parse_contract(text)
    expected = contract.level + 6 + (0 if strong_hcp >= 25 else rng.choice([0, 1]))
    tricks = max(0, min(13, expected + rng.choice([-2, -1, -1, 0, 0, 0, 0, 1, 1, 2])))
    # Keep sacrifices realistic: the occasional weak-side competitive contract.
    if rng.random() < 0.08:
        declarer = rng.choice("EW" if ns_strong else "NS")
        contract = parse_contract(rng.choice(["3D", "3C", "2S", "4SX"]))
        tricks = contract.level + 6 + rng.choice([-3, -2, -1, 0])
    return contract, Direction(declarer), tricks


def tame_result(rng, board_number, ns_hcp):
    """A plausible result kept clear of wild scores: tricks added until the declaring side
    scores no worse than -1100."""
    contract, declarer, tricks = plausible_result(rng, ns_hcp)
    if contract is not None:
        vulnerable = board_vulnerability(board_number).is_vulnerable(declarer)
        while contract_score(contract, tricks, vulnerable) < -1100:
            tricks += 1
    return contract, declarer, tricks


def server_address(addrport):
    """(host, port, url) for runserver's ADDRPORT -- a port, address:port or [IPv6]:port:
    the host to listen on, the port, and the address to open in a browser."""
    match = re.match(naiveip_re, addrport)
    if match is None or not match["port"].isdigit() or not 0 < int(match["port"]) < 65536:
        raise CommandError(_("“%(addrport)s” is not a port (such as 8001) nor an address and "
                             "port (such as 127.0.0.1:8001 or [::1]:8001).")
                           % {"addrport": addrport})
    port = int(match["port"])
    if match["ipv6"]:
        host = match["ipv6"][1:-1]
        shown = "::1" if host == "::" else host
        return host, port, f"http://[{shown}]:{port}/"
    host = match["addr"] or "127.0.0.1"
    # Listening on every address: this machine's own is the one a browser here opens.
    shown = "127.0.0.1" if host in {"0", "0.0.0.0"} else host
    return host, port, f"http://{shown}:{port}/"


def other_addrport(host, port, addrport):
    """The same address with the next port, to suggest when the port is taken."""
    if ":" not in addrport:
        return str(port + 1)
    return f"[{host}]:{port + 1}" if ":" in host else f"{host}:{port + 1}"


def check_port_free(host, port, addrport):
    """Bind the server's address for a moment: a clear refusal now rather than a traceback
    from the development server after the demo was built and its address printed."""
    try:
        family, kind, proto, _name, address = socket.getaddrinfo(
            host, port, type=socket.SOCK_STREAM)[0]
    except (socket.gaierror, UnicodeError) as err:
        raise CommandError(_("Cannot listen on “%(host)s”: %(problem)s.")
                           % {"host": host, "problem": err}) from None
    with socket.socket(family, kind, proto) as probe:
        # As the development server does: a port left in TIME_WAIT by the last run is free.
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind(address)
        except OSError as err:
            if err.errno == errno.EADDRINUSE:
                raise CommandError(_(
                    "Port %(port)s is already in use on %(host)s (another server, perhaps "
                    "another demo, is running there). Stop it, or pick another port: python "
                    "manage.py demo --addrport %(other)s") % {
                        "port": port, "host": host,
                        "other": other_addrport(host, port, addrport)}) from None
            raise CommandError(_("Cannot listen on %(host)s port %(port)s: %(problem)s.")
                               % {"host": host, "port": port,
                                  "problem": err.strerror or err}) from None


class Command(BaseCommand):
    help = _("Create a demo evening (7-table Mitchell, all results entered), a teams night "
             "and an individual, and run the server.")

    def add_arguments(self, parser):
        parser.add_argument("--setup-only", action="store_true",
                            help=_("Create the demo data but do not start the server."))
        parser.add_argument("--addrport", default="127.0.0.1:8000",
                            help=_("Where the development server listens: a port (8001), "
                                   "an address and port (127.0.0.1:8001) or [::1]:8001."))
        parser.add_argument("--allow-production", action="store_true",
                            help=_("Run even though DEBUG is off (a production site): the "
                                   "demo's director has a password everyone can read here."))

    def handle(self, *args, **options):
        if not settings.DEBUG and not options["allow_production"]:
            raise CommandError(_(
                "DEBUG is off, so this looks like a production site, and the demo would add a "
                "director “%(user)s” with the password printed here. Run the demo on a "
                "development machine (DEBUG=1), or add --allow-production if this database "
                "really is for trying things out.") % {"user": DIRECTOR_USERNAME})
        url = None
        if not options["setup_only"]:
            host, port, url = server_address(options["addrport"])
            check_port_free(host, port, options["addrport"])
        call_command("migrate", interactive=False, verbosity=0)
        session = self.create_demo()
        others = self.create_other_demos()
        user_model = get_user_model()
        director, created = user_model.objects.get_or_create(
            username=DIRECTOR_USERNAME, defaults={"is_staff": True})
        if created:
            director.set_password(DIRECTOR_PASSWORD)
            director.save()
        director.groups.add(Group.objects.get(name=DIRECTORS_GROUP))
        pairs, boards = session.pairs.count(), session.boards.count()
        results = Result.objects.filter(board__session=session).count()
        self.stdout.write(_("Demo evening “%(name)s”: %(pairs)s, %(boards)s, %(results)s.") % {
            "name": session.name,
            "pairs": counted("pairs", pairs),
            "boards": counted("boards", boards),
            "results": counted("results", results),
        })
        for other in others:
            self.stdout.write(_("Also: “%(name)s” (%(results)s).") % {
                "name": other.name,
                "results": counted("results", Result.objects.filter(
                    board__session=other).count())})
        self.stdout.write(_("Director login: %(user)s / %(password)s") % {
            "user": DIRECTOR_USERNAME, "password": DIRECTOR_PASSWORD})
        if options["setup_only"]:
            return
        self.stdout.write(_("Open %(url)s in a browser.") % {"url": url})
        call_command("runserver", options["addrport"], use_reloader=False)

    @transaction.atomic
    def create_demo(self):
        """The demo evening, built through the services as a director would build it."""
        existing = Session.objects.filter(name=DEMO_SESSION).first()
        if existing is not None:
            return existing
        rng = random.Random(2026)
        session = create_session({
            "name": DEMO_SESSION, "date": date.today(), "movement": Session.Movement.MITCHELL,
            "tables": 7, "rounds": 7, "boards_per_round": 3, "duplicated": True,
            "compensation_table": moscow_table(), "policy": Session.Policy.LINE})
        players = demo_players(len(PLAYER_NAMES))
        for number in range(1, 15):
            save_pair(session.pk, number, players[2 * number - 2], players[2 * number - 1])
        deal_and_start(session, rng)
        play_every_seating(session, rng)
        change_status(session.pk, "finish")
        return change_status(session.pk, "publish")

    def create_other_demos(self):
        """The other kinds of evening: a teams night and an individual."""
        return [self.create_teams_demo(), self.create_individual_demo()]

    @transaction.atomic
    def create_teams_demo(self):
        """A teams night: 4 teams of 4 players of the demo evening, a round robin of 3
        rounds of 4 boards, each team's first two players in its open-room seat."""
        existing = Session.objects.filter(name=DEMO_TEAMS).first()
        if existing is not None:
            return existing
        rng = random.Random(2027)
        session = create_session({
            "name": DEMO_TEAMS, "date": date.today(), "movement": TEAMS, "tables": 4,
            "rounds": 3, "boards_per_round": 4, "compensation_table": moscow_table()})
        players = demo_players(16)
        for number in range(1, 5):
            squad = players[4 * number - 4:4 * number]
            save_team(session.pk, number=number, name=squad[0].name.split()[-1],
                      captain=squad[0], players=squad)
        make_round_robin(session.pk)
        for match in TeamMatch.objects.filter(session=session, away__isnull=False):
            for side, team in (("home", match.home), ("away", match.away)):
                squad = [member.player for member in team.members.order_by("player__name")]
                set_line_up(match.pk, side, squad[:2], squad[2:])
        deal_and_start(session, rng)
        play_every_seating(session, rng)
        change_status(session.pk, "finish")
        return change_status(session.pk, "publish")

    @transaction.atomic
    def create_individual_demo(self):
        """An individual: 12 players of the demo evening on 3 tables, 3 rounds of 2
        boards."""
        existing = Session.objects.filter(name=DEMO_INDIVIDUAL).first()
        if existing is not None:
            return existing
        rng = random.Random(2028)
        session = create_session({
            "name": DEMO_INDIVIDUAL, "date": date.today(), "movement": INDIVIDUAL,
            "tables": 3, "rounds": 3, "boards_per_round": 2,
            "compensation_table": moscow_table()})
        for number, player in enumerate(demo_players(12), start=1):
            enter_player(session.pk, number, player)
        deal_and_start(session, rng)
        play_every_seating(session, rng)
        change_status(session.pk, "finish")
        return change_status(session.pk, "publish")


def demo_players(count):
    """The first `count` demo players, made by the players service where missing."""
    by_name = {p.name: p for p in Player.objects.filter(name__in=PLAYER_NAMES[:count])}
    return [by_name.get(name) or save_player({"name": name}) for name in PLAYER_NAMES[:count]]


def deal_and_start(session, rng):
    import_deals(session.pk, [DealRecord(board, random_deal(rng))
                              for board in range(1, session.boards.count() + 1)],
                 foreground=True)
    change_status(session.pk, "start")


def play_every_seating(session, rng):
    """A plausible result at every table of every round (each room of a teams match, each
    partnership of an individual), entered by the results service."""
    boards = {b.number: b for b in session.boards.all()}
    plan = SessionPlan.load(session)
    for seating in plan.seatings:
        if seating.is_sit_out:
            continue
        for number in seating_boards(seating, session.boards_per_round):
            board = boards[number]
            enter_result(board.pk, ns_pair_id=plan.by_number[seating.ns].pk,
                         ew_pair_id=plan.by_number[seating.ew].pk,
                         values={**contract_values(tame_result(rng, number, board.ns_hcp)),
                                 "round": seating.round, "table": seating.table})
