"""TEST SHIM (see opencensus/__init__.py)."""


class ValueDouble:
    def __init__(self, value):
        self.value = value


class ValueLong(ValueDouble):
    pass
