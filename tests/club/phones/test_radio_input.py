"""The board page's radio buttons are written by the `radio_input` filter (club.templatetags
.bridge) rather than by Django's widget templates, three templates a button: each must be
the very <input> Django would render, checked or not, in a form bound with errors too."""

from django.template import Context, Template

from club.forms.table_phones import TableEntryForm

FIELDS = ("level", "strain", "doubling", "declarer", "tricks")


def buttons(form):
    """(what the filter writes, what Django's widget renders) for every radio button."""
    template = Template("{% load bridge %}{{ radio|radio_input }}")
    return [(template.render(Context({"radio": radio})), str(radio.tag()))
            for name in FIELDS for radio in form[name]]


def test_unbound_buttons_are_djangos():
    pairs = buttons(TableEntryForm(with_hcp=True))
    assert len(pairs) == 7 + 5 + 3 + 4 + 14
    assert all(ours == django for ours, django in pairs), pairs[:3]
    assert 'id="id_level_0"' in pairs[0][0] and "checked" not in pairs[0][0]


def test_chosen_buttons_stay_checked_after_an_error():
    form = TableEntryForm({"level": "4", "strain": "S", "doubling": "1", "declarer": "N",
                           "tricks": "99"})  # no key, tricks out of range: errors
    assert not form.is_valid()
    pairs = buttons(form)
    assert all(ours == django for ours, django in pairs), pairs[:3]
    checked = [ours for ours, _django in pairs if " checked" in ours]  # strains: C D H S NT
    assert checked == ['<input type="radio" name="level" value="4" id="id_level_3" checked>',
                       '<input type="radio" name="strain" value="S" id="id_strain_3" checked>',
                       '<input type="radio" name="doubling" value="1" id="id_doubling_1" '
                       'checked>',
                       '<input type="radio" name="declarer" value="N" id="id_declarer_0" '
                       'checked>']
