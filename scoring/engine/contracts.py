"""Contracts: strain, doubling, the Contract value and the contract parser."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum, StrEnum

from .errors import ContractError, _, describe


class Strain(StrEnum):
    """The denomination of a contract, lowest to highest.

    Values are the ASCII spellings used in ``Contract.ascii``: "C", "D", "H", "S" and "NT".
    """

    C = "C"
    D = "D"
    H = "H"
    S = "S"
    NT = "NT"

    @property
    def symbol(self) -> str:
        """The display spelling: ♣ ♦ ♥ ♠ or NT."""
        return _SYMBOL[self]

    @property
    def is_minor(self) -> bool:
        return self is Strain.C or self is Strain.D


MIN_LEVEL = 1
MAX_LEVEL = 7
MAX_TRICKS = 13
"""Contract levels run 1-7 (7 + 6 = 13 tricks); declarer takes 0 to 13 tricks."""

_SYMBOL = {Strain.C: "♣", Strain.D: "♦", Strain.H: "♥", Strain.S: "♠", Strain.NT: "NT"}
_RUSSIAN_SYMBOL = {**_SYMBOL, Strain.NT: "БК"}
_STRAIN_INDEX = {strain: i for i, strain in enumerate(Strain)}


class Doubling(IntEnum):
    """Undoubled (0), doubled (1) or redoubled (2)."""

    UNDOUBLED = 0
    DOUBLED = 1
    REDOUBLED = 2

    @property
    def suffix(self) -> str:
        """ "", "X" or "XX"."""
        return "X" * self.value


STRAIN_TOKENS: dict[str, Strain] = {
    "C": Strain.C, "♣": Strain.C, "♧": Strain.C, "Т": Strain.C,
    "D": Strain.D, "♦": Strain.D, "♢": Strain.D, "Б": Strain.D,
    "H": Strain.H, "♥": Strain.H, "♡": Strain.H, "Ч": Strain.H,
    "S": Strain.S, "♠": Strain.S, "♤": Strain.S, "П": Strain.S,
    "NT": Strain.NT, "N": Strain.NT, "БК": Strain.NT,
}  # fmt: skip
"""Every accepted (upper-case) spelling of a strain: English letters, suit symbols (filled
and hollow), and Russian notation (Т трефы, Б бубны, Ч червы, П пики, БК без козыря)."""

_DOUBLE_MARKS = frozenset("XХ")  # Latin X and Cyrillic Х
_DIGITS = frozenset("0123456789")

PASS_WORDS = frozenset({"PASS", "P", "AP", "ALLPASS", "PASSOUT", "PASSEDOUT", "ПАС", "ВСЕПАС"})
"""Spellings (upper case, spaces removed) of a passed-out board."""


@dataclass(frozen=True, slots=True)
class Contract:
    """A final contract: level 1-7, a strain and its doubling.

    ``str(contract)`` and ``contract.ascii`` give the ASCII form ("4SX", "3NT");
    ``contract.display()`` uses suit symbols ("4♠X") and ``display(notation="ru")`` the
    Russian form ("4♠Х", "3БК"). ``strain`` and ``doubling`` may be given as their
    spellings ("S", "♠", "X"); they are stored as enums.
    """

    level: int
    strain: Strain
    doubling: Doubling = Doubling.UNDOUBLED
    # 0..104, a dense index used by the precomputed score table.
    key: int = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if type(self.level) is not int or not MIN_LEVEL <= self.level <= MAX_LEVEL:
            raise ContractError(
                _("Contract level %(level)s is out of range; the level must be 1 to 7."),
                level=describe(self.level),
            )
        strain = self.strain
        if not isinstance(strain, Strain):
            strain = STRAIN_TOKENS.get(strain.upper()) if isinstance(strain, str) else None
            if strain is None:
                raise ContractError(
                    _(
                        "Unknown strain %(strain)s; use C, D, H, S or NT (♣ ♦ ♥ ♠, "
                        "Russian Т, Б, Ч, П, БК)."
                    ),
                    strain=describe(self.strain),
                )
            object.__setattr__(self, "strain", strain)
        doubling = self.doubling
        if not isinstance(doubling, Doubling):
            doubling = _coerce_doubling(doubling)
            object.__setattr__(self, "doubling", doubling)
        object.__setattr__(
            self, "key", (self.level - 1) * 15 + _STRAIN_INDEX[strain] * 3 + doubling
        )

    @property
    def ascii(self) -> str:
        """ASCII form: "4S", "3NTX", "7NTXX"."""
        return f"{self.level}{self.strain.value}{self.doubling.suffix}"

    def __str__(self) -> str:
        return self.ascii

    def display(self, notation: str = "en") -> str:
        """Display form with suit symbols: "4♠X", "3NT"; Russian: "4♠Х", "3БКХХ"."""
        if notation == "ru":
            return f"{self.level}{_RUSSIAN_SYMBOL[self.strain]}{'Х' * self.doubling}"
        if notation == "en":
            return f"{self.level}{_SYMBOL[self.strain]}{self.doubling.suffix}"
        if notation == "ascii":
            return self.ascii
        raise ContractError(
            _('Unknown notation "%(notation)s"; use "en", "ru" or "ascii".'), notation=notation
        )

    @property
    def tricks_needed(self) -> int:
        """Tricks declarer must take to make the contract (level + 6)."""
        return self.level + 6


def _coerce_doubling(value: object) -> Doubling:
    if type(value) is int and 0 <= value <= 2:
        return Doubling(value)
    if isinstance(value, str):
        marks = value.strip().upper()
        if len(marks) <= 2 and all(mark in _DOUBLE_MARKS for mark in marks):
            return Doubling(len(marks))
    raise ContractError(
        _("Unknown doubling %(doubling)s; use 0/empty, 1/X (doubled) or 2/XX (redoubled)."),
        doubling=describe(value),
    )


def normalize(text: object, what: str) -> str:
    """Upper-case ``text`` and drop spaces and emoji variation selectors; check it is a str."""
    if not isinstance(text, str):
        if what == "result":
            raise ContractError(
                _("A result must be text such as 4S= N, got %(value)s."), value=describe(text)
            )
        raise ContractError(
            _("A contract must be text such as 4S or 3NTX, got %(value)s."), value=describe(text)
        )
    cleaned = "".join(text.split()).replace("\ufe0f", "").upper()
    # Dashes that word processors and phones substitute for a minus sign.
    return cleaned.replace("–", "-").replace("—", "-").replace("−", "-")


# Contracts are interned: equal contracts parsed from any spelling are the same object.
_INTERNED: dict[tuple[int, Strain, Doubling], Contract] = {}


def make_contract(level: int, strain: Strain, doubling: Doubling) -> Contract:
    """The interned Contract for already-valid parts."""
    parts = (level, strain, doubling)
    contract = _INTERNED.get(parts)
    if contract is None:
        contract = _INTERNED[parts] = Contract(level, strain, doubling)
    return contract


def read_contract(s: str, pos: int, text: str) -> tuple[Contract, int]:
    """Read a contract from normalized ``s`` at ``pos``; return it and the position after it.

    ``text`` is the original input, quoted in error messages.
    """
    end = pos
    while end < len(s) and s[end] in _DIGITS:
        end += 1
    if end == pos:
        raise ContractError(
            _(
                'Cannot read a contract in "%(text)s"; expected a level 1-7, a strain and '
                "optional X or XX, e.g. 4S, 3NTX, 6♥XX, 3БК, or PASS."
            ),
            text=text,
        )
    level = s[pos:end]
    if end - pos > 1 or level in "089":
        raise ContractError(
            _('Contract level %(level)s in "%(text)s" is out of range; the level must be 1 to 7.'),
            level=level,
            text=text,
        )
    pos = end
    pair = s[pos : pos + 2]
    strain = STRAIN_TOKENS.get(pair) if len(pair) == 2 else None  # "NT", "БК" before "N", "Б"
    if strain is not None:
        pos += 2
    else:
        strain = STRAIN_TOKENS.get(s[pos : pos + 1])
        if strain is None:
            if pos == len(s):
                raise ContractError(
                    _(
                        'Missing strain in "%(text)s"; after the level give C, D, H, S or NT '
                        "(♣ ♦ ♥ ♠, Russian Т, Б, Ч, П, БК)."
                    ),
                    text=text,
                )
            raise ContractError(
                _(
                    'Unknown strain "%(strain)s" in "%(text)s"; use C, D, H, S or NT '
                    "(♣ ♦ ♥ ♠, Russian Т, Б, Ч, П, БК)."
                ),
                strain=s[pos],
                text=text,
            )
        pos += 1
    doubling = 0
    while pos < len(s) and s[pos] in _DOUBLE_MARKS:
        doubling += 1
        pos += 1
    if doubling > 2:
        raise ContractError(
            _('Too many doubles in "%(text)s"; use X for doubled or XX for redoubled.'),
            text=text,
        )
    return make_contract(int(level), strain, Doubling(doubling)), pos


_PARSE_CACHE: dict[str, Contract | None] = {}
_PARSE_CACHE_LIMIT = 4096


def parse_contract(text: str) -> Contract | None:
    """Parse a contract such as "4S", "4♠", "3NTX", "6Cxx", "3БК", "4ПХ"; None for a pass.

    Case and spaces do not matter. A passed-out board ("PASS", "P", "AP", "пас") gives None.
    Anything else raises ContractError saying what was expected.
    """
    try:
        return _PARSE_CACHE[text]
    except (KeyError, TypeError):  # TypeError: unhashable, reported by normalize
        pass
    s = normalize(text, "contract")
    if not s:
        raise ContractError(
            _("The contract is empty; give e.g. 4S, 3NTX or PASS for a passed-out board.")
        )
    if s in PASS_WORDS:
        contract = None
    else:
        contract, pos = read_contract(s, 0, text)
        if pos != len(s):
            raise ContractError(
                _(
                    'Unexpected "%(extra)s" after the contract in "%(text)s"; a contract is a '
                    "level, a strain and optional X or XX, e.g. 4S or 3NTX."
                ),
                extra=s[pos:],
                text=text,
            )
    if len(_PARSE_CACHE) >= _PARSE_CACHE_LIMIT:
        _PARSE_CACHE.clear()  # keep the cache bounded whatever callers feed it
    _PARSE_CACHE[text] = contract
    return contract


ALL_CONTRACTS: tuple[Contract, ...] = tuple(
    make_contract(level, strain, doubling)
    for level in range(1, 8)
    for strain in Strain
    for doubling in Doubling
)
"""All 105 contracts, in order of ``Contract.key``."""
