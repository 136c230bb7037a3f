"""TEST SHIM for opencensus (missing from the local package index; see ../../README.md).

Ray's dashboard agent exports the node's metrics to Prometheus through opencensus (ray/_private/metrics_agent.py,
prometheus_exporter.py). The test head exports no metrics: these modules give the names Ray imports, with
the shapes it uses, and record nothing. Not part of Ray's Jobs API.
"""
