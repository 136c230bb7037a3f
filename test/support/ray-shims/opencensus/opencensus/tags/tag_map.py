"""TEST SHIM (see opencensus/__init__.py)."""


class TagMap:
    def __init__(self, tags=None):
        self.map = dict(tags or {})

    def insert(self, key, value):
        self.map.setdefault(key, value)

    def update(self, key, value):
        self.map[key] = value
