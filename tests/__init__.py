"""The club manager's tests (tests/conftest.py has the shared fixtures)."""

import os
import sys

# Keep the compiled project and the rewritten test modules between runs, even where the
# environment asks Python not to write them: without them every test worker and every
# child process (the README commands, the settings checks) compiles it all again, about
# 1.5 s each. The caches go to __pycache__/ and .pytest_cache/, which git ignores.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
