from club.permissions import is_director


def director(request):
    """`is_director` for templates (navigation shows the director's links)."""
    return {"is_director": is_director(request.user) if hasattr(request, "user") else False}
