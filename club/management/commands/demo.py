"""`python manage.py demo`: a complete demo evening, then the development server."""

import random
from datetime import date

from django.contrib.auth import get_user_model
from django.contrib.auth.models import Group
from django.core.management import call_command
from django.core.management.base import BaseCommand
from django.db import transaction
from django.utils.translation import gettext as _

from club.models import Player, Result, Session
from club.permissions import DIRECTORS_GROUP
from club.schedule import seating_boards, session_schedule
from club.services.boards import update_board
from club.services.pairs import save_pair
from club.services.results import contract_values, enter_result
from club.services.sessions import change_status, create_session
from scoring.engine import (
    Direction,
    board_vulnerability,
    contract_score,
    deal_ns_hcp,
    parse_contract,
    random_deal,
)
from scoring.models import moscow_table

DEMO_SESSION = "Demo evening"
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


def plausible_result(rng, board_number, ns_hcp):
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


class Command(BaseCommand):
    help = _("Create a demo evening (7-table Mitchell, all results entered) and run the server.")

    def add_arguments(self, parser):
        parser.add_argument("--setup-only", action="store_true",
                            help=_("Create the demo data but do not start the server."))
        parser.add_argument("--addrport", default="127.0.0.1:8000",
                            help=_("Where the development server listens."))

    def handle(self, *args, **options):
        call_command("migrate", interactive=False, verbosity=0)
        session = self.create_demo()
        user_model = get_user_model()
        director, created = user_model.objects.get_or_create(
            username=DIRECTOR_USERNAME, defaults={"is_staff": True})
        if created:
            director.set_password(DIRECTOR_PASSWORD)
            director.save()
        director.groups.add(Group.objects.get(name=DIRECTORS_GROUP))
        self.stdout.write(_("Demo evening “%(name)s”: %(pairs)s pairs, %(boards)s boards, "
                            "%(results)s results.") % {
            "name": session.name,
            "pairs": session.pairs.count(),
            "boards": session.boards.count(),
            "results": Result.objects.filter(board__session=session).count(),
        })
        self.stdout.write(_("Director login: %(user)s / %(password)s") % {
            "user": DIRECTOR_USERNAME, "password": DIRECTOR_PASSWORD})
        if options["setup_only"]:
            return
        self.stdout.write(_("Open http://%(addrport)s/ in a browser.")
                          % {"addrport": options["addrport"]})
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
        players = [Player.objects.filter(name=name).first() or Player(name=name)
                   for name in PLAYER_NAMES]
        for number in range(1, 15):
            save_pair(session.pk, number, players[2 * number - 2], players[2 * number - 1])
        for board in session.boards.all():
            deal = random_deal(rng)
            update_board(board.pk, {"deal": deal, "ns_hcp": deal_ns_hcp(deal)})
        change_status(session.pk, "start")
        boards = {b.number: b for b in session.boards.all()}
        pairs = {p.number: p for p in session.pairs.all()}
        for seating in session_schedule(session):
            for number in seating_boards(seating, session.boards_per_round):
                board = boards[number]
                contract, declarer, tricks = plausible_result(rng, number, board.ns_hcp)
                if contract is not None:
                    # Keep the demo clear of wild scores: at most 4 down.
                    vul = board_vulnerability(number).is_vulnerable(declarer)
                    while contract_score(contract, tricks, vul) < -1100:
                        tricks += 1
                enter_result(board.pk, ns_pair_id=pairs[seating.ns].pk,
                             ew_pair_id=pairs[seating.ew].pk,
                             values={**contract_values((contract, declarer, tricks)),
                                     "round": seating.round, "table": seating.table})
        change_status(session.pk, "finish")
        return change_status(session.pk, "publish")
