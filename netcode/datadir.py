"""The host's data directory: private, and used by one host at a time.

It holds the host key and the database (player names, hashed reclaim codes, every
table's log), so it is created 0700 and the database 0600, and an existing
directory or database that is looser is tightened at start-up. Two hosts writing
one database would interleave two tables' logs under the same ids, so the first
host holds an exclusive ``flock`` on ``host.lock`` for as long as it runs; the
kernel drops it when the process dies, even by SIGKILL, so a crash never leaves
a stale lock behind.

Every way start-up can fail because of the machine rather than a bug raises
``StartupError`` with one line for the operator; ``meldhall serve`` prints it
instead of a traceback.
"""

from __future__ import annotations

import contextlib
import errno
import fcntl
import logging
import os
import stat
from pathlib import Path

log = logging.getLogger(__name__)

LOCK_NAME = "host.lock"
DB_NAME = "meldhall.sqlite3"
DB_FILES = (DB_NAME, DB_NAME + "-wal", DB_NAME + "-shm")


class StartupError(Exception):
    """The host cannot start; the message is one line telling the operator why."""


class DataDir:
    """An opened, private, locked data directory; ``close`` releases the lock."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock_fd: int | None = None
        try:
            path.mkdir(mode=0o700, parents=True, exist_ok=True)
        except FileExistsError:
            raise StartupError(f"the data directory {path} exists and is not a directory") from None
        except OSError as exc:
            raise StartupError(
                f"cannot create the data directory {path}: {_why(exc)}"
            ) from None
        if not path.is_dir():
            raise StartupError(f"the data directory {path} is not a directory")
        _tighten(path, 0o700)
        self._lock()
        try:
            self._prepare_db()
        except BaseException:
            self.close()
            raise

    @property
    def db_path(self) -> Path:
        return self.path / DB_NAME

    def _lock(self) -> None:
        lock_path = self.path / LOCK_NAME
        try:
            fd = os.open(lock_path, os.O_RDWR | os.O_CREAT, 0o600)
        except OSError as exc:
            raise StartupError(
                f"the data directory {self.path} is not writable: {_why(exc)}"
            ) from None
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError as exc:
            holder = _read_pid(fd)
            os.close(fd)
            if exc.errno in (errno.EWOULDBLOCK, errno.EAGAIN, errno.EACCES):
                who = f" (pid {holder})" if holder else ""
                raise StartupError(
                    f"another meldhall host{who} is already using {self.path}; stop it or "
                    "choose another --data-dir"
                ) from None
            raise StartupError(f"cannot lock {lock_path}: {_why(exc)}") from None
        self._lock_fd = fd
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode(), 0)

    def _prepare_db(self) -> None:
        """Create the database file 0600 before SQLite does (it would use the umask)."""
        db = self.db_path
        try:
            if not db.exists():
                os.close(os.open(db, os.O_WRONLY | os.O_CREAT, 0o600))
            probe = self.path / (LOCK_NAME + ".probe")
            os.close(os.open(probe, os.O_WRONLY | os.O_CREAT, 0o600))
            probe.unlink()
        except OSError as exc:
            raise StartupError(
                f"the data directory {self.path} is not writable: {_why(exc)}"
            ) from None
        for name in DB_FILES:
            if (self.path / name).exists():
                _tighten(self.path / name, 0o600)

    def close(self) -> None:
        if self._lock_fd is not None:
            with contextlib.suppress(OSError):
                fcntl.flock(self._lock_fd, fcntl.LOCK_UN)
            os.close(self._lock_fd)
            self._lock_fd = None


def _tighten(path: Path, mode: int) -> None:
    """Take away any permission beyond ``mode`` (never add one)."""
    try:
        current = stat.S_IMODE(path.stat().st_mode)
        if current & ~mode:
            path.chmod(current & mode)
            log.warning("%s was mode %o; now %o", path, current, current & mode)
    except OSError as exc:
        log.warning("cannot restrict the permissions of %s: %s", path, _why(exc))


def _read_pid(fd: int) -> str:
    with contextlib.suppress(OSError, ValueError):
        text = os.pread(fd, 32, 0).decode().strip()
        if text.isdigit():
            return text
    return ""


def _why(exc: OSError) -> str:
    return exc.strerror or str(exc)
