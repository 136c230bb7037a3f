"""TEST SHIM (see opencensus/__init__.py): measurements are accepted and dropped."""


class MeasurementMap:
    def measure_int_put(self, measure, value):
        return None

    def measure_float_put(self, measure, value):
        return None

    def record(self, tags=None):
        return None


class StatsRecorder:
    def new_measurement_map(self):
        return MeasurementMap()
