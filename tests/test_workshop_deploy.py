"""The multi-user configuration files (deploy/jupyterhub_config.py, deploy/z2jh-values.yaml),
loaded by the loaders the tools use (traitlets for JupyterHub's .py; YAML for Helm's values,
checked against the part of the chart's schema they use) and their settings checked against
the classes that read them (Voilà, Jupyter Server) in this venv."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema  # type: ignore[import-untyped]
import pytest
import yaml  # type: ignore[import-untyped]
from jupyter_server.serverapp import ServerApp
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets.config import Config
from traitlets.config.loader import KVArgParseConfigLoader, PyFileConfigLoader
from voila.execute import VoilaExecutor  # type: ignore[import-untyped]

ROOT = Path(__file__).resolve().parent.parent
DEPLOY = ROOT / "deploy"
SIZE = re.compile(r"^\d+(\.\d+)?[KMGT]?$")

# The parts of the Zero to JupyterHub chart's values schema these values use (types as the
# chart's schema gives them; unknown top-level keys are refused, as the chart refuses them).
Z2JH_SCHEMA: dict[str, Any] = {
    "type": "object",
    "additionalProperties": False,
    "properties": {
        "singleuser": {
            "type": "object",
            "required": ["image", "defaultUrl", "cmd"],
            "properties": {
                "image": {"type": "object", "required": ["name", "tag"], "properties": {
                    "name": {"type": "string"}, "tag": {"type": "string"},
                    "pullPolicy": {"enum": ["IfNotPresent", "Always", "Never"]}}},
                "defaultUrl": {"type": "string", "pattern": "^/"},
                "cmd": {"type": "array", "items": {"type": "string"}},
                "memory": {"type": "object", "properties": {
                    "guarantee": {"type": "string", "pattern": SIZE.pattern},
                    "limit": {"type": "string", "pattern": SIZE.pattern}}},
                "cpu": {"type": "object", "properties": {
                    "guarantee": {"type": "number"}, "limit": {"type": "number"}}},
                "startTimeout": {"type": "integer"},
                "storage": {"type": "object", "properties": {
                    "type": {"enum": ["dynamic", "static", "none"]}}},
            },
        },
        "hub": {"type": "object", "properties": {
            "concurrentSpawnLimit": {"type": "integer", "minimum": 1},
            "config": {"type": "object"}}},
        "scheduling": {"type": "object", "properties": {
            "userPlaceholder": {"type": "object", "properties": {
                "enabled": {"type": "boolean"}, "replicas": {"type": "integer", "minimum": 0}}},
            "podPriority": {"type": "object", "properties": {"enabled": {"type": "boolean"}}}}},
        "prePuller": {"type": "object"},
        "cull": {"type": "object", "required": ["enabled", "timeout", "every"], "properties": {
            "enabled": {"type": "boolean"}, "timeout": {"type": "integer", "minimum": 60},
            "every": {"type": "integer", "minimum": 10}}},
    },
}


@pytest.fixture
def hub_config() -> Iterator[Config]:
    saved = dict(os.environ)
    for key in ("CHAITEA_LESSON", "CHAITEA_HOME", "CHAITEA_MEM_LIMIT"):
        os.environ.pop(key, None)
    try:
        yield PyFileConfigLoader("jupyterhub_config.py", path=str(DEPLOY)).load_config()
    finally:
        os.environ.clear()
        os.environ.update(saved)


def server_settings(args: list[str]) -> Config:
    """A single-user server's command-line settings, parsed as Jupyter Server parses them."""
    cfg = KVArgParseConfigLoader(args).load_config()
    assert cfg, f"no settings parsed from {args}"
    return cfg


def check_server_settings(cfg: Config) -> None:
    executor = VoilaExecutor(None, config=cfg)
    assert executor.iopub_timeout >= 30  # the default 4 s loses cell output under load
    manager_traits = AsyncMappingKernelManager.class_traits()
    for name in cfg.MappingKernelManager:
        assert name in manager_traits, f"MappingKernelManager has no setting {name!r}"
    manager = AsyncMappingKernelManager(config=cfg)  # converts and validates the values
    assert manager.cull_idle_timeout > 0
    assert manager.cull_interval > 0
    assert manager.cull_connected is False  # an open tab keeps its kernel
    server_traits = ServerApp.class_traits()
    for name in cfg.get("ServerApp", {}):
        assert name in server_traits, f"ServerApp has no setting {name!r}"


def test_jupyterhub_config_opens_the_lesson_for_every_learner(hub_config: Config) -> None:
    spawner = hub_config.Spawner
    url = spawner.default_url
    assert url.startswith("/voila/render/")
    assert (ROOT / url.removeprefix("/voila/render/")).is_file(), url
    check_server_settings(server_settings(list(spawner.args)))
    assert SIZE.match(spawner.mem_limit)
    assert 0 < spawner.cpu_limit <= 2
    assert hub_config.JupyterHub.concurrent_spawn_limit >= 30
    culler = {s["name"]: s for s in hub_config.JupyterHub.services}["idle-culler"]
    assert culler["command"][1:3] == ["-m", "jupyterhub_idle_culler"]
    role = {r["name"]: r for r in hub_config.JupyterHub.load_roles}["idle-culler"]
    assert role["services"] == ["idle-culler"]
    assert {"list:users", "read:servers", "delete:servers"} <= set(role["scopes"])


def test_jupyterhub_config_follows_its_environment() -> None:
    saved = dict(os.environ)
    os.environ.update(CHAITEA_LESSON="04_playing_a_round.ipynb", CHAITEA_MEM_LIMIT="1G")
    try:
        cfg = PyFileConfigLoader("jupyterhub_config.py", path=str(DEPLOY)).load_config()
    finally:
        os.environ.clear()
        os.environ.update(saved)
    assert cfg.Spawner.default_url == "/voila/render/notebooks/04_playing_a_round.ipynb"
    assert cfg.Spawner.mem_limit == "1G"


def test_z2jh_values_are_valid_helm_values() -> None:
    values = yaml.safe_load((DEPLOY / "z2jh-values.yaml").read_text(encoding="utf-8"))
    jsonschema.validate(values, Z2JH_SCHEMA)
    user = values["singleuser"]
    url = user["defaultUrl"]
    assert (ROOT / url.removeprefix("/voila/render/")).is_file(), url
    assert user["cmd"][0] == "jupyterhub-singleuser"
    cfg = server_settings(user["cmd"][1:])
    check_server_settings(cfg)
    assert values["scheduling"]["userPlaceholder"]["replicas"] >= 30  # a class of 30 warmed
    assert values["cull"]["enabled"] is True


def test_a_broken_values_file_is_caught() -> None:
    """The schema check can fail: a typo in a key or a wrong type is refused."""
    values = yaml.safe_load((DEPLOY / "z2jh-values.yaml").read_text(encoding="utf-8"))
    values["singleuser"]["memory"]["limit"] = "half a gig"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(values, Z2JH_SCHEMA)
    values = yaml.safe_load((DEPLOY / "z2jh-values.yaml").read_text(encoding="utf-8"))
    values["singelser"] = values.pop("singleuser")
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(values, Z2JH_SCHEMA)
