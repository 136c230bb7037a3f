"""TEST SHIM (see opencensus/__init__.py)."""


class TagKey(str):
    pass
