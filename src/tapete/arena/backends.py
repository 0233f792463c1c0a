"""Where the deals are played: this process, a pool of local processes, or a Ray cluster.

Every backend runs :func:`tapete.arena.worker.play_deals` on chunks of deal numbers and
returns the chunks' results in chunk order, so the arena's result does not depend on the
backend or the number of workers.
"""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tapete.arena.worker import play_deals
from tapete.errors import ConfigError

Chunk = Sequence[int]
Results = list[dict[str, Any]]
OnDone = Callable[[int], None]

BACKENDS = ("local", "ray")


def run_inline(spec: Mapping[str, Any], chunks: Sequence[Chunk], on_done: OnDone) -> list[Results]:
    """Play every chunk in this process."""
    out = []
    for chunk in chunks:
        out.append(play_deals(spec, chunk))
        on_done(len(chunk))
    return out


def run_processes(
    spec: Mapping[str, Any], chunks: Sequence[Chunk], workers: int, on_done: OnDone
) -> list[Results]:
    """Play the chunks in a pool of ``workers`` local processes."""
    if workers <= 1:
        return run_inline(spec, chunks, on_done)
    results: list[Results | None] = [None] * len(chunks)
    with concurrent.futures.ProcessPoolExecutor(max_workers=workers) as pool:
        futures = {pool.submit(play_deals, dict(spec), list(c)): i for i, c in enumerate(chunks)}
        for future in concurrent.futures.as_completed(futures):
            i = futures[future]
            results[i] = future.result()
            on_done(len(chunks[i]))
    return [r if r is not None else [] for r in results]


def run_ray(
    spec: Mapping[str, Any],
    chunks: Sequence[Chunk],
    workers: int,
    on_done: OnDone,
    address: str | None = None,
) -> list[Results]:
    """Play the chunks as Ray tasks: on the cluster at ``address``, else on a local Ray.

    A local Ray instance is started with ``workers`` CPUs (and shut down at the end) unless
    Ray is already initialised in this process. Needs the ``ray`` extra (``tapete[ray]``);
    on a cluster, every node must have the same tapete installed.
    """
    try:
        import ray
    except ImportError:
        raise ConfigError("the ray backend needs Ray: pip install 'tapete[ray]'") from None
    started = False
    if not ray.is_initialized():
        kwargs: dict[str, Any] = {"include_dashboard": False, "log_to_driver": False}
        if address:
            ray.init(address=address, **kwargs)
        else:
            ray.init(num_cpus=max(1, workers), **kwargs)
        started = True
    try:
        remote = ray.remote(play_deals)
        spec_ref: Any = ray.put(dict(spec))
        refs = {remote.remote(spec_ref, list(c)): i for i, c in enumerate(chunks)}
        results: list[Results | None] = [None] * len(chunks)
        pending = list(refs)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                i = refs[ref]
                results[i] = ray.get(ref)
                on_done(len(chunks[i]))
        return [r if r is not None else [] for r in results]
    finally:
        if started:
            ray.shutdown()
