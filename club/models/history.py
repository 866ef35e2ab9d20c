"""The change history every tracked model keeps (django-simple-history), built once.

simple_history's descriptor builds the `history` manager class again on every access
(`HistoryManager.from_queryset(...)`, which inspects every queryset method): on every save of
a tracked row and every read of its history, about half a millisecond each. The manager here
builds that class once per queryset class; everything else is simple_history's own."""

import functools

from simple_history.manager import HistoryManager
from simple_history.models import HistoricalRecords


class OnceBuiltHistoryManager(HistoryManager):
    @classmethod
    @functools.cache
    def from_queryset(cls, queryset_class, class_name=None):
        return super().from_queryset(queryset_class, class_name)


def tracked(**options):
    """`HistoricalRecords(**options)` whose `history` manager class is built once."""
    return HistoricalRecords(history_manager=OnceBuiltHistoryManager, **options)
