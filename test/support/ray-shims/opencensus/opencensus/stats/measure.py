"""TEST SHIM (see opencensus/__init__.py)."""


class BaseMeasure:
    def __init__(self, name, description, unit=None):
        self.name = name
        self.description = description
        self.unit = unit


class MeasureInt(BaseMeasure):
    pass


class MeasureFloat(BaseMeasure):
    pass
