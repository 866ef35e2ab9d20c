"""Director's result entry, corrections, rulings and checks."""

urlpatterns = []
