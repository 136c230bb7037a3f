"""TEST SHIM (see opencensus/__init__.py): the process-wide `stats` object Ray's reporter agent uses."""

from opencensus.stats.stats_recorder import StatsRecorder
from opencensus.stats.view_manager import ViewManager


class _Stats:
    def __init__(self):
        self.stats_recorder = StatsRecorder()
        self.view_manager = ViewManager()


stats = _Stats()
