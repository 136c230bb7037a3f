"""TEST SHIM (see opencensus/__init__.py)."""


class BaseAggregation:
    def __init__(self, *args, **kwargs):
        self.args = args
        self.kwargs = kwargs


class SumAggregation(BaseAggregation):
    pass


class CountAggregation(BaseAggregation):
    pass


class DistributionAggregation(BaseAggregation):
    pass


class LastValueAggregation(BaseAggregation):
    pass
