"""Test configuration: Hypothesis profiles (CI runs a bounded sample)."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

settings.register_profile("dev", max_examples=100, deadline=None)
settings.register_profile(
    "ci",
    max_examples=60,
    deadline=None,
    derandomize=True,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))

# The servers the tests start (in process or as subprocesses, which inherit this) load the
# search kernels at the tests' own priority: a nicer loader starves while the other test
# worker keeps every core busy (733 s instead of about 30 s for a browser test waiting on it).
os.environ.setdefault("TAPETE_KERNEL_NICENESS", "0")
