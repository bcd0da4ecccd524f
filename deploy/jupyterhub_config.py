"""JupyterHub settings for a class beyond one Voilà server: each learner gets a server of their
own that opens the lesson as a Voilà dashboard (Voilà's Jupyter server extension, installed
with the kit: `pip install -r binder/requirements.txt .`).

- The Littlest JupyterHub (one larger machine): copy this file to
  ``/opt/tljh/config/jupyterhub_config.d/chaitea.py`` and run ``sudo tljh-config reload``.
- A plain JupyterHub: ``jupyterhub -f deploy/jupyterhub_config.py``.
- Zero to JupyterHub on Kubernetes: deploy/z2jh-values.yaml holds the same settings.

The kit must be in each learner's home (``CHAITEA_HOME``, default ``~/chaitea``: clone it there,
or let TLJH's ``user_environment`` or an nbgitpuller link do it). Environment variables:
``CHAITEA_LESSON`` (default ``06_full_game.ipynb``), ``CHAITEA_MEM_LIMIT`` (default ``400M``:
a learner's server and its lesson kernel measured about 150 MB; see
docs/workshops.md#how-large-a-class and docs/performance.md#workshops).
"""

import os
import sys

c = get_config()  # type: ignore[name-defined]  # noqa: F821  (traitlets config file)

lesson = os.environ.get("CHAITEA_LESSON", "06_full_game.ipynb")
home = os.environ.get("CHAITEA_HOME", "~/chaitea")

# Each learner lands on the lesson's dashboard, not on JupyterLab.
c.Spawner.notebook_dir = home
c.Spawner.default_url = f"/voila/render/notebooks/{lesson}"
c.Spawner.args = [
    # the dashboards' cell output may come late while a class logs in at once
    "--VoilaExecutor.iopub_timeout=60",
    # a closed tab's kernel is shut down after 10 idle minutes, an open one is kept
    "--MappingKernelManager.cull_idle_timeout=600",
    "--MappingKernelManager.cull_interval=60",
    "--MappingKernelManager.cull_connected=False",
    # and a learner's server stops an hour after its last kernel went away
    "--ServerApp.shutdown_no_activity_timeout=3600",
]
c.Spawner.mem_limit = os.environ.get("CHAITEA_MEM_LIMIT", "400M")
c.Spawner.cpu_limit = 1.0
c.Spawner.start_timeout = 120
c.Spawner.http_timeout = 60

# A class logging in at once: start the servers side by side, a bounded number at a time.
c.JupyterHub.concurrent_spawn_limit = 40
c.JupyterHub.active_server_limit = 0  # no cap beyond the machine's memory

# Servers idle for an hour are stopped by the Hub's idle culler (pip install
# jupyterhub-idle-culler; TLJH ships it and runs its own, then this service is skipped).
if not os.environ.get("TLJH_INSTALL_PREFIX") and not os.path.exists("/opt/tljh"):
    c.JupyterHub.services = [
        {
            "name": "idle-culler",
            "command": [sys.executable, "-m", "jupyterhub_idle_culler", "--timeout=3600",
                        "--cull-every=300"],
        }
    ]
    c.JupyterHub.load_roles = [
        {
            "name": "idle-culler",
            "scopes": ["list:users", "read:users:activity", "read:servers", "delete:servers"],
            "services": ["idle-culler"],
        }
    ]
