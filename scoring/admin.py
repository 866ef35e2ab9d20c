from django.contrib import admin, messages
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from scoring.models import CompensationRow, CompensationTable


class CompensationRowInline(admin.TabularInline):
    model = CompensationRow
    extra = 0
    max_num = 20
    ordering = ["hcp"]

    def _editable(self, obj):
        return obj is None or not obj.builtin

    def has_add_permission(self, request, obj=None):
        return self._editable(obj) and super().has_add_permission(request, obj)

    def has_change_permission(self, request, obj=None):
        return self._editable(obj) and super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        return self._editable(obj) and super().has_delete_permission(request, obj)


@admin.register(CompensationTable)
class CompensationTableAdmin(admin.ModelAdmin):
    list_display = ["name", "builtin", "created_at"]
    list_filter = ["builtin"]
    search_fields = ["name"]
    inlines = [CompensationRowInline]
    actions = ["copy_tables"]

    def has_change_permission(self, request, obj=None):
        if obj is not None and obj.builtin:
            return False  # the page still opens, read-only
        return super().has_change_permission(request, obj)

    def has_delete_permission(self, request, obj=None):
        if obj is not None and obj.builtin:
            return False
        return super().has_delete_permission(request, obj)

    def delete_queryset(self, request, queryset):
        super().delete_queryset(request, queryset.filter(builtin=False))

    def save_related(self, request, form, formsets, change):
        super().save_related(request, form, formsets, change)
        # A club table must still be a valid table once its rows are saved.
        try:
            form.instance.to_engine()
        except Exception as err:  # ValidationError with the engine's message
            self.message_user(request, gettext("This table is not valid yet: %(error)s")
                              % {"error": " ".join(getattr(err, "messages", [str(err)]))},
                              messages.WARNING)

    @admin.action(description=_("Copy the selected tables to new club tables"))
    def copy_tables(self, request, queryset):
        for table in queryset:
            name = gettext("%(name)s (copy)") % {"name": table.name}
            suffix = 2
            while CompensationTable.objects.filter(name=name).exists():
                name = gettext("%(name)s (copy %(n)s)") % {"name": table.name, "n": suffix}
                suffix += 1
            table.copy(name)
        self.message_user(request, gettext("Copied %(count)s table(s).")
                          % {"count": queryset.count()}, messages.SUCCESS)
