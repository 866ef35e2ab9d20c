"""Where the keyboard's cursor is, for the browser tests."""


def focused_id(page):
    return page.evaluate("document.activeElement && document.activeElement.id")


def wait_for_focus(page, element_id):
    # A function, not an expression: Playwright evaluates a bare expression with eval(),
    # which the site's Content-Security-Policy refuses.
    page.wait_for_function("(id) => document.activeElement && document.activeElement.id === id",
                           arg=element_id)
