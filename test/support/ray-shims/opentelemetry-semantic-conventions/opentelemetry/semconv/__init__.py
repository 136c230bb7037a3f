"""TEST SHIM for opentelemetry-semantic-conventions (missing from the local package index; see ../../../README.md).

opentelemetry-sdk imports attribute names from it. The shim defines only the names the SDK's metrics and
resources modules import (what Ray's dashboard loads); names follow the conventions' rule (SERVICE_NAME ->
"service.name").
"""
