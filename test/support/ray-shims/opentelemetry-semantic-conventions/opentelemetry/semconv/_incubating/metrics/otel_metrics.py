"""TEST SHIM (see semconv/__init__.py): the SDK's own metric about its metric readers."""


def create_otel_sdk_metric_reader_collection_duration(meter):
    return meter.create_histogram(name="otel.sdk.metric_reader.collection.duration", unit="s", description="Duration of the collection of metrics")
