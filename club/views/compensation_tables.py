"""The directors' compensation tables: every table (built in and the club's) with its
values, a copy of any of them under a name the director chooses, and a club table's twenty
rows changed on one form. Every change goes through club.services.compensation_tables, which
refuses a table that scored results (naming the sessions): the club copies it instead."""

from django.contrib import messages
from django.db import IntegrityError
from django.db.models import Count
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext
from django.views.decorators.http import require_GET, require_http_methods, require_POST

from club.forms.compensation_tables import CopyTableForm, TableRowsForm
from club.permissions import director_required
from club.services.compensation_tables import (
    change_refusal,
    copy_table,
    replace_rows,
    unique_copy_name,
)
from club.services.errors import Refused
from scoring.models import CompensationTable


def load_table(table_id):
    return get_object_or_404(CompensationTable.objects.prefetch_related("rows"), pk=table_id)


@director_required
@require_GET
def table_list(request):
    tables = CompensationTable.objects.annotate(session_count=Count("sessions"))
    return render(request, "club/compensation_tables/list.html", {"tables": tables})


def table_page(request, table, form=None, copy_form=None):
    """The table's page. A table that cannot change says why once, first, with the copy
    that can, and shows its values read-only (what was typed, after a refused save)."""
    refusal = change_refusal(table)
    if form is None or refusal:
        # What was typed stays (read-only); the built-in table shows only its own values.
        typed = form.data if form is not None and not table.builtin else None
        form = TableRowsForm(typed, rows=table.row_tuples(), read_only=bool(refusal))
    return render(request, "club/compensation_tables/detail.html", {
        "table": table, "refusal": refusal, "form": form,
        "copy_form": copy_form or CopyTableForm(initial={"name": unique_copy_name(table.name)}),
    })


@director_required
@require_http_methods(["GET", "HEAD", "POST"])
def table_detail(request, table_id):
    """A table's values; a club table's can be changed here (all twenty rows at once)
    while it has scored nothing."""
    table = load_table(table_id)
    if request.method != "POST":
        return table_page(request, table)
    form = TableRowsForm(request.POST, rows=table.row_tuples())
    if not change_refusal(table) and form.is_valid():
        try:
            replace_rows(table.pk, form.rows())
        except Refused as err:
            if not change_refusal(table):  # else it scored results meanwhile: said once
                form.add_error(None, err)  # what was typed stays in the form
        else:
            messages.success(request, gettext("The values of “%(name)s” are saved.")
                             % {"name": table.name})
            return redirect("director-table", table.pk)
    return table_page(request, table, form=form)


@director_required
@require_POST
def table_copy(request, table_id):
    """A new club table with this table's values, under the name the director chose."""
    table = load_table(table_id)
    copy_form = CopyTableForm(request.POST)
    if copy_form.is_valid():
        try:
            new = copy_table(table.pk, name=copy_form.cleaned_data["name"])
        except IntegrityError:  # the name was taken since the form looked
            copy_form.add_error("name", gettext(
                "A compensation table named “%(name)s” already exists; choose another "
                "name.") % {"name": copy_form.cleaned_data["name"]})
        else:
            messages.success(request, gettext(
                "“%(name)s” is a copy of “%(source)s”: change its values here, then choose "
                "it for the sessions that should use it.") % {"name": new.name,
                                                              "source": table.name})
            return redirect("director-table", new.pk)
    return table_page(request, table, copy_form=copy_form)
