"""TEST SHIM (see opencensus/__init__.py): the attributes Ray reads of each kind of aggregated value."""


class SumAggregationData:
    def __init__(self, value_type, sum_data):
        self.value_type = value_type
        self.sum_data = sum_data


class CountAggregationData:
    def __init__(self, count_data):
        self.count_data = count_data


class LastValueAggregationData:
    def __init__(self, value_type, value):
        self.value_type = value_type
        self.value = value


class DistributionAggregationData:
    def __init__(self, mean_data, count_data, sum_of_sqd_deviations, counts_per_bucket=None, bounds=None, exemplars=None):
        self.mean_data = mean_data
        self.count_data = count_data
        self.sum_of_sqd_deviations = sum_of_sqd_deviations
        self.counts_per_bucket = counts_per_bucket or []
        self.bounds = bounds or []
        self.exemplars = exemplars

    @property
    def sum(self):
        return self.mean_data * self.count_data
