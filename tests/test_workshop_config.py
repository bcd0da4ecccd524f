"""The workshop settings (deploy/workshop/voila.py, `make workshop`), loaded as Voilà loads them.

The load itself is measured by benchmarks/load_workshop.py; tests/test_workshop_smoke.py runs
it for a class of three (`make workshop-smoke`, a stage of `make test`).
"""

from __future__ import annotations

import asyncio
import os
import subprocess
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from traitlets.config import Config
from traitlets.config.loader import PyFileConfigLoader
from voila.configuration import VoilaConfiguration  # type: ignore[import-untyped]
from voila.execute import VoilaExecutor  # type: ignore[import-untyped]
from voila.voila_kernel_manager import voila_kernel_manager_factory  # type: ignore[import-untyped]

ROOT = Path(__file__).resolve().parent.parent
CONFIG_DIR = ROOT / "deploy" / "workshop"
LESSON = "06_full_game.ipynb"


@pytest.fixture
def env() -> Iterator[dict[str, str]]:
    """os.environ, restored afterwards."""
    saved = dict(os.environ)
    try:
        yield os.environ  # type: ignore[misc]
    finally:
        os.environ.clear()
        os.environ.update(saved)


def load(env: dict[str, str], **values: str) -> Config:
    for key in ("CHAITEA_LEARNERS", "CHAITEA_LESSON", "CHAITEA_CULL_IDLE_TIMEOUT",
                "CHAITEA_FILL_DELAY"):
        env.pop(key, None)
    env.update(values)
    return PyFileConfigLoader("voila.py", path=str(CONFIG_DIR)).load_config()


def test_the_lesson_alone_is_preheated_with_spares(env: dict[str, str]) -> None:
    for learners, pool in ((30, 33), (10, 12), (3, 5), (100, 110)):
        cfg = load(env, CHAITEA_LEARNERS=str(learners))
        pools = cfg.VoilaKernelManager.kernel_pools_config
        assert pools[LESSON]["pool_size"] == pool
        assert pools["default"]["pool_size"] == 0  # the other notebooks: as make dashboard
    assert (ROOT / "notebooks" / LESSON).is_file()
    cfg = load(env, CHAITEA_LEARNERS="8", CHAITEA_LESSON="04_playing_a_round.ipynb")
    assert cfg.VoilaKernelManager.kernel_pools_config["04_playing_a_round.ipynb"]["pool_size"] == 10
    assert LESSON not in cfg.VoilaKernelManager.kernel_pools_config


def test_voila_accepts_every_setting(env: dict[str, str]) -> None:
    """Voilà's own classes take the values (a wrong type or name would raise or be ignored)."""
    cfg = load(env, CHAITEA_LEARNERS="30")
    voila_cfg = VoilaConfiguration(config=cfg)
    assert voila_cfg.preheat_kernel is True
    assert not voila_cfg.progressive_rendering  # incompatible with preheating
    manager_class = voila_cfg.multi_kernel_manager_class
    assert issubclass(manager_class, AsyncMappingKernelManager)
    pooled = voila_kernel_manager_factory(manager_class, True, 0)
    traits = pooled.class_traits()
    for name in cfg.VoilaKernelManager:
        assert name in traits, f"VoilaKernelManager has no setting {name!r}"
        traits[name].validate(None, cfg.VoilaKernelManager[name])
    mapping_traits = AsyncMappingKernelManager.class_traits()
    for name in cfg.MappingKernelManager:
        assert name in mapping_traits, f"MappingKernelManager has no setting {name!r}"
    # replacements for used kernels start after the class has opened the lesson
    assert cfg.VoilaKernelManager.fill_delay >= 60
    executor = VoilaExecutor(SimpleNamespace(cells=[], metadata={}), config=cfg)
    assert executor.iopub_timeout == 60  # the default 4 s loses cell output under load
    assert executor.iopub_timeout > VoilaExecutor.class_traits()["iopub_timeout"].default_value


def test_kernels_are_culled_within_two_minutes(env: dict[str, str]) -> None:
    cfg = load(env)
    m = cfg.MappingKernelManager
    assert m.cull_connected is False  # an open page keeps its kernel
    assert m.cull_busy is False
    # a first sight out of the pool (one interval), then the idle time, then one more interval
    assert m.cull_idle_timeout > 0 and m.cull_idle_timeout + 2 * m.cull_interval < 120
    short = load(env, CHAITEA_CULL_IDLE_TIMEOUT="10").MappingKernelManager
    assert short.cull_idle_timeout == 10 and 1 <= short.cull_interval <= 10


class FakeKernel:
    def __init__(self, idle_for: float) -> None:
        self.execution_state = "idle"
        self.kernel_name = "python3"
        self.kernel_spec = SimpleNamespace(metadata={})
        self.last_activity = datetime.now(UTC) - timedelta(seconds=idle_for)


def test_a_kernel_just_taken_from_the_pool_is_not_culled(env: dict[str, str]) -> None:
    """A preheated kernel idle in the pool for an hour, handed to a page: Voilà's culler would
    shut it down before the browser connects; the workshop's waits for a full idle time."""
    manager_class = load(env).VoilaConfiguration.multi_kernel_manager_class
    manager = manager_class(cull_idle_timeout=60)
    culled: list[str] = []

    async def shutdown(kernel_id: str, *args: Any, **kwargs: Any) -> None:
        culled.append(kernel_id)

    manager.shutdown_kernel = shutdown
    manager._kernels["k"] = FakeKernel(idle_for=3600)
    asyncio.run(manager.cull_kernel_if_idle("k"))  # first seen out of the pool
    asyncio.run(manager.cull_kernel_if_idle("k"))  # ten seconds later: just taken, kept
    assert culled == []
    manager._kernels["k"].last_activity -= timedelta(seconds=61)  # a minute without a page
    asyncio.run(manager.cull_kernel_if_idle("k"))
    assert culled == ["k"]
    # a kernel that shows activity is kept
    manager._kernels["busy"] = FakeKernel(idle_for=3600)
    asyncio.run(manager.cull_kernel_if_idle("busy"))
    manager._kernels["busy"].execution_state = "busy"
    manager._kernels["busy"].last_activity -= timedelta(seconds=3600)
    asyncio.run(manager.cull_kernel_if_idle("busy"))
    assert culled == ["k"]


def test_make_workshop_passes_the_class_size() -> None:
    out = subprocess.run(["make", "-n", "workshop", "LEARNERS=17", "PORT=8879"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    assert "CHAITEA_LEARNERS=17" in out
    assert "--Voila.config_file_paths=deploy/workshop" in out
    assert "--port=8879" in out and "--Voila.ip=127.0.0.1" in out  # loopback unless asked
    dashboard = subprocess.run(["make", "-n", "dashboard"], cwd=ROOT, capture_output=True,
                               text=True, check=True).stdout
    assert "config_file_paths" not in dashboard  # make dashboard stays one user's server
