"""Deals for tests that need many boards: different, valid, and solved by the
double-dummy solver in next to no time (random deals take a fifth of a second each)."""

import itertools

from scoring.engine import board_dealer, board_vulnerability

RANKS = "AKQJT98765432"


def whole_suit_deals(count):
    """The first `count` boards (PBN deal, dealer, vulnerability) of a list where each hand
    holds one whole suit (24 ways), but for the top 0 to 6 cards of each suit, which the
    next hand holds; dealer and vulnerability follow the board number."""
    deals = []
    for suits in itertools.permutations(range(4)):
        for moved in range(7):
            hands = [["", "", "", ""] for _hand in range(4)]
            for hand, suit in enumerate(suits):
                hands[hand][suit] += RANKS[moved:]
                hands[(hand + 1) % 4][suit] += RANKS[:moved]
            board = len(deals) + 1
            deals.append(("N:" + " ".join(".".join(hand) for hand in hands),
                          board_dealer(board), board_vulnerability(board)))
    assert count <= len(deals)
    return deals[:count]


def deal_quickly(session):
    """Give every board of `session` one of these deals, through the hand records service
    (the analysis runs at once, in no time)."""
    from club.services.boards import DealRecord, import_deals

    import_deals(session.pk, [DealRecord(number, deal) for number, (deal, _dealer, _vul)
                              in enumerate(whole_suit_deals(session.boards.count()), start=1)],
                 foreground=True)
