"""PUBLIC_URL: the address the players' phones reach the site at (club.qr)."""

import pytest
from django.core.exceptions import ImproperlyConfigured

from config.settings import public_url


@pytest.mark.parametrize(("raw", "expected"), [
    ("", ""),
    ("  ", ""),
    ("https://club.example.org/", "https://club.example.org"),
    ("http://192.168.1.20:8000", "http://192.168.1.20:8000"),
    ("https://example.org/bridge/", "https://example.org/bridge"),
])
def test_public_url_accepted(raw, expected):
    assert public_url(raw) == expected


@pytest.mark.parametrize("raw", ["club.example.org", "ftp://club.example.org", "https://",
                                 "https:///path", "192.168.1.20:8000"])
def test_public_url_refused_with_an_example(raw):
    with pytest.raises(ImproperlyConfigured, match="PUBLIC_URL=.*e.g. https://club"):
        public_url(raw)
