"""Fixtures of the server tests: a store on SQLite or on a throw-away PostgreSQL cluster, the
app through FastAPI's test client, and a real ``tapete serve`` on a loopback port."""

from __future__ import annotations

import contextlib
import glob
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import uuid
from collections.abc import Iterator, Sequence
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


#: The environment of the ``tapete serve`` children these tests start: their search kernels
#: load at the server's own (production) niceness, behind the test workers. None of these
#: tests asks a search bot of them; at the tests' niceness of 0 (tests/conftest.py, for the
#: browser tests' server, whose hints wait on the kernels) every start compiled Ombre's
#: solver, about 27 CPU-seconds, against the tests beside it.
SERVE_ENV = {**os.environ, "TAPETE_KERNEL_NICENESS": "10"}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _pg_bin() -> str | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if found:
        return os.path.dirname(found[-1])
    initdb = shutil.which("initdb")
    return os.path.dirname(initdb) if initdb else None


class PostgresCluster:
    """A PostgreSQL cluster in a temporary folder, run by a non-root user."""

    def __init__(self, bin_dir: str) -> None:
        self.bin = bin_dir
        self.folder = tempfile.mkdtemp(prefix="tapete-pg-")
        self.data = os.path.join(self.folder, "data")
        self.port = free_port()
        self.prefix: list[str] = []
        if os.geteuid() == 0:
            os.chmod(self.folder, 0o777)
            self.prefix = ["runuser", "-u", "postgres", "--"]

    def run(self, *args: str) -> None:
        subprocess.run([*self.prefix, *args], check=True, capture_output=True, timeout=120)

    def start(self) -> None:
        self.run(f"{self.bin}/initdb", "-D", self.data, "-A", "trust", "-U", "tapete", "-E", "UTF8")
        options = (
            f"-p {self.port} -c listen_addresses=127.0.0.1 -k {self.folder} "
            "-c fsync=off -c max_connections=200"
        )
        self.run(
            f"{self.bin}/pg_ctl",
            "-D",
            self.data,
            "-o",
            options,
            "-l",
            os.path.join(self.folder, "log"),
            "-w",
            "start",
        )

    def stop(self) -> None:
        with contextlib.suppress(Exception):
            self.run(f"{self.bin}/pg_ctl", "-D", self.data, "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)

    def url(self, database: str = "postgres") -> str:
        return f"postgresql+psycopg://tapete@127.0.0.1:{self.port}/{database}"

    def new_database(self) -> str:
        import psycopg

        name = "t_" + uuid.uuid4().hex[:12]
        with psycopg.connect(
            f"host=127.0.0.1 port={self.port} user=tapete dbname=postgres", autocommit=True
        ) as conn:
            conn.execute(f"CREATE DATABASE {name}")
        return self.url(name)


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresCluster]:
    bin_dir = _pg_bin()
    if bin_dir is None:
        pytest.skip("PostgreSQL is not installed (no initdb): the PostgreSQL tests need it")
    pytest.importorskip("psycopg", reason="psycopg is not installed")
    cluster = PostgresCluster(bin_dir)
    cluster.start()
    try:
        yield cluster
    finally:
        cluster.stop()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh empty database: SQLite in a temp folder, or a new PostgreSQL database."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'tapete.sqlite3'}"
    cluster: PostgresCluster = request.getfixturevalue("postgres")
    return cluster.new_database()


@pytest.fixture
def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'tapete.sqlite3'}"


class Server:
    """``tapete serve`` in a child process on a loopback port."""

    def __init__(
        self, db: str, folder: Path, port: int | None = None, args: Sequence[str] = ()
    ) -> None:
        self.db = db
        self.args = list(args)
        self.folder = folder
        self.port = port or free_port()
        self.process: subprocess.Popen[bytes] | None = None
        self.log = folder / f"server-{self.port}.log"

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Server:
        out = open(self.log, "ab")  # noqa: SIM115 - the child writes it
        self.process = subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tapete.cli.main",
                "serve",
                "--port",
                str(self.port),
                "--db",
                self.db,
                "--log-level",
                "warning",
                *self.args,
            ],
            cwd=self.folder,
            env=SERVE_ENV,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log.read_text()}")
            with (
                contextlib.suppress(OSError),
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5),
            ):
                return self
            time.sleep(0.1)
        raise RuntimeError("the server did not start")

    def kill(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(10)

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(15)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait(10)


@pytest.fixture
def server(tmp_path: Path, sqlite_url: str) -> Iterator[Server]:
    srv = Server(sqlite_url, tmp_path).start()
    try:
        yield srv
    finally:
        srv.stop()
