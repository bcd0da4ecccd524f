"""Voilà settings for a workshop: one machine, one class (`make workshop LEARNERS=30`).

Loaded by Voilà as its config file (`voila notebooks/ --Voila.config_file_paths=deploy/workshop`);
the class size comes from the environment (``CHAITEA_LEARNERS``, ``CHAITEA_LESSON``).
See the README's workshop section for the figures these values were sized on.
"""

import os

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
c.VoilaKernelManager.fill_delay = 1.0

# Wait for cell output as long as a loaded machine needs (Voilà's default is 4 s).
c.VoilaExecutor.iopub_timeout = 60
c.VoilaExecutor.startup_timeout = 120

# Free the kernels of closed or abandoned pages.
c.MappingKernelManager.cull_idle_timeout = cull_idle
c.MappingKernelManager.cull_interval = max(1, min(10, cull_idle // 4))
c.MappingKernelManager.cull_connected = False
c.MappingKernelManager.cull_busy = False
