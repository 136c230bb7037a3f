"""TEST SHIM (see semconv/__init__.py): the otel.* attribute names the SDK's metric readers import."""

from enum import Enum

OTEL_COMPONENT_NAME = "otel.component.name"
OTEL_COMPONENT_TYPE = "otel.component.type"


class OtelComponentTypeValues(Enum):
    BATCHING_SPAN_PROCESSOR = "batching_span_processor"
    SIMPLE_SPAN_PROCESSOR = "simple_span_processor"
    BATCHING_LOG_PROCESSOR = "batching_log_processor"
    SIMPLE_LOG_PROCESSOR = "simple_log_processor"
    PERIODIC_METRIC_READER = "periodic_metric_reader"
    PROMETHEUS_HTTP_TEXT_METRIC_EXPORTER = "prometheus_http_text_metric_exporter"
