"""TEST SHIM (see opencensus/__init__.py)."""


class TagValue(str):
    pass
