"""TEST SHIM (see __init__.py): ResourceAttributes.SERVICE_NAME == "service.name" and so on."""

from opentelemetry.semconv._naming import DottedNames


class ResourceAttributes(metaclass=DottedNames):
    pass
