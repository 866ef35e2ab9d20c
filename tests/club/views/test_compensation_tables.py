"""The directors' compensation tables page: every table with its values, a copy of any of
them (Moscow included) under a chosen name, and a club table's twenty rows on one form,
refused with the sessions named once the table scored results."""

import pytest
from django.urls import reverse

from club.services.compensation_tables import copy_table
from scoring.engine import MOSCOW
from scoring.models import CompensationTable, moscow_table
from tests.factories import make_result, make_session

pytestmark = pytest.mark.django_db

LIST = reverse("director-tables")


def table_url(table):
    return reverse("director-table", args=[table.pk])


def copy_url(table):
    return reverse("director-table-copy", args=[table.pk])


def rows_data(rows):
    data = {}
    for hcp, not_vul, vul in rows:
        data[f"not_vul_{hcp}"], data[f"vul_{hcp}"] = str(not_vul), str(vul)
    return data


def test_directors_only(client, django_user_model):
    assert client.get(LIST).status_code == 302  # to the login page
    user = django_user_model.objects.create_user("player", password="pw", is_staff=True)
    client.force_login(user)
    assert client.get(LIST).status_code == 403
    assert client.post(copy_url(moscow_table()), {"name": "Mine"}).status_code == 403
    assert not CompensationTable.objects.filter(name="Mine").exists()


def test_the_list_and_the_nav_link(director_client):
    club = copy_table(moscow_table().pk, "Club table")
    make_session(tables=3, table=club)
    page = director_client.get(LIST).content.decode()
    assert f'href="{LIST}"' in page  # the director's navigation
    assert f'href="{table_url(moscow_table())}">Moscow</a>' in page
    assert f'href="{table_url(club)}">Club table</a>' in page
    assert "built in" in page and "club table" in page


def test_the_built_in_table_shows_its_values_and_cannot_change(director_client):
    moscow = moscow_table()
    page = director_client.get(table_url(moscow)).content.decode()
    hcp, not_vul, vul = MOSCOW.rows()[3]
    assert (f'<td class="num">{hcp}</td><td class="num">{not_vul}</td>'
            f'<td class="num">{vul}</td>') in page
    assert 'id="table-values"' not in page  # no form for its values
    assert "cannot be changed; copy it" in page
    changed = [(hcp, not_vul + 10, vul + 10) for hcp, not_vul, vul in MOSCOW.rows()]
    page = director_client.post(table_url(moscow), rows_data(changed)).content.decode()
    assert page.count("cannot be changed") == 1  # said once, not again as a form error
    assert f'<td class="num">{changed[3][1]}</td>' not in page  # Moscow's own values shown
    assert moscow_table().row_tuples() == sorted(MOSCOW.rows())


def test_any_table_is_copied_under_a_chosen_name(director_client):
    page = director_client.get(table_url(moscow_table())).content.decode()
    assert 'value="Moscow (copy)"' in page  # a name is proposed
    response = director_client.post(copy_url(moscow_table()), {"name": "  Our   table "})
    copy = CompensationTable.objects.get(name="Our table")
    assert response.status_code == 302 and response["Location"] == table_url(copy)
    assert not copy.builtin and copy.row_tuples() == moscow_table().row_tuples()
    # A taken or empty name is refused, what was typed kept.
    page = director_client.post(copy_url(copy), {"name": "Moscow"}).content.decode()
    assert "already exists" in page and 'value="Moscow"' in page
    page = director_client.post(copy_url(copy), {"name": "   "}).content.decode()
    assert "Give the copy a name" in page or "This field is required" in page
    assert CompensationTable.objects.count() == 2


def test_a_club_table_takes_new_values_on_one_form(director_client):
    club = copy_table(moscow_table().pk, "Club table")
    page = director_client.get(table_url(club)).content.decode()
    assert page.count('name="not_vul_') == 20 and page.count('name="vul_') == 20
    assert "readonly" not in page and "Save the values" in page
    assert page.index('id="table-values"') < page.index('id="table-copy"')
    rows = [(hcp, not_vul + 10, vul + 10) for hcp, not_vul, vul in MOSCOW.rows()]
    response = director_client.post(table_url(club), rows_data(rows))
    assert response.status_code == 302
    club.refresh_from_db()
    assert club.row_tuples() == sorted(rows)


def test_values_that_make_no_table_are_refused_and_kept(director_client):
    club = copy_table(moscow_table().pk, "Club table")
    rows = list(MOSCOW.rows())
    data = rows_data(rows)
    data["not_vul_25"] = "150"  # less than 200 for 24 HCP
    data["vul_30"] = "lots"
    response = director_client.post(table_url(club), data)
    page = response.content.decode()
    assert response.status_code == 200
    assert "A whole number of points from 0 to 10000." in page
    assert 'value="150"' in page and 'value="lots"' in page
    data["vul_30"] = str(rows[9][2])
    page = director_client.post(table_url(club), data).content.decode()
    assert "compensation must never decrease" in page and 'value="150"' in page
    assert club.row_tuples() == moscow_table().row_tuples()


def test_a_table_that_scored_results_names_its_sessions(director_client):
    club = copy_table(moscow_table().pk, "Club table")
    session = make_session(tables=3, table=club, name="Friday pairs")
    make_result(session, 1, 1, 4, "4S= N", board_hcp=22)
    page = director_client.get(table_url(club)).content.decode()
    # Said before anything is typed, with the copy that can change, before the values;
    # the values cannot be edited and there is nothing to save.
    refusal = page.index("scored the results of Friday pairs")
    assert refusal < page.index('id="table-copy"') < page.index('id="table-values"')
    assert page.count('readonly') == 40 and "Save the values" not in page
    rows = [(hcp, not_vul + 10, vul + 10) for hcp, not_vul, vul in MOSCOW.rows()]
    data = rows_data(rows)
    # A page loaded before the table scored anything still posts: refused, said once.
    page = director_client.post(table_url(club), data).content.decode()
    assert page.count("scored the results of Friday pairs") == 1
    assert f'value="{rows[0][1]}"' in page  # what was typed stays, read-only
    assert club.row_tuples() == moscow_table().row_tuples()
    # Its copy is free to change.
    director_client.post(copy_url(club), {"name": "Club table 2"})
    copy = CompensationTable.objects.get(name="Club table 2")
    assert director_client.post(table_url(copy), data).status_code == 302


def test_an_unknown_table_is_not_found(director_client):
    assert director_client.get(reverse("director-table", args=[999999])).status_code == 404
    assert director_client.post(reverse("director-table-copy", args=[999999]),
                                {"name": "x"}).status_code == 404
