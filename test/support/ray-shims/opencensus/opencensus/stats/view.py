"""TEST SHIM (see opencensus/__init__.py)."""


class View:
    def __init__(self, name, description, columns, measure, aggregation):
        self.name = name
        self.description = description
        self.columns = columns
        self.measure = measure
        self.aggregation = aggregation
