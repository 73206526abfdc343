"""The Python side of tests/polyglot/template_cases.json: the module generated from
mcp-errors-cli/tests/fixtures/templates.json renders each case's message exactly as the
TypeScript module does (check.mjs runs the same cases through createError).

    python check_templates.py <directory holding the errors.py generated from templates.json>
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

sys.path.insert(0, sys.argv[1])
import errors as m  # noqa: E402

CASES = Path(__file__).resolve().parent / "template_cases.json"
cases = json.loads(CASES.read_text(encoding="utf-8"))["cases"]
assert m.CATALOG_SOURCE == "templates.json", m.CATALOG_SOURCE
for case in cases:
    e = m.create_error(case["symbol"], case.get("given"), case["data"], details=case.get("details"))
    assert e.message == case["message"], (case, e.message)
    assert e.to_jsonrpc_error()["message"] == case["message"]
assert len(cases) >= 22, len(cases)
print(f"python module: {len(cases)} shared template cases, 1 passed, 0 failed")
