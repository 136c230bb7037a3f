"""TEST SHIM (see opencensus/__init__.py): the metric types of opencensus' proto."""


class MetricDescriptorType:
    UNSPECIFIED = 0
    GAUGE_INT64 = 1
    GAUGE_DOUBLE = 2
    GAUGE_DISTRIBUTION = 3
    CUMULATIVE_INT64 = 4
    CUMULATIVE_DOUBLE = 5
    CUMULATIVE_DISTRIBUTION = 6
    SUMMARY = 7
