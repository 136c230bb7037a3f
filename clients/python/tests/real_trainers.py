"""Where the tests find the trainers' real extension-point code and their writers' files: the shared folder's
trainers/<name> ($HARNESS_LAB_SHARED, else ../shared next to the project), read in place, never copied."""
from __future__ import annotations

import importlib.util
import os
from pathlib import Path
from types import ModuleType

from server import PROJECT_ROOT

SHARED = Path(os.environ.get("HARNESS_LAB_SHARED") or PROJECT_ROOT.parent / "shared")


def trainer_dir(name: str) -> Path:
    """trainers/<name> of the shared folder; a missing one fails the test loudly (never a silent skip)."""
    path = SHARED / "trainers" / name
    assert path.is_dir(), f"{name}'s real code is not at {path}: set HARNESS_LAB_SHARED to the shared folder"
    return path


def load_module(name: str, path: Path) -> ModuleType:
    """A module from a file that is not on sys.path (a trainer's _real.py or samples.py)."""
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def our_warnings(stderr):
    """The integration's warnings: each is printed by warnings.warn ("...: HarnessLabIntegrationWarning: harness_lab:
    <message>") and by the harness_lab logger ("harness_lab: <message>"); the message, first line, once each."""
    return [line.split("HarnessLabIntegrationWarning: ", 1)[1] for line in stderr.splitlines() if "HarnessLabIntegrationWarning: " in line]
