"""Print the OpenAPI document of the app (``make openapi`` writes openapi/openapi.json)."""

from __future__ import annotations

import json
from typing import Any


def document() -> dict[str, Any]:
    from app.http.factory import create_app

    return create_app().openapi()


def render() -> str:
    return json.dumps(document(), indent=2, sort_keys=True, ensure_ascii=False) + "\n"


if __name__ == "__main__":
    print(render(), end="")
