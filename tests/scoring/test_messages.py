"""The engine's messages in the page's language (scoring.messages.bridge_message): a
message with a count takes the plural form its number needs, in English and in Russian."""

import pytest
from django.utils import translation

from scoring.engine import MovementError
from scoring.engine.movements import schedule
from scoring.messages import bridge_message


def too_many_rounds(tables):
    with pytest.raises(MovementError) as caught:
        schedule("mitchell", tables=tables, pairs=2 * tables, rounds=tables + 1)
    return caught.value


def test_a_count_takes_its_plural_form_in_english():
    assert "has at most 1 round; got 3." in bridge_message(too_many_rounds(2))
    assert "has at most 5 rounds; got 6." in bridge_message(too_many_rounds(5))


def test_a_count_is_translated_with_its_plural_forms():
    """The Russian catalogue holds the three forms (1, 2-4, 5 and more) of the message."""
    with translation.override("ru"):
        one, few, many = (bridge_message(too_many_rounds(n)) for n in (2, 3, 5))
    assert "не больше 1 тура; указано 3." in one
    assert "не больше 3 туров; указано 4." in few
    assert "не больше 5 туров; указано 6." in many
