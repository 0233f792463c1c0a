"""CPU per stored write when many tables write in waves (the group-committing writer).

``python benchmarks/store_writes.py --tables 400 --waves 30 [--postgres URL]``: every wave,
each table logs one action (and, with ``--clocks``, half of them also queue a ``set_clock``,
as clocked tables do), all at once, and the wave waits for every future. Prints the process
CPU (``time.process_time``, all threads) and wall time per write, and the writer's batch sizes.
"""

from __future__ import annotations

import argparse
import tempfile
import time

from tapete.storage import store as st


def main() -> None:
    """Run the waves and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=400)
    parser.add_argument("--waves", type=int, default=30)
    parser.add_argument("--clocks", action="store_true")
    parser.add_argument("--postgres", default=None, help="a PostgreSQL URL instead of SQLite")
    args = parser.parse_args()
    store = st.Store(args.postgres or st.default_url(tempfile.mkdtemp()))
    store.migrate()
    prefix = f"b{time.time_ns() % 10**9}"
    ids = [f"{prefix}t{i}" for i in range(args.tables)]
    for future in [
        store.write(st.insert_table(st.TableData(i, "pocha", {}, [], None, 0.0))) for i in ids
    ]:
        future.result()
    cpu0, wall0 = time.process_time(), time.perf_counter()
    for wave in range(args.waves):
        futures = []
        for n, table_id in enumerate(ids):
            futures.append(store.write(st.append_actions(table_id, wave, [(n % 4, wave, "x")])))
            if args.clocks and n % 2:
                futures.append(store.write(st.set_clock(table_id, wave, 1e9 + wave)))
        for future in futures:
            future.result()
    cpu, wall = time.process_time() - cpu0, time.perf_counter() - wall0
    writes = args.tables * args.waves
    store.close()
    print(
        f"{writes} appends ({args.tables} tables x {args.waves} waves, clocks={args.clocks}):"
        f" CPU {cpu * 1e3 / writes:.3f} ms/write, wall {wall * 1e3 / writes:.3f} ms/write"
    )


if __name__ == "__main__":
    main()
