"""Voilà settings for a workshop: one machine, one class (`make workshop LEARNERS=30`).

Loaded by Voilà as its config file (`voila notebooks/ --Voila.config_file_paths=deploy/workshop`);
the class size comes from the environment (``CHAITEA_LEARNERS``, ``CHAITEA_LESSON``; for tests
and benchmarks also ``CHAITEA_FILL_DELAY`` and ``CHAITEA_CULL_IDLE_TIMEOUT``).
See docs/workshops.md#how-large-a-class and docs/performance.md#workshops for the figures these
values were sized on.
"""

import os
from datetime import UTC, datetime

from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager

c = get_config()  # type: ignore[name-defined]  # noqa: F821  (traitlets config file)

learners = int(os.environ.get("CHAITEA_LEARNERS", "30"))
lesson = os.environ.get("CHAITEA_LESSON", "06_full_game.ipynb")
cull_idle = int(os.environ.get("CHAITEA_CULL_IDLE_TIMEOUT", "60"))
# A few spare kernels for reloads and late-comers (one in ten, at least two).
pool = learners + max(2, learners // 10)

# Preheated kernels: the lesson's pool holds a kernel per learner whose notebook already ran
# (every other notebook starts its kernel on request, as with `make dashboard`).
c.VoilaConfiguration.preheat_kernel = True
c.VoilaKernelManager.kernel_pools_config = {
    "default": {"pool_size": 0},
    lesson: {"pool_size": pool},
}
# A used kernel is replaced fill_delay seconds later (Voilà's default: 1 s), so that the
# replacements (a kernel start and a notebook run each, about 1.5 s of CPU) do not compete with
# the class while it opens the lesson and plays its first cards (with 30 s, 30 replacements
# starting together made clicks take seconds); a request that finds only replacements still
# waiting waits for one. Then the pool is full again: learners + pool kernels in all.
c.VoilaKernelManager.fill_delay = float(os.environ.get("CHAITEA_FILL_DELAY", "120"))

# Kernels talk to the server over Unix sockets, not TCP ports: a class's 30-odd kernels start
# together, and a TCP port the server picked could be taken by another program before the kernel
# bound it ("Address already in use"); the kernel then died, and every restart reused the same
# port, so one learner's page had no kernel (load_workshop at 30 learners, with other servers
# running on the machine). Sockets are files in the runtime directory: nothing to collide with.
c.KernelManager.transport = "ipc"

# Wait for cell output as long as a loaded machine needs (Voilà's default is 4 s).
c.VoilaExecutor.iopub_timeout = 60
c.VoilaExecutor.startup_timeout = 120

# Free the kernels of closed or abandoned pages.
c.MappingKernelManager.cull_idle_timeout = cull_idle
c.MappingKernelManager.cull_interval = max(1, min(10, cull_idle // 4))
c.MappingKernelManager.cull_connected = False
c.MappingKernelManager.cull_busy = False


class WorkshopKernelManager(AsyncMappingKernelManager):  # type: ignore[misc]
    """Voilà's kernel manager, culling a kernel only once it has been a page's for
    ``cull_idle_timeout`` seconds.

    A preheated kernel may wait in the pool for an hour (the pool's kernels are never culled);
    when a page takes it, its idle clock would already be past the timeout, and the culler
    could shut it down in the seconds before the browser opens its websocket (a dashboard
    that never appears). So the idle clock starts when the culler first sees the kernel out
    of the pool (Voilà's pool returns early for its own kernels).
    """

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self._seen_out_of_pool: set[str] = set()

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        if kernel_id not in self._seen_out_of_pool:
            self._seen_out_of_pool.add(kernel_id)
            kernel = self._kernels.get(kernel_id)
            if kernel is not None:
                kernel.last_activity = datetime.now(UTC)
            return
        await super().cull_kernel_if_idle(kernel_id)

    async def shutdown_kernel(self, kernel_id: str, *args: object, **kwargs: object) -> None:
        self._seen_out_of_pool.discard(kernel_id)
        await super().shutdown_kernel(kernel_id, *args, **kwargs)


c.VoilaConfiguration.multi_kernel_manager_class = WorkshopKernelManager
