"""TEST SHIM (see opencensus/__init__.py): views and exporters are registered, and nothing is ever exported."""


class ViewManager:
    def __init__(self):
        self.views = {}
        self.exporters = []

    def register_view(self, view):
        self.views[view.name] = view

    def get_view(self, name, timestamp=None):
        return None

    def get_all_exported_views(self):
        return set()

    def register_exporter(self, exporter):
        self.exporters.append(exporter)

    def unregister_exporter(self, exporter):
        if exporter in self.exporters:
            self.exporters.remove(exporter)
