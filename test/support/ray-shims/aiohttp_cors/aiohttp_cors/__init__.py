"""TEST SHIM for aiohttp_cors (missing from the local package index; see ../../README.md).

Ray's dashboard agent adds CORS headers to its routes with it. The test head serves no browser, so the shim
registers nothing: routes answer exactly as without CORS.
"""

__version__ = "0.0.0+harness-lab-test-shim"


class ResourceOptions:
    def __init__(self, **options):
        self.options = options


class _Cors:
    def __init__(self, app, defaults=None):
        self.app = app
        self.defaults = defaults or {}

    def add(self, route, config=None):
        return route


def setup(app, *, defaults=None):
    return _Cors(app, defaults)
