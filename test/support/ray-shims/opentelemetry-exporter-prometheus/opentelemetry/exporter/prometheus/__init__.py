"""TEST SHIM for opentelemetry-exporter-prometheus (missing from the local package index; see ../../../../README.md).

Ray's dashboard agent hands a PrometheusMetricReader to the OpenTelemetry SDK's MeterProvider to export the
node's metrics to Prometheus. The test head exports no metrics: this reader accepts what the SDK collects
and drops it.
"""

from opentelemetry.sdk.metrics.export import MetricReader


class PrometheusMetricReader(MetricReader):
    def __init__(self, disable_target_info: bool = False, prefix: str = "") -> None:
        super().__init__()

    def _receive_metrics(self, metrics_data, timeout_millis: float = 10_000, **kwargs) -> None:
        return None

    def shutdown(self, timeout_millis: float = 30_000, **kwargs) -> None:
        return None


def start_http_server(*args, **kwargs):
    return None
