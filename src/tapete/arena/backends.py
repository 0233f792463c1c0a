"""Where the deals are played: this process, a pool of local processes, or a Ray cluster.

Every backend runs :func:`tapete.arena.worker.play_deals` on chunks of deal numbers and
hands each chunk's results to ``on_chunk(index, results)`` as soon as it is done (in any
order); ``on_chunk`` returns ``False`` to stop the run (the chunks not started are dropped,
those running are awaited). The arena puts the chunks back in order, so its result does not
depend on the backend or the number of workers.
"""

from __future__ import annotations

import concurrent.futures
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from tapete.arena.worker import play_deals
from tapete.errors import ConfigError

Chunk = Sequence[int]
Results = list[dict[str, Any]]
#: ``on_chunk(index, results)``: ``False`` stops the run.
OnChunk = Callable[[int, Results], bool]

BACKENDS = ("local", "ray")


def run_inline(spec: Mapping[str, Any], chunks: Sequence[Chunk], on_chunk: OnChunk) -> None:
    """Play every chunk in this process, in order."""
    for i, chunk in enumerate(chunks):
        if not on_chunk(i, play_deals(spec, chunk)):
            return


def run_processes(
    spec: Mapping[str, Any], chunks: Sequence[Chunk], workers: int, on_chunk: OnChunk
) -> None:
    """Play the chunks in a pool of ``workers`` local processes."""
    if workers <= 1:
        run_inline(spec, chunks, on_chunk)
        return
    pool = concurrent.futures.ProcessPoolExecutor(max_workers=workers)
    stopped = False
    try:
        futures = {pool.submit(play_deals, dict(spec), list(c)): i for i, c in enumerate(chunks)}
        for future in concurrent.futures.as_completed(futures):
            if stopped:
                future.result()  # a chunk that was running when the run stopped
                continue
            if not on_chunk(futures[future], future.result()):
                stopped = True
                for other in futures:
                    other.cancel()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def run_ray(
    spec: Mapping[str, Any],
    chunks: Sequence[Chunk],
    workers: int,
    on_chunk: OnChunk,
    address: str | None = None,
) -> None:
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
        pending = list(refs)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                if not on_chunk(refs[ref], ray.get(ref)):
                    for other in pending:
                        ray.cancel(other)
                    return
    finally:
        if started:
            ray.shutdown()
