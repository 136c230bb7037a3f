"""A PEP 517 build backend in the standard library alone, so `pip install ./clients/python` works offline.

setuptools on this Python (65) needs the separate `wheel` package to build a wheel, and a machine without a
package index has neither; this backend writes the pure-Python wheel (and sdist) itself: the package's
files, METADATA, WHEEL and RECORD. Name, version and Python requirement come from pyproject.toml.
"""
from __future__ import annotations

import base64
import hashlib
import io
import os
import re
import tarfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
PACKAGE = "harness_lab"


def _project_field(name: str) -> str:
    with open(os.path.join(ROOT, "pyproject.toml"), encoding="utf-8") as handle:
        text = handle.read()
    section = text.split("[project]", 1)[1].split("\n[", 1)[0]
    match = re.search(rf'^{name}\s*=\s*"([^"]*)"', section, re.MULTILINE)
    if not match:
        raise RuntimeError(f"pyproject.toml: [project] has no {name}")
    return match.group(1)


def _names():
    dist = _project_field("name")
    return dist, dist.replace("-", "_"), _project_field("version")


def _metadata() -> str:
    dist, _, version = _names()
    readme = ""
    readme_path = os.path.join(ROOT, "README.md")
    if os.path.exists(readme_path):
        with open(readme_path, encoding="utf-8") as handle:
            readme = handle.read()
    return (f"Metadata-Version: 2.1\nName: {dist}\nVersion: {version}\nSummary: {_project_field('description')}\n"
            f"License: Apache-2.0\nRequires-Python: {_project_field('requires-python')}\n"
            f"Classifier: Typing :: Typed\nDescription-Content-Type: text/markdown\n\n{readme}")


def _package_files():
    base = os.path.join(ROOT, PACKAGE)
    for current, dirs, files in os.walk(base):
        dirs[:] = sorted(d for d in dirs if d != "__pycache__")
        for name in sorted(files):
            if name.endswith((".py", ".typed")):
                full = os.path.join(current, name)
                yield full, os.path.relpath(full, ROOT).replace(os.sep, "/")


def _record_line(path: str, data: bytes) -> str:
    digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
    return f"{path},sha256={digest},{len(data)}"


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def get_requires_for_build_editable(config_settings=None):
    return []


def prepare_metadata_for_build_wheel(metadata_directory, config_settings=None):
    _, stem, version = _names()
    info = os.path.join(metadata_directory, f"{stem}-{version}.dist-info")
    os.makedirs(info, exist_ok=True)
    with open(os.path.join(info, "METADATA"), "w", encoding="utf-8") as handle:
        handle.write(_metadata())
    return os.path.basename(info)


def _write_wheel(wheel_directory: str, entries) -> str:
    _, stem, version = _names()
    filename = f"{stem}-{version}-py3-none-any.whl"
    info = f"{stem}-{version}.dist-info"
    records = []
    with zipfile.ZipFile(os.path.join(wheel_directory, filename), "w", zipfile.ZIP_DEFLATED) as wheel:
        def add(path: str, data: bytes) -> None:
            wheel.writestr(zipfile.ZipInfo(path, date_time=(2020, 1, 1, 0, 0, 0)), data, zipfile.ZIP_DEFLATED)
            records.append(_record_line(path, data))

        for path, data in entries:
            add(path, data)
        add(f"{info}/METADATA", _metadata().encode("utf-8"))
        add(f"{info}/WHEEL", b"Wheel-Version: 1.0\nGenerator: harness_lab_build\nRoot-Is-Purelib: true\nTag: py3-none-any\n")
        records.append(f"{info}/RECORD,,")
        wheel.writestr(zipfile.ZipInfo(f"{info}/RECORD", date_time=(2020, 1, 1, 0, 0, 0)), "\n".join(records) + "\n")
    return filename


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    entries = []
    for full, rel in _package_files():
        with open(full, "rb") as handle:
            entries.append((rel, handle.read()))
    return _write_wheel(wheel_directory, entries)


def build_editable(wheel_directory, config_settings=None, metadata_directory=None):
    """An editable install: a .pth file that puts this directory on sys.path."""
    return _write_wheel(wheel_directory, [(f"__editable__.{PACKAGE}.pth", (ROOT + "\n").encode("utf-8"))])


def build_sdist(sdist_directory, config_settings=None):
    _, stem, version = _names()
    base = f"{stem}-{version}"
    filename = f"{base}.tar.gz"
    with tarfile.open(os.path.join(sdist_directory, filename), "w:gz") as sdist:
        paths = ["pyproject.toml", "README.md", "_build/harness_lab_build.py"] + [rel for _, rel in _package_files()]
        for rel in paths:
            full = os.path.join(ROOT, rel)
            if os.path.exists(full):
                sdist.add(full, arcname=f"{base}/{rel}")
        info = tarfile.TarInfo(f"{base}/PKG-INFO")
        data = _metadata().encode("utf-8")
        info.size = len(data)
        sdist.addfile(info, io.BytesIO(data))
    return filename
