"""The server's garbage-collector policy (``tapete.web.gcpolicy``): refreezing keeps the long
lived objects out of the collector's sight, young garbage is collected before it is frozen,
the audit frees cycles that became garbage while frozen, and the collector's pauses are
measured and shown at ``/healthz/gc`` to loopback clients only."""

from __future__ import annotations

import asyncio
import gc
import json
import urllib.request
import warnings
import weakref
from collections.abc import Iterator
from pathlib import Path

import pytest

from tapete.web.gcpolicy import CollectorPolicy, CollectorWatch

from .conftest import Server

warnings.filterwarnings("ignore", category=DeprecationWarning)
from fastapi.testclient import TestClient  # noqa: E402

from tapete.web.app import create_app  # noqa: E402


class Node:
    """An object that can be in a cycle and be watched with a weak reference."""

    def __init__(self) -> None:
        self.other: Node | None = None


def cycle() -> tuple[Node, weakref.ref[Node]]:
    """Two nodes referring to each other: one of them, and a weak reference to it."""
    a, b = Node(), Node()
    a.other, b.other = b, a
    return a, weakref.ref(a)


@pytest.fixture
def collector_off() -> Iterator[None]:
    """No automatic collection during the test (only the ones it asks for)."""
    was = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was:
            gc.enable()


def tracked(obj: object) -> bool:
    """Whether ``obj`` is among the objects the collector goes through (not frozen)."""
    return any(o is obj for o in gc.get_objects())


def test_refreeze_takes_the_objects_out_of_the_collections(collector_off: None) -> None:
    keep = [{"n": i} for i in range(1000)]
    assert tracked(keep)
    frozen = gc.get_freeze_count()
    CollectorPolicy().refreeze_now()
    assert not tracked(keep) and gc.get_freeze_count() >= frozen + len(keep)
    assert keep[999] == {"n": 999}  # still alive and usable


def test_young_garbage_is_collected_not_frozen(collector_off: None) -> None:
    node, ref = cycle()
    del node  # garbage, waiting for a collection
    assert ref() is not None
    CollectorPolicy().refreeze_now()
    assert ref() is None


def test_a_cycle_frozen_alive_is_freed_by_the_audit(collector_off: None) -> None:
    policy = CollectorPolicy()
    node, ref = cycle()
    policy.refreeze_now()  # alive: frozen with the rest
    del node  # now garbage, but frozen: no collection sees it
    gc.collect()
    assert ref() is not None
    found = policy.audit_now()
    assert ref() is None and found >= 2
    ((_at, pause, cpu, collected),) = policy.audits
    assert collected == found and pause >= 0 and cpu >= 0
    assert not tracked(policy)  # frozen again after the audit


def test_the_policy_refreezes_and_audits_on_its_own(collector_off: None) -> None:
    policy = CollectorPolicy(refreeze=0.01, audit=0.05)

    async def go() -> None:
        task = asyncio.get_running_loop().create_task(policy.run())
        try:
            while not (policy.refreezes >= 2 and policy.audits):
                await asyncio.sleep(0.01)
        finally:
            task.cancel()

    asyncio.run(asyncio.wait_for(go(), 30))
    figures = policy.figures()
    assert figures["refreezes"] >= 2 and len(figures["audits"]) >= 1


def test_the_watch_times_each_collection_by_generation() -> None:
    watch = CollectorWatch()
    watch.install()
    try:
        for generation in (0, 1, 2, 2):
            gc.collect(generation)
    finally:
        watch.uninstall()
    figures = watch.figures()
    assert figures["collections"][0] >= 1 and figures["collections"][1] >= 1
    assert figures["collections"][2] >= 2 and len(figures["full_pauses_ms"]) >= 2
    assert len(figures["full_cpu_ms"]) == len(figures["full_pauses_ms"])
    assert all(p >= 0 for p in figures["pause_total_ms"])
    later = watch.figures(since=watch.full[-1][0])  # only what ended after the last one
    assert later["full_pauses_ms"] == []


def test_healthz_gc_is_for_loopback_clients_only(sqlite_url: str, tmp_path: Path) -> None:
    with TestClient(create_app(sqlite_url)) as client:  # its client is "testclient"
        answer = client.get("/healthz/gc")
        assert answer.status_code == 404 and answer.json()["error"]["code"] == "not_found"
    server = Server(sqlite_url, tmp_path).start()
    try:
        with urllib.request.urlopen(f"{server.url}/healthz/gc", timeout=30) as answer:
            figures = json.loads(answer.read())
    finally:
        server.stop()
    assert len(figures["collections"]) == 3 and figures["frozen"] > 0
    assert figures["policy"]["refreeze_s"] > 0 and figures["policy"]["audit_s"] > 0
