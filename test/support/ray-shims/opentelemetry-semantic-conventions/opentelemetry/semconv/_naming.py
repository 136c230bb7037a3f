"""TEST SHIM helper: a convention name from its constant (SERVICE_NAME -> "service.name")."""


class DottedNames(type):
    def __getattr__(cls, name: str) -> str:
        if name.startswith("__"):
            raise AttributeError(name)
        return name.lower().replace("_", ".")
