"""Deals in PBN notation ("N:S.H.D.C S.H.D.C S.H.D.C S.H.D.C", hands clockwise from the
first seat) and the high-card points they hold. Plain Python, no database."""

import random

RANKS = "AKQJT98765432"
HCP_OF_RANK = {"A": 4, "K": 3, "Q": 2, "J": 1}
SEAT_ORDER = "NESW"


class DealError(ValueError):
    pass


def parse_deal(text):
    """{"N": ["AKQ", "T98", ...suits S,H,D,C], ...} from a PBN deal; DealError if malformed."""
    text = (text or "").strip()
    if len(text) < 2 or text[1] != ":" or text[0].upper() not in SEAT_ORDER:
        raise DealError('A deal starts with the first seat and a colon, e.g. "N:AKQ.… …".')
    hands_text = text[2:].split()
    if len(hands_text) != 4:
        raise DealError("A deal has four hands separated by spaces.")
    first = SEAT_ORDER.index(text[0].upper())
    hands, seen = {}, set()
    for offset, hand_text in enumerate(hands_text):
        suits = hand_text.upper().split(".")
        if len(suits) != 4 or sum(len(s) for s in suits) != 13:
            raise DealError("Each hand has 13 cards in four suits separated by dots.")
        for suit_index, suit in enumerate(suits):
            for rank in suit:
                card = (suit_index, rank)
                if rank not in RANKS or card in seen:
                    raise DealError("A card is unknown or appears twice in the deal.")
                seen.add(card)
        hands[SEAT_ORDER[(first + offset) % 4]] = suits
    return hands


def hand_hcp(suits):
    return sum(HCP_OF_RANK.get(rank, 0) for suit in suits for rank in suit)


def deal_ns_hcp(text):
    hands = parse_deal(text)
    return hand_hcp(hands["N"]) + hand_hcp(hands["S"])


def random_deal(rng=None):
    """A random deal in PBN notation, North first."""
    rng = rng or random.Random()
    cards = [(suit, rank) for suit in range(4) for rank in RANKS]
    rng.shuffle(cards)
    hands = []
    for seat in range(4):
        hand = cards[seat * 13:(seat + 1) * 13]
        suits = [
            "".join(r for r in RANKS if (s, r) in hand) for s in range(4)
        ]
        hands.append(".".join(suits))
    return "N:" + " ".join(hands)
