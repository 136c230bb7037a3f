"""The constructors in harness_lab.events are the contract's: compared with the server's own OpenAPI document
(GET /api/v1/openapi.json, generated from the zod schemas), field by field, required by required, so the
Python client and the server cannot drift. The ids are compared with the TypeScript client's."""
from __future__ import annotations

import inspect
import json
import subprocess
import urllib.request

import pytest

from harness_lab import events, ids
from server import PROJECT_ROOT


@pytest.fixture(scope="module")
def schemas(server):
    with urllib.request.urlopen(f"{server.url}/api/v1/openapi.json", timeout=30) as response:
        return json.loads(response.read())["components"]["schemas"]


def signature(function):
    params = inspect.signature(function).parameters.values()
    return {p.name for p in params}, {p.name for p in params if p.default is inspect.Parameter.empty}


def fields(schema):
    return set(schema.get("properties", {})) - {"type"}, set(schema.get("required", [])) - {"type"}


def item_schema(schema, *path):
    for key in path:
        schema = schema["properties"][key]
        if "items" in schema:
            schema = schema["items"]
    return schema


def test_every_event_type_has_a_constructor(schemas):
    event_types = {name for name in schemas if name != "Error"}
    assert event_types == set(events.CONSTRUCTORS) == set(events.EVENT_TYPES)


@pytest.mark.parametrize("event_type", events.EVENT_TYPES)
def test_constructor_fields_are_the_contract_fields(schemas, event_type):
    names, required = signature(events.CONSTRUCTORS[event_type])
    contract_names, contract_required = fields(schemas[event_type])
    assert names == contract_names, f"{event_type}: only in Python {names - contract_names}, only in the contract {contract_names - names}"
    assert required == contract_required, f"{event_type}: required in Python {required}, in the contract {contract_required}"


@pytest.mark.parametrize("constructor, event_type, path", [
    (events.turn, "rollout", ("turns",)),
    (events.hook_message, "rollout", ("turns", "hooks")),
    (events.rollout_tokens, "rollout", ("tokens",)),
    (events.harness_file, "harness_version", ("files",)),
    (events.eval_task_result, "eval_result", ("results",)),
    (events.evidence, "proposal", ("evidence",)),
    (events.reported_comparison, "comparison", ("reported",)),
])
def test_part_constructors_are_the_contract_parts(schemas, constructor, event_type, path):
    names, required = signature(constructor)
    contract_names, contract_required = fields(item_schema(schemas[event_type], *path))
    assert (names, required) == (contract_names, contract_required)


def test_constructors_leave_out_what_was_not_given_but_keep_a_null_reward():
    event = events.rollout(id="r", experiment="e", run="u", task="t", purpose="train", reward=None, success=False, turns=[])
    assert event == {"type": "rollout", "id": "r", "experiment": "e", "run": "u", "task": "t", "purpose": "train",
                     "reward": None, "success": False, "turns": []}


def test_ids_equal_the_typescript_clients():
    cases = [("rollout", "run-1", 3, "django__django-11099", 0), ("group", "r", 1.0, "t"), ("x", "a", "b,c"), ("x", "a,b", "c"),
             ("y", None, True, "é ✓", 2.5)]
    script = ("import { prefixedId } from './lib/client/ids.ts';"
              f"const cases = {json.dumps(cases)};"
              "console.log(JSON.stringify(cases.map((c) => prefixedId(c[0], ...c.slice(1)))));")
    out = subprocess.run(["node", "--import", "tsx", "--input-type=module", "-e", script], cwd=PROJECT_ROOT,
                         capture_output=True, text=True, timeout=120, check=True).stdout
    assert json.loads(out.strip().splitlines()[-1]) == [ids.prefixed_id(*c) for c in cases]
    assert ids.rollout("run-1", 3, "django__django-11099", 0) == ids.prefixed_id("rollout", "run-1", 3, "django__django-11099", 0)
    assert ids.stable_id("a", "b,c") != ids.stable_id("a,b", "c")
