"""A harness version from a directory of files: each file's kind from where it lies, hooks with their position."""
from __future__ import annotations

import hashlib
import json
import os
from typing import Any, Dict, List, Mapping, Optional

from . import events
from .events import HOOK_POSITIONS

_KIND_BY_DIR = {
    "tools": "tool", "tool": "tool", "hooks": "hook", "hook": "hook", "skills": "skill", "skill": "skill",
    "prompts": "prompt", "prompt": "prompt", "config": "config", "configs": "config",
}
_CONFIG_EXTENSIONS = {".yaml", ".yml", ".json", ".toml", ".ini", ".cfg"}
_SKIPPED_DIRS = {"__pycache__", "node_modules"}


def file_kind(path: str) -> str:
    """tools/ -> tool, hooks/ -> hook, skills/ -> skill, prompts/ -> prompt, config files -> config, else other."""
    first = path.split("/", 1)[0] if "/" in path else ""
    if first in _KIND_BY_DIR:
        return _KIND_BY_DIR[first]
    if os.path.splitext(path)[1].lower() in _CONFIG_EXTENSIONS:
        return "config"
    if "prompt" in os.path.basename(path).lower():
        return "prompt"
    return "other"


def hook_position_in(path: str) -> Optional[str]:
    """A lifecycle position named in the path, e.g. hooks/pre_action/run_tests.py or hooks/post_feedback_stall.py."""
    for position in HOOK_POSITIONS:
        if position in path:
            return position
    return None


def read_harness_files(directory: str, hook_positions: Optional[Mapping[str, str]] = None) -> List[Dict[str, Any]]:
    """Every text file under `directory` (hidden files, __pycache__ and *.pyc left out), sorted by path."""
    root = os.path.abspath(directory)
    if not os.path.isdir(root):
        raise ValueError(f"harness_lab: {directory} is not a directory")
    files: List[Dict[str, Any]] = []
    for current, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in _SKIPPED_DIRS)
        for name in sorted(names):
            if name.startswith(".") or name.endswith((".pyc", ".pyo")):
                continue
            full = os.path.join(current, name)
            rel = os.path.relpath(full, root).replace(os.sep, "/")
            try:
                with open(full, encoding="utf-8") as handle:
                    content = handle.read()
            except UnicodeDecodeError:
                raise ValueError(f"harness_lab: {rel} is not UTF-8 text; a harness version holds text files only") from None
            kind = file_kind(rel)
            position = (hook_positions or {}).get(rel) or (hook_position_in(rel) if kind == "hook" else None)
            if kind == "hook" and not position:
                raise ValueError(f"harness_lab: {rel}: a hook file needs its lifecycle position; name it in the path "
                                 f"(e.g. hooks/pre_action/{name}) or pass hook_positions={{{rel!r}: 'pre_action'}}")
            files.append(events.harness_file(path=rel, content=content, kind=kind, hook_position=position))
    files.sort(key=lambda f: f["path"])
    return files


def files_digest(files: List[Dict[str, Any]]) -> str:
    return hashlib.sha256(json.dumps(files, sort_keys=True, separators=(",", ":")).encode("utf-8")).hexdigest()[:16]
