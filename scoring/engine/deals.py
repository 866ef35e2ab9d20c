"""Deals in PBN notation and the high-card points they hold.

A PBN deal is ``"N:S.H.D.C S.H.D.C S.H.D.C S.H.D.C"``: the first seat, a colon, then the four
hands clockwise from that seat, each as its spades, hearts, diamonds and clubs separated by
dots, ranks ``AKQJT98765432`` (PBN standard 2.1, section 3.4.11 "Deal"). A full deal has 52
cards, each once, 13 a hand.
"""

from __future__ import annotations

import random
import secrets

from .directions import Direction
from .errors import DealError, _, describe, ngettext

RANKS = "AKQJT98765432"
SUITS = "SHDC"
HCP_OF_RANK = {"A": 4, "K": 3, "Q": 2, "J": 1}
"""Milton Work's count: ace 4, king 3, queen 2, jack 1."""
CARDS_PER_HAND = 13
SEAT_ORDER = "NESW"
MAX_DEAL_LENGTH = 80  # 52 cards, 12 dots, 3 spaces, "N:" and some room for lower case

Hands = dict[str, list[str]]
"""{"N": [spades, hearts, diamonds, clubs], "E": ..., "S": ..., "W": ...}"""


def parse_deal(text: str) -> Hands:
    """The four hands of a PBN deal, each as four suit strings (spades first, ranks upper
    case, ten as "T"); DealError naming what is wrong otherwise."""
    if not isinstance(text, str):
        raise DealError(_("A deal must be text in PBN notation, got %(value)s."),
                        value=describe(text))
    text = text.strip()
    if len(text) > MAX_DEAL_LENGTH:
        raise DealError(_("A deal is at most %(max)s characters long; this one has %(length)s."),
                        max=MAX_DEAL_LENGTH, length=len(text))
    if len(text) < 2 or text[1] != ":" or text[0].upper() not in SEAT_ORDER:
        raise DealError(_('A deal starts with the first seat and a colon, e.g. "N:AKQ.… …"; '
                          'got %(value)s.'), value=describe(text))
    hands_text = text[2:].split()
    if len(hands_text) != 4:
        raise DealError(_("A deal has four hands separated by spaces; found %(count)s."),
                        count=len(hands_text))
    first = SEAT_ORDER.index(text[0].upper())
    hands: Hands = {}
    seen: dict[tuple[int, str], str] = {}
    for offset, hand_text in enumerate(hands_text):
        seat = SEAT_ORDER[(first + offset) % 4]
        suits = hand_text.upper().replace("10", "T").split(".")
        if len(suits) != 4:
            raise DealError(_("The %(seat)s hand needs four suits separated by dots; got "
                              "%(value)s."), seat=seat, value=describe(hand_text))
        for suit_index, suit in enumerate(suits):
            for rank in suit:
                if rank not in RANKS:
                    raise DealError(_("The %(seat)s hand has an unknown card %(card)s; ranks "
                                      "are AKQJT98765432."), seat=seat,
                                    card=describe(SUITS[suit_index] + rank))
                card = (suit_index, rank)
                if card in seen:
                    raise DealError(_("%(card)s is in the deal twice (%(first)s and "
                                      "%(second)s)."), card=SUITS[suit_index] + rank,
                                    first=seen[card], second=seat)
                seen[card] = seat
        count = sum(len(suit) for suit in suits)
        if count != CARDS_PER_HAND:
            raise DealError(ngettext("The %(seat)s hand has %(count)s card; a hand has 13.",
                                     "The %(seat)s hand has %(count)s cards; a hand has 13.",
                                     "count"),
                            seat=seat, count=count)
        hands[seat] = [_sorted_suit(suit) for suit in suits]
    return hands


def _sorted_suit(suit: str) -> str:
    return "".join(sorted(suit, key=RANKS.index))


def format_deal(hands: Hands, first: str = "N") -> str:
    """The PBN text of four hands, clockwise from ``first``."""
    start = SEAT_ORDER.index(str(Direction.coerce(first)))
    seats = [SEAT_ORDER[(start + i) % 4] for i in range(4)]
    return f"{seats[0]}:" + " ".join(".".join(hands[seat]) for seat in seats)


def hand_hcp(suits: list[str]) -> int:
    """The high-card points of one hand (its four suit strings)."""
    return sum(HCP_OF_RANK.get(rank, 0) for suit in suits for rank in suit)


def deal_hcp(text: str) -> dict[str, int]:
    """{"N": hcp, "E": hcp, "S": hcp, "W": hcp} of a PBN deal."""
    return {seat: hand_hcp(suits) for seat, suits in parse_deal(text).items()}


def deal_ns_hcp(text: str) -> int:
    """North-South's high-card points in a PBN deal."""
    hcp = deal_hcp(text)
    return hcp["N"] + hcp["S"]


def random_deal(rng: random.Random | None = None) -> str:
    """A random deal in PBN notation, North first. The default generator is the operating
    system's cryptographically secure one, so nobody can predict the deals; pass a seeded
    ``random.Random`` for repeatable deals (tests, benchmarks)."""
    rng = rng or secrets.SystemRandom()
    cards = [(suit, rank) for suit in range(4) for rank in RANKS]
    rng.shuffle(cards)
    hands = {}
    for index, seat in enumerate(SEAT_ORDER):
        hand = set(cards[index * CARDS_PER_HAND:(index + 1) * CARDS_PER_HAND])
        hands[seat] = ["".join(r for r in RANKS if (s, r) in hand) for s in range(4)]
    return format_deal(hands)
