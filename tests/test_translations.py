"""The Russian catalogue is complete: every message the code and templates mark for
translation has a Russian translation, and the compiled catalogue matches the source."""

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import polib
import pytest

from tests.config.production import copy_project

ROOT = Path(__file__).resolve().parent.parent
PO = ROOT / "locale" / "ru" / "LC_MESSAGES" / "django.po"
MO = PO.with_suffix(".mo")


@pytest.fixture(scope="module")
def extracted(tmp_path_factory):
    """Run makemessages on a copy of the project; return the catalogue it writes."""
    if shutil.which("xgettext") is None:
        pytest.fail("xgettext is missing: install the gettext package (.ci/run does).")
    work = copy_project(tmp_path_factory.mktemp("project"))
    # The copy has the project's settings, not the tests' (tests/ is not copied).
    environment = {**os.environ, "DJANGO_SETTINGS_MODULE": "config.settings", "DEBUG": "1"}
    subprocess.run(
        [sys.executable, "manage.py", "makemessages", "-l", "ru", "--no-obsolete",
         "--no-location"],
        cwd=work, check=True, capture_output=True, text=True, timeout=300, env=environment,
    )
    return polib.pofile(str(work / "locale" / "ru" / "LC_MESSAGES" / "django.po"))


def keys(catalogue):
    return {(entry.msgctxt, entry.msgid) for entry in catalogue if not entry.obsolete}


@pytest.mark.slow  # makemessages in a child process: left out of the fast part
@pytest.mark.database_independent
def test_makemessages_finds_nothing_new(extracted):
    committed = polib.pofile(str(PO))
    missing = sorted(keys(extracted) - keys(committed))
    assert not missing, f"{len(missing)} messages are not in the Russian catalogue: {missing[:20]}"


def test_every_message_is_translated():
    catalogue = polib.pofile(str(PO))
    untranslated = [e.msgid for e in catalogue.untranslated_entries()]
    fuzzy = [e.msgid for e in catalogue.fuzzy_entries()]
    assert not untranslated, f"untranslated: {untranslated[:20]}"
    assert not fuzzy, f"fuzzy (needs review): {fuzzy[:20]}"
    assert len(catalogue) > 200


def test_compiled_catalogue_matches_source():
    source = {(e.msgctxt, e.msgid): (e.msgstr, e.msgstr_plural) for e in polib.pofile(str(PO))
              if e.translated()}
    compiled = {(e.msgctxt, e.msgid): (e.msgstr, e.msgstr_plural) for e in polib.mofile(str(MO))
                if e.msgid}
    assert compiled == source, "run: python manage.py compilemessages"


def test_placeholders_survive_translation():
    for entry in polib.pofile(str(PO)):
        if "python-format" in entry.flags and entry.msgstr:
            wanted = sorted(re.findall(r"%\(\w+\)[sd]", entry.msgid))
            got = sorted(re.findall(r"%\(\w+\)[sd]", entry.msgstr))
            assert got == wanted, entry.msgid
