"""The Python examples in README.md run as shown: each `print(...)  # expected` line prints
what its comment says."""

import contextlib
import io
import re
from pathlib import Path

README = Path(__file__).resolve().parents[1] / "README.md"
BLOCK = re.compile(r"^```python\n(.*?)^```", re.MULTILINE | re.DOTALL)


def test_every_readme_example_prints_what_it_says():
    blocks = BLOCK.findall(README.read_text(encoding="utf-8"))
    assert len(blocks) >= 2
    checked = 0
    for block in blocks:
        names = {}
        for line in block.splitlines():
            code, _hash, expected = line.partition("  # ")
            output = io.StringIO()
            with contextlib.redirect_stdout(output):
                exec(code, names)  # noqa: S102  (the README's own example)
            if code.startswith("print("):
                assert output.getvalue().strip() == expected.strip(), line
                checked += 1
    assert checked >= 5
