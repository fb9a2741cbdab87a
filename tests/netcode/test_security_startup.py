"""Issue 11, item 11: a private data directory, and start-up failures in one line.

``meldhall serve`` runs as a subprocess, as an operator would start it; a failure
must be one line on stderr and a non-zero exit status, never a traceback.
"""

from __future__ import annotations

import os
import shutil
import socket
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from netcode.cli import connect_address, lan_address, loopback_only
from netcode.datadir import DB_NAME
from netcode.server import Host, HostConfig

ROOT = Path(__file__).resolve().parents[2]


def serve(data_dir: Path, *extra: str, timeout: float = 30) -> subprocess.CompletedProcess[str]:
    """Run ``meldhall serve`` expecting it to fail at start-up."""
    return subprocess.run(
        [sys.executable, "-m", "netcode.cli", "serve", "--host", "127.0.0.1", "--port", "0",
         "--data-dir", str(data_dir), *extra],
        capture_output=True, text=True, timeout=timeout, cwd=ROOT,
    )


def assert_one_line(result: subprocess.CompletedProcess[str], *words: str) -> None:
    assert result.returncode != 0
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr
    assert "Traceback" not in result.stderr
    assert lines[0].startswith("meldhall: ")
    for word in words:
        assert word in lines[0], lines[0]


def test_data_directory_is_0700_and_database_0600_even_when_they_were_looser(
        tmp_path: Path) -> None:
    data = tmp_path / "data"
    host = Host(HostConfig(data_dir=data, host="127.0.0.1", port=0))
    host.close()
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    assert stat.S_IMODE((data / DB_NAME).stat().st_mode) == 0o600
    data.chmod(0o755)
    (data / DB_NAME).chmod(0o644)
    host = Host(HostConfig(data_dir=data, host="127.0.0.1", port=0))
    host.close()
    assert stat.S_IMODE(data.stat().st_mode) == 0o700
    assert stat.S_IMODE((data / DB_NAME).stat().st_mode) == 0o600


def test_unusable_data_directory_is_one_line(tmp_path: Path) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("not a directory")
    assert_one_line(serve(blocker / "data"), str(blocker / "data"))
    assert_one_line(serve(blocker), "not a directory")


def test_read_only_data_directory_is_one_line(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir(mode=0o500)
    prefix: list[str] = []
    if os.geteuid() == 0:  # root writes through permissions: run the host as nobody
        if shutil.which("setpriv") is None:
            pytest.skip("running as root without setpriv")
        os.chown(data, 65534, 65534)
        for parent in (tmp_path, *tmp_path.parents):
            if parent == Path("/tmp") or parent == Path("/"):
                break
            parent.chmod(parent.stat().st_mode | 0o005)  # let nobody reach the directory
        prefix = ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups"]
    try:
        result = subprocess.run(
            [*prefix, sys.executable, "-m", "netcode.cli", "serve", "--host", "127.0.0.1",
             "--port", "0", "--data-dir", str(data)],
            capture_output=True, text=True, timeout=30, cwd=ROOT,
        )
        assert_one_line(result, "not writable")
    finally:
        data.chmod(0o700)


def test_corrupt_database_is_one_line(tmp_path: Path) -> None:
    data = tmp_path / "data"
    data.mkdir(mode=0o700)
    (data / DB_NAME).write_bytes(b"this is not a database, whatever it once was" * 200)
    (data / DB_NAME).chmod(0o600)  # private already: no warning that it was tightened
    assert_one_line(serve(data), "damaged")


def test_port_in_use_is_one_line(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        result = subprocess.run(
            [sys.executable, "-m", "netcode.cli", "serve", "--host", "127.0.0.1", "--port",
             str(port), "--data-dir", str(tmp_path / "data")],
            capture_output=True, text=True, timeout=30, cwd=ROOT,
        )
    assert_one_line(result, "already in use", str(port))


async def test_second_host_on_the_same_data_directory_is_one_line(
        tmp_path: Path) -> None:
    data = tmp_path / "data"
    first = Host(HostConfig(data_dir=data, host="127.0.0.1", port=0))
    await first.start()
    try:
        result = serve(data)
        assert_one_line(result, "already using", str(data), f"pid {os.getpid()}")
    finally:
        await first.stop()
    again = Host(HostConfig(data_dir=data, host="127.0.0.1", port=0))  # the lock is released
    again.close()


def test_serve_without_flags_runs_with_the_documented_limits(tmp_path: Path) -> None:
    from netcode.cli import build_parser, host_config
    from netcode.server import HostConfig

    config = host_config(build_parser().parse_args(["serve", "--data-dir", str(tmp_path)]))
    defaults = HostConfig(data_dir=tmp_path)
    assert config.lobby_limits == defaults.lobby_limits
    assert config.input_limits == defaults.input_limits
    assert config.login_timeout == defaults.login_timeout
    # (a newcomer reads ssh's host-key question, then types the room's password: 20 s
    # closed one at the password prompt)
    assert defaults.login_timeout >= 60
    flagged = host_config(build_parser().parse_args(
        ["serve", "--data-dir", str(tmp_path), "--max-tables", "7", "--input-rate", "99"]))
    assert flagged.lobby_limits.max_tables == 7 and flagged.input_limits.rate == 99


def test_the_banner_names_the_address_the_host_listens_on(tmp_path: Path) -> None:
    """A host bound to 127.0.0.1 told players to connect to its LAN address, where nothing
    listens; the banner names the address bound, and says it is this machine only. A host
    on every interface names its LAN address (not checked here: the tests use loopback)."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "netcode.cli", "serve", "--host", "127.0.0.1", "--port", "0",
         "--data-dir", str(tmp_path / "data")],
        stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert proc.stdout is not None
        lines = [proc.stdout.readline() for _ in range(4)]
    finally:
        proc.terminate()
        proc.wait(timeout=30)
    assert lines[0].startswith("meldhall is listening on port ")
    port = lines[0].split()[-1]
    assert lines[1].split() == ["players", "connect", "with:", "ssh", "-p", port,
                                "NAME@127.0.0.1"]
    assert "this machine only" in lines[2]
    assert lines[3].startswith("host key fingerprint:  SHA256:")


@pytest.mark.parametrize(("listen", "shown"), [("127.0.0.1", "127.0.0.1"), ("::1", "[::1]"),
                                               ("10.0.0.5", "10.0.0.5")])
def test_connect_address_is_the_bound_address_unless_every_interface(listen: str,
                                                                     shown: str) -> None:
    assert connect_address(listen) == shown
    assert loopback_only(listen) == (listen != "10.0.0.5")
    assert connect_address("0.0.0.0") == lan_address()
