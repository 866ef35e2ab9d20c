"""Steps the browser evenings share on a table's phone."""


def enter_on_phone(phone, base, code, board, text, hcp=20):
    """North-South enter `text` on `board` at the table of `code` (with the board's NS HCP
    when the phone asks for it) and East-West accept it."""
    phone.goto(f"{base}/t/{code}/boards/{board}/")
    phone.fill("input[name=shorthand]", text)
    if phone.locator("input[name=ns_hcp]").count():
        phone.fill("input[name=ns_hcp]", str(hcp))
    with phone.expect_navigation():
        phone.get_by_role("button", name="Enter the result").click()
    with phone.expect_navigation():
        phone.get_by_role("button", name="Accept").click()
    phone.wait_for_selector(".message.success")
