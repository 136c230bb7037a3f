"""TEST SHIM (see opencensus/__init__.py)."""

from opencensus.tags.tag_key import TagKey
from opencensus.tags.tag_map import TagMap
from opencensus.tags.tag_value import TagValue

__all__ = ["TagKey", "TagMap", "TagValue"]
